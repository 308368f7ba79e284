import ExampleModels
import Foundation
import ORMKit

/// Saves numbered object graphs through `Record.save(_:with:)`, each in one transaction, and reports each save.
///
/// Graph `n`: the author `Graph n` (`graph<n>@crash.test`) with a profile and three books (ISBN
/// `GraphShape.isbn(n, book)`), each book with two new readers (card `GraphShape.card(n, reader)`): 1 + 1 + 3
/// + 6 records and 6 links.
struct GraphWriter {
    let path: String
    let options: Database.Options
    /// How many graphs to save; nil: until killed.
    let count: Int?

    /// Opens and migrates the database, then saves graphs until `count` were saved or the process dies.
    ///
    /// - Throws: `DatabaseError` or `MigrationError`.
    func run() throws {
        let db = try Database(path: path, options: options)
        try db.writeWithoutTransaction { conn in try conn.migrate(ExampleSchema.self) }
        let last = try db.read { conn in try Int.fetchOne(conn, sql: GraphShape.lastGraphSQL) } ?? 0
        Report.line("ready \(last)")
        var graph = last + 1
        while count.map({ graph <= last + $0 }) ?? true {
            Report.line("saving \(graph)")
            try save(graph, db)
            Report.line("saved \(graph)")
            graph += 1
        }
        try db.close()
    }

    /// Saves graph `number` with one `save(_:with:)` in one `write` transaction.
    private func save(_ number: Int, _ db: Database) throws {
        var author = Author(name: GraphShape.authorName(number), email: GraphShape.email(number))
        try db.write { conn in
            _ = try author.save(conn, with:
                Author.books.saving(book(number, 0), with: Book.readers.saving([reader(number, 0), reader(number, 1)])),
                Author.books.saving(book(number, 1), with: Book.readers.saving([reader(number, 2), reader(number, 3)])),
                Author.books.saving(book(number, 2), with: Book.readers.saving([reader(number, 4), reader(number, 5)])),
                Author.profile.saving { AuthorProfile(biography: GraphShape.authorName(number), links: [:], authorID: $0) })
        }
    }

    /// Book `book` (0...2) of graph `graph`; the save fills its author.
    private func book(_ graph: Int, _ book: Int) -> Book {
        Book(
            isbn: GraphShape.isbn(graph, book), title: "\(GraphShape.authorName(graph)) book \(book)", tags: [], uid: UUID(),
            shelf: Shelf(row: graph, column: book), color: Color(red: 0, green: 0, blue: 0), authorID: 0)
    }

    /// Reader `reader` (0...5) of graph `graph`, new in that graph.
    private func reader(_ graph: Int, _ reader: Int) -> Reader {
        Reader(cardNumber: GraphShape.card(graph, reader), name: "\(GraphShape.authorName(graph)) reader \(reader)")
    }
}

/// The names and keys of graph `n`'s records. CrashTests spells out the same rules to check them.
enum GraphShape {
    /// `Graph n`.
    static func authorName(_ graph: Int) -> String { "Graph \(graph)" }

    /// `graph<n>@crash.test`.
    static func email(_ graph: Int) -> String { "graph\(graph)@crash.test" }

    /// `8` and `graph * 10 + book` zero-padded to 12 digits (13 characters, as the ISBN check wants).
    static func isbn(_ graph: Int, _ book: Int) -> String {
        let digits = String(graph * 10 + book)
        return "8" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// `1_000_000_000 + graph * 10 + reader`.
    static func card(_ graph: Int, _ reader: Int) -> Int64 { 1_000_000_000 + Int64(graph) * 10 + Int64(reader) }

    /// The highest graph number in the file, or 0.
    static let lastGraphSQL =
        "SELECT coalesce(max(CAST(substr(name, 7) AS INTEGER)), 0) FROM authors WHERE email LIKE 'graph%@crash.test'"
}

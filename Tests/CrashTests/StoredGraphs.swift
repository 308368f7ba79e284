import ExampleModels
import ORMKit

/// The graphs of the graph worker as the reopened file holds them. Graph `n` is the author `Graph n`
/// (`graph<n>@crash.test`) with its profile (biography `Graph n`) and books `isbn(n, 0...2)`, book `b` linked to
/// the readers with cards `card(n, 2b)` and `card(n, 2b + 1)`: the rules of the worker's `GraphShape`.
enum StoredGraphs {
    /// Records and links of one whole graph: author, profile, 3 books, 6 readers, 6 links.
    static let partsPerGraph = 17

    /// `8` and `graph * 10 + book` zero-padded to 12 digits.
    static func isbn(_ graph: Int, _ book: Int) -> String {
        let digits = String(graph * 10 + book)
        return "8" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// `1_000_000_000 + graph * 10 + reader`.
    static func card(_ graph: Int, _ reader: Int) -> Int64 { 1_000_000_000 + Int64(graph) * 10 + Int64(reader) }

    /// What `db` holds: each graph by number (loaded from its author by eager loading, two levels deep), and
    /// the number of graph records and links that hang under no graph author (children without a parent).
    ///
    /// - Throws: `DatabaseError`.
    static func read(_ database: Database) throws -> (graphs: [Int: StoredUnit], orphans: Int) {
        try database.read { db in
            let authors = try Author.filter(Author.email.like("graph%@crash.test"))
                .including(Author.books.including(Book.readers))
                .including(Author.profile)
                .fetchAll(db)
            var graphs: [Int: StoredUnit] = [:]
            var parts = 0
            for author in authors {
                guard let graph = Int(author.name.dropFirst("Graph ".count)) else { continue }
                let (books, profile) = author.related
                var unit = StoredUnit(parts: 1 + (profile == nil ? 0 : 1) + books.count, isComplete: true)
                for book in books { unit.parts += 2 * book.related.count }
                let expectedBooks = Set((0..<3).map { isbn(graph, $0) })
                let booksMatch = Set(books.map(\.record.isbn)) == expectedBooks && books.count == 3
                let readersMatch = books.allSatisfy { book in
                    guard let position = (0..<3).first(where: { isbn(graph, $0) == book.record.isbn }) else { return false }
                    return book.related.map(\.cardNumber).sorted() == [card(graph, 2 * position), card(graph, 2 * position + 1)]
                }
                unit.isComplete = booksMatch && readersMatch && profile?.biography == author.name && author.email == "graph\(graph)@crash.test"
                parts += unit.parts
                graphs[graph] = unit
            }
            return (graphs, try taggedParts(db) - parts)
        }
    }

    /// Every graph record and link in `db`, found by its tags rather than through authors: authors, books
    /// (ISBN `8…`), readers (`Graph …`), profiles (`Graph …`), and the links of graph books. A reader linked to
    /// two books counts twice, as `read` counts it.
    private static func taggedParts(_ db: Connection) throws -> Int {
        let authors = try Author.filter(Author.email.like("graph%@crash.test")).count(db)
        let books = try Book.filter(Book.isbn.like("8%")).count(db)
        let profiles = try AuthorProfile.filter(AuthorProfile.biography.like("Graph %")).count(db)
        let links = try Int.fetchOne(db, sql: "SELECT count(*) FROM book_readers WHERE book_isbn LIKE '8%'") ?? 0
        let readers = try Reader.filter(Reader.name.like("Graph %")).count(db)
        let linkedReaders = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM readers WHERE name LIKE 'Graph %' AND id IN (SELECT reader_id FROM book_readers)") ?? 0
        // `read` counts each link once as a reader and once as a link; an unlinked reader is an orphan.
        return authors + books + profiles + 2 * links + (readers - linkedReaders)
    }
}

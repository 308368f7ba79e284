import ExampleModels
import Foundation
import ORMKit
import Testing

/// App code as a team writes it once: it imports ORMKit only, never names an engine, and takes the database as
/// the engine contract. The test below runs the same compiled functions on every engine.
enum LibraryService {
    /// Registers an author and their first books, all or nothing.
    static func register(_ name: String, email: String, books titles: [String], in db: some DatabaseWriter) async throws -> Author {
        var author = Author(name: name, email: email, rating: 4)
        let books = titles.enumerated().map { index, title in
            Book(
                isbn: "97800001\(10_000 + index)", title: title, tags: [], uid: UUID(),
                shelf: Shelf(row: 1, column: index, room: "A"), color: Color(red: 0, green: 0, blue: 0), authorID: 0
            )
        }
        try await author.save(db, with: Author.books.saving(books))
        return author
    }

    /// How many books each author has, for the authors that have some: a join, a group and a two-column select.
    static func bookCounts(in db: some DatabaseReader) async throws -> [Int64: Int] {
        let rows = try await Book.joining(Book.author).select(Author.id, countAll()).group(by: Author.id).fetchAll(db)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.0, $0.1) })
    }

    /// Renames an author by raw SQL written once for every engine (`$n` parameters).
    static func rename(_ id: Int64, to name: String, in db: some DatabaseWriter) async throws {
        try await db.execute(sql: "UPDATE authors SET name = $2 WHERE id = $1", arguments: [id, name])
    }

    /// The authors rated at least `rating`, best first, one page at a time.
    static func bestRated(atLeast rating: Double, page: Int, in db: some DatabaseReader) async throws -> Page<Author> {
        try await Author.filter(Author.rating >= rating).order(Author.rating.desc, Author.name).page(page, size: 2, in: db)
    }
}

@Suite("Conformance: engine-neutral app code") struct EngineNeutralAppCodeTests {
    @Test(arguments: Backend.allCases) func theSameFunctionsRunOnEveryEngine(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let author = try await LibraryService.register("Neutral", email: "neutral@example.org", books: ["One", "Two"], in: engine.db)
        let id = try #require(author.id)
        #expect(try await LibraryService.bookCounts(in: engine.db)[id] == 2)
        try await LibraryService.rename(id, to: "Renamed", in: engine.db)
        #expect(try await Author.find(engine.db, id)?.name == "Renamed")
        let first = try await LibraryService.bestRated(atLeast: 4, page: 1, in: engine.db)
        #expect(first.items.count == Swift.min(2, first.totalCount))
        #expect(first.items.map(\.rating) == first.items.map(\.rating).sorted(by: >))
        #expect(try await engine.db.schemaVersion() == ExampleSchema.version)
        #expect(try await engine.db.schemaDifferences(ExampleSchema.self).filter { !$0.isTolerated }.isEmpty)
        try await engine.close()
    }
}

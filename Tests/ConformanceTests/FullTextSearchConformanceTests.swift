import ExampleModels
import Foundation
import ORMKit
import Testing

/// Full-text search (`Book`'s `search: { fields: [title, summary], language: english }`) finds, ranks, cuts and
/// keeps in step the same rows on every engine: SQLite's FTS5 table and triggers, PostgreSQL's generated tsvector.
@Suite("Conformance: full-text search") struct FullTextSearchConformanceTests {
    static let guide = "3000000001", cooking = "3000000002", garden = "3000000003", runner = "3000000004"

    /// Four books: "Swift ORM guide", "Cooking with Swift" (swift four times), "Gardening" (no summary),
    /// "Runner's handbook".
    static func seeded(_ backend: Backend) async throws -> Engine? {
        guard let engine = try await Engine.open(backend) else { return nil }
        var author = Author(name: "Search", email: "search@test.org", rating: 3)
        try await author.insert(engine.db)
        func book(_ isbn: String, _ title: String, _ summary: String?) -> Book {
            Book(
                isbn: isbn, title: title, summary: summary, tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
                color: Color(red: 0, green: 0, blue: 0), authorID: author.id ?? 0)
        }
        _ = try await engine.db.insert([
            book(guide, "Swift ORM guide", "Running fast queries with SQLite and PostgreSQL from one schema"),
            book(cooking, "Cooking with Swift", "Swift recipes for busy people: swift dinners, swift lunches"),
            book(garden, "Gardening", nil),
            book(runner, "Runner's handbook", "A guide to running long distances"),
        ])
        return engine
    }

    static func isbns(_ text: String, _ db: some DatabaseReader) async throws -> [String] {
        try await Book.matching(text).fetchAll(db).map(\.isbn)
    }

    @Test(arguments: Backend.allCases) func wordsMatchAsTheLanguageFindsThemBestFirst(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        // Every word must match, in any searched field, whatever its case; English stems match ("run", "running").
        #expect(try await Set(Self.isbns("running", db)) == [Self.guide, Self.runner])
        #expect(try await Set(Self.isbns("RUN", db)) == [Self.guide, Self.runner])
        #expect(try await Self.isbns("swift sqlite", db) == [Self.guide])
        #expect(try await Self.isbns("gardening", db) == [Self.garden])
        #expect(try await Self.isbns("tennis", db) == [])
        // Best first: "Cooking with Swift" says swift four times.
        #expect(try await Self.isbns("swift", db) == [Self.cooking, Self.guide])
        let ranks = try await Book.matching("swift").select(Book.isbn, Book.searchRank).fetchAll(db)
        #expect(ranks.map(\.0) == [Self.cooking, Self.guide])
        #expect(ranks[0].1 > ranks[1].1 && ranks[1].1 > 0)
        // Composes with filters, explicit order, limits, counts, pages, exists, eager loading.
        #expect(try await Book.matching("swift").filter(Book.title.like("Swift%")).fetchAll(db).map(\.isbn) == [Self.guide])
        #expect(try await Book.filter(Book.title.like("Swift%")).matching("swift").fetchAll(db).map(\.isbn) == [Self.guide])
        #expect(try await Book.matching("swift").order(Book.title).fetchAll(db).map(\.isbn) == [Self.cooking, Self.guide])
        #expect(try await Book.matching("swift").limit(1, offset: 1).fetchAll(db).map(\.isbn) == [Self.guide])
        #expect(try await Book.matching("swift").count(db) == 2)
        #expect(try await Book.matching("guide").exists(db))
        #expect(try await !Book.matching("tennis").exists(db))
        let page = try await Book.matching("swift").page(2, size: 1, in: db)
        #expect(page.items.map(\.isbn) == [Self.guide] && page.totalCount == 2)
        let withAuthors = try await Book.matching("swift").including(Book.author).fetchAll(db)
        #expect(withAuthors.map(\.record.isbn) == [Self.cooking, Self.guide] && withAuthors.map(\.related.name) == ["Search", "Search"])
        try await engine.close()
    }

    /// What a user types is words: quotes, operators, parentheses and punctuation never reach the engine's query
    /// syntax, and text without words matches nothing.
    @Test(arguments: Backend.allCases) func userInputIsTakenAsWords(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        for text in ["(swift", "swift)", "\"swift", "swift*", "-swift", "swift'", "swift:", "^swift", "{swift}", "swift\0"] {
            #expect(try await Set(Self.isbns(text, db)) == [Self.cooking, Self.guide], "\(text.debugDescription)")
        }
        for text in ["", "   ", "\"", "'", "(", ")", "*", "\"\"", "()", "-", ":", "\0", "'; DROP TABLE books; --", "NEAR(tennis court)"] {
            #expect(try await Self.isbns(text, db) == [], "\(text.debugDescription)")
            #expect(try await Book.matching(text).count(db) == 0, "\(text.debugDescription)")
        }
        #expect(try await Book.filter(Book.isbn.like("300000000%")).count(db) == 4)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func snippetsAndHighlightsMarkTheMatches(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        let rows = try await Book.matching("running").filter(Book.isbn == Self.guide)
            .select(Book.summary.snippet(words: 4, start: "<b>", end: "</b>"), Book.title.highlighted(start: "<", end: ">"))
            .fetchAll(db)
        let row = try #require(rows.first)
        #expect(row.0.contains("<b>Running</b>"), "\(row.0)")
        #expect(row.0.split(separator: " ").count <= 4, "\(row.0)")
        #expect(row.1 == "Swift ORM guide")
        let titles = try await Book.matching("swift").select(Book.title.highlighted(start: "<", end: ">")).fetchAll(db)
        #expect(titles == ["Cooking with <Swift>", "<Swift> ORM guide"])
        // A NULL field gives an empty snippet.
        #expect(try await Book.matching("gardening").select(Book.summary.snippet()).fetchAll(db) == [""])
        // A snippet needs the request's search, of a searched field.
        await #expect(throws: DatabaseError.self) { try await Book.all().select(Book.summary.snippet()).fetchAll(db) }
        await #expect(throws: DatabaseError.self) { try await Book.matching("swift").select(Book.isbn.snippet()).fetchAll(db) }
        await #expect(throws: DatabaseError.self) { try await Book.all().select(Book.searchRank).fetchAll(db) }
        try await engine.close()
    }

    /// Inserts, updates, upserts and deletes keep the index in step (SQLite's triggers; PostgreSQL's generated column).
    @Test(arguments: Backend.allCases) func writesKeepTheIndexInStep(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        var garden = try #require(try await Book.find(db, Self.garden))
        garden.summary = "Tomatoes and swift growing herbs"
        try await garden.update(db)
        #expect(try await Set(Self.isbns("swift", db)) == [Self.cooking, Self.guide, Self.garden])
        #expect(try await Self.isbns("tomato", db) == [Self.garden])
        try await Book.filter(Book.isbn == Self.garden).updateAll(db, Book.title.set(to: "Orchards"))
        #expect(try await Self.isbns("orchard tomatoes", db) == [Self.garden])
        #expect(try await Self.isbns("gardening", db) == [])
        garden = try #require(try await Book.find(db, Self.garden))
        garden.summary = nil
        try await garden.upsert(db)
        #expect(try await Self.isbns("tomato", db) == [])
        try await Book.matching("swift").filter(Book.isbn == Self.cooking).deleteAll(db)
        #expect(try await Self.isbns("swift", db) == [Self.guide])
        #expect(try await Book.filter(Book.isbn.like("300000000%")).count(db) == 3)
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
        try await engine.close()
    }
}

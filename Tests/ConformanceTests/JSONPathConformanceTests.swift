import ExampleModels
import Foundation
import ORMKit
import Testing

/// Typed JSON paths (`Book.metadata`, a `BookMetadata?` stored as JSON) select, sort, read and write the same
/// values on every engine: SQLite's `json_extract`/`json_each`/`json_set`, PostgreSQL's `#>>`/`@>`/`jsonb_set`.
@Suite("Conformance: JSON paths") struct JSONPathConformanceTests {
    static let oslo = BookMetadata(
        publisher: Publisher(name: "Gyldendal", city: "Oslo", founded: 1770), edition: 2, keywords: ["sf", "classic"],
        printings: [Printing(year: 1990, copies: 1000, isSigned: true), Printing(year: 2001, copies: 500)],
        firstPublished: Date(timeIntervalSinceReferenceDate: -347_155_200.25), prices: ["EUR": 20.5, "NOK": 200],
        printingsByMarket: ["NO": Printing(year: 1990, copies: 1000, isSigned: true), "SE": Printing(year: 1995, copies: 10)])
    static let london = BookMetadata(
        publisher: Publisher(name: "Penguin", city: "London", founded: nil), edition: 1, keywords: ["history"],
        printings: [Printing(year: 2010, copies: 3000)], firstPublished: nil, prices: [:])
    /// Quotes, a backslash and an operator in a value: bound, never part of the SQL. Its prices are under keys a
    /// JSON path could not spell or JSONEncoder escapes (`/` as `\/`).
    static let hostile = BookMetadata(
        publisher: Publisher(name: "O'Hara \"&\\ ) OR 1=1 --", city: "'; DROP TABLE books; --", founded: 0), edition: 3,
        keywords: [], printings: [], firstPublished: Date(timeIntervalSinceReferenceDate: 0), prices: hostilePrices,
        printingsByMarket: [:])
    static let hostilePrices: [String: Double] = [
        "a\"b": 1, "EUR/USD": 2, "x.y": 3, "": 4, "é 😀": 5, "'; DROP TABLE books; --": 6, "back\\slash": 7, "$.EUR": 8, "tab\t": 9,
    ]

    /// Books "A" (Oslo), "B" (London), "C" (hostile strings), "D" (no metadata).
    static func seeded(_ backend: Backend) async throws -> Engine? {
        guard let engine = try await Engine.open(backend) else { return nil }
        var author = Author(name: "Paths", email: "paths@test.org", rating: 3)
        try await author.insert(engine.db)
        func book(_ isbn: String, _ title: String, _ metadata: BookMetadata?, tags: [String]) -> Book {
            Book(
                isbn: isbn, title: title, tags: tags, metadata: metadata, uid: UUID(), shelf: Shelf(row: 1, column: 1),
                color: Color(red: 0, green: 0, blue: 0), authorID: author.id ?? 0)
        }
        _ = try await engine.db.insert([
            book("2000000001", "A", oslo, tags: ["sf"]),
            book("2000000002", "B", london, tags: ["history", "sf"]),
            book("2000000003", "C", hostile, tags: []),
            book("2000000004", "D", nil, tags: []),
        ])
        return engine
    }

    static func titles(_ condition: QueryExpression<Bool>, _ db: some DatabaseReader) async throws -> [String] {
        try await Book.filter(condition && Book.isbn.like("200000000%")).order(Book.title).fetchAll(db).map(\.title)
    }

    @Test(arguments: Backend.allCases) func pathsCompareAsTheirLeafType(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        let metadata = Book.metadata
        #expect(try await Self.titles(metadata.publisher.city == "Oslo", db) == ["A"])
        #expect(try await Self.titles(metadata.publisher.city == Self.hostile.publisher.city, db) == ["C"])
        #expect(try await Self.titles(metadata.publisher.name == Self.hostile.publisher.name, db) == ["C"])
        // SQL's three-valued logic: a book without metadata is neither "Oslo" nor not "Oslo".
        #expect(try await Self.titles(metadata.publisher.city != "Oslo", db) == ["B", "C"])
        #expect(try await Self.titles(metadata.edition >= 2, db) == ["A", "C"])
        #expect(try await Self.titles(metadata.edition.in([1, 3]), db) == ["B", "C"])
        #expect(try await Self.titles(metadata.edition.between(1, and: 2), db) == ["A", "B"])
        // An absent optional member and an absent document are both NULL.
        #expect(try await Self.titles(metadata.publisher.founded == nil, db) == ["B", "D"])
        #expect(try await Self.titles(metadata.publisher.founded > 100, db) == ["A"])
        #expect(try await Self.titles(metadata.isNull, db) == ["D"])
        // Dates are JSONEncoder's numbers (seconds since 2001), compared exactly, fractions included.
        #expect(try await Self.titles(metadata.firstPublished == Self.oslo.firstPublished, db) == ["A"])
        #expect(try await Self.titles(metadata.firstPublished < Date(timeIntervalSinceReferenceDate: 0), db) == ["A"])
        #expect(try await Self.titles(metadata.firstPublished >= Date(timeIntervalSinceReferenceDate: 0), db) == ["C"])
        // Composed with other filters, counts and pages.
        #expect(try await Book.filter(metadata.edition >= 1 && Book.title != "C").count(db) == 2)
        let page = try await Book.filter(metadata.edition >= 1 && Book.isbn.like("200000000%")).order(metadata.edition.desc).page(1, size: 2, in: db)
        #expect(page.items.map(\.title) == ["C", "A"] && page.totalCount == 3)
        try await engine.close()
    }

    /// On one SQLite connection, a query whose shape ran before takes its SQL from the connection's cache of
    /// rendered SQL: each run binds its own values, and shapes whose pieces have the same lengths (`city` and
    /// `name`, `title` and `genre`) keep their own SQL.
    @Test func repeatedShapesOnOneConnectionBindTheirOwnValuesAndKeepTheirOwnSQL() async throws {
        guard let engine = try await Self.seeded(.sqlite), case .sqlite(let db, _) = engine.storage else { return }
        let metadata = Book.metadata
        let statements = StatementLog()
        db.trace { statements.append($0.sql) }
        let runs = try await db.read { conn in
            func titles(_ condition: QueryExpression<Bool>, by ordering: any OrderingTerm = Book.title) throws -> [String] {
                try Book.filter(condition && Book.isbn.like("200000000%")).order(ordering).fetchAll(conn).map(\.title)
            }
            return try (0..<2).map { _ in
                [
                    try titles(metadata.publisher.city == "Oslo"), try titles(metadata.publisher.city == "London"),
                    try titles(metadata.publisher.name == "Penguin"), try titles(metadata.publisher.name == "Oslo"),
                    try titles(metadata.edition >= 1, by: Book.title.desc), try titles(metadata.edition >= 2),
                ]
            }
        }
        for run in runs { #expect(run == [["A"], ["B"], ["B"], [], ["C", "B", "A"], ["A", "C"]]) }
        db.trace(nil)
        let selects = Set(statements.statements.filter { $0.hasPrefix("SELECT") })
        #expect(selects.count == 4)
        #expect(selects.contains { $0.contains("'$.publisher.city'") })
        #expect(selects.contains { $0.contains("'$.publisher.name'") })
        try await engine.close()
    }

    /// On every engine, through the contract: a query whose shape ran before takes its SQL from the engine's cache
    /// (SQLite: each connection's rendered SQL; PostgreSQL: the process's statements by shape), binds its own values,
    /// and shapes whose pieces have the same lengths (`city` and `name`, ascending and descending) keep their own SQL.
    @Test(arguments: Backend.allCases) func repeatedShapesBindTheirOwnValuesOnEveryEngine(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        let metadata = Book.metadata
        let (runs, selects) = try await engine.selects {
            var runs: [[[String]]] = []
            for _ in 0..<2 {
                runs.append([
                    try await Self.titles(metadata.publisher.city == "Oslo", db),
                    try await Self.titles(metadata.publisher.city == "London", db),
                    try await Self.titles(metadata.publisher.name == "Penguin", db),
                    try await Self.titles(metadata.publisher.name == "Oslo", db),
                    try await Book.filter(metadata.edition >= 1 && Book.isbn.like("200000000%")).order(Book.title.desc)
                        .fetchAll(db).map(\.title),
                    try await Self.titles(metadata.edition >= 2, db),
                ])
            }
            return runs
        }
        for run in runs { #expect(run == [["A"], ["B"], ["B"], [], ["C", "B", "A"], ["A", "C"]]) }
        let distinct = Set(selects)
        #expect(distinct.count == 4)
        #expect(distinct.contains { $0.contains("city") })
        #expect(distinct.contains { $0.contains("DESC") })
        #expect(selects.count == 12)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func arraysMatchByElementAndByCondition(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        #expect(try await Self.titles(Book.tags.contains("sf"), db) == ["A", "B"])
        #expect(try await Self.titles(Book.tags.contains("s"), db) == [])
        #expect(try await Self.titles(Book.metadata.keywords.contains("classic"), db) == ["A"])
        // A book without metadata holds no keyword: `!contains` keeps it.
        #expect(try await Self.titles(!Book.metadata.keywords.contains("classic"), db) == ["B", "C", "D"])
        #expect(try await Self.titles(!Book.metadata.printings.contains { $0.year > 0 }, db) == ["C", "D"])
        #expect(try await Self.titles(Book.metadata.printings.contains { $0.year >= 2000 }, db) == ["A", "B"])
        #expect(try await Self.titles(Book.metadata.printings.contains { $0.year >= 2000 && $0.copies < 1000 }, db) == ["A"])
        #expect(try await Self.titles(Book.metadata.printings.contains { $0.isSigned == true }, db) == ["A"])
        // Two conditions on the same element, not on two elements: A's signed printing is from 1990.
        #expect(try await Self.titles(Book.metadata.printings.contains { $0.isSigned == true && $0.year > 2000 }, db) == [])
        // Through a relation: authors with a book printed in Oslo.
        let authors = try await Author.filter(Author.books.any(Book.metadata.publisher.city == "Oslo")).fetchAll(db)
        #expect(authors.map(\.name) == ["Paths"])
        #expect(try await Author.filter(Author.books.any(Book.metadata.publisher.city == "Bergen")).count(db) == 0)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func pathsSortSelectAndAssign(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        let byTitle = Book.filter(Book.isbn.like("200000000%")).order(Book.title)
        #expect(try await byTitle.select(Book.metadata.publisher.city).fetchAll(db) == ["Oslo", "London", Self.hostile.publisher.city, nil])
        #expect(try await byTitle.select(Book.metadata.firstPublished).fetchAll(db) == [Self.oslo.firstPublished, nil, Self.hostile.firstPublished, nil])
        #expect(try await Book.filter(Book.metadata.edition != nil).order(Book.metadata.publisher.city).fetchAll(db).map(\.title) == ["C", "B", "A"])

        // One member, leaving the rest of the document as it was.
        #expect(try await Book.filter(Book.title == "A").updateAll(db, Book.metadata.publisher.city.set(to: "Bergen")) == 1)
        var expected = Self.oslo
        expected.publisher.city = "Bergen"
        #expect(try await Book.filter(Book.title == "A").fetchOne(db)?.metadata == expected)
        // A whole object, and a member declared optional set to nil.
        let bokklubben = Publisher(name: "Bokklubben", city: "Oslo", founded: nil)
        #expect(try await Book.filter(Book.title == "B").updateAll(db, Book.metadata.publisher.set(to: bokklubben), Book.metadata.edition.set(to: 4)) == 1)
        expected = Self.london
        expected.publisher = bokklubben
        expected.edition = 4
        #expect(try await Book.filter(Book.title == "B").fetchOne(db)?.metadata == expected)
        #expect(try await Book.filter(Book.title == "C").updateAll(db, Book.metadata.publisher.founded.set(to: nil)) == 1)
        #expect(try await Book.filter(Book.title == "C").fetchOne(db)?.metadata?.publisher.founded == nil)
        // A book without metadata stays without: a path never creates a partial document.
        #expect(try await Book.filter(Book.title == "D").updateAll(db, Book.metadata.publisher.city.set(to: "Oslo")) == 1)
        #expect(try await Book.filter(Book.title == "D").fetchOne(db)?.metadata == nil)
        // nil for a member the embeddable declares non-optional would leave an unreadable document: refused.
        await #expect(throws: DatabaseError.self) {
            try await Book.all().updateAll(db, Book.metadata.edition.set(to: nil))
        }
        #expect(try await Book.filter(Book.title == "B").fetchOne(db)?.metadata?.edition == 4)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func dictionaryEntriesAreReadByKey(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let db = engine.db
        let prices = Book.metadata.prices
        #expect(try await Self.titles(prices["EUR"] > 20, db) == ["A"])
        #expect(try await Self.titles(prices["NOK"] == 200, db) == ["A"])
        #expect(try await Self.titles(prices["NOK"] == 20.5, db) == [])
        // An absent key, an empty dictionary and an absent document all read nil.
        #expect(try await Self.titles(prices["EUR"] == nil, db) == ["B", "C", "D"])
        #expect(try await Self.titles(prices["eur"] != nil, db) == [])
        // Every key is bound as it is: quotes, dots, slashes, `$`, emoji, the empty string.
        for (key, price) in Self.hostilePrices {
            #expect(try await Self.titles(prices[key] == price, db) == ["C"], "key \(key.debugDescription)")
        }
        #expect(try await Self.titles(prices["a"] != nil, db) == [])
        // Sorted and selected; an entry of an object has the object's members.
        let byTitle = Book.filter(Book.isbn.like("200000000%")).order(Book.title)
        #expect(try await byTitle.select(prices["EUR"]).fetchAll(db) == [20.5, nil, nil, nil])
        #expect(try await byTitle.select(prices["EUR/USD"], prices["x.y"]).fetchAll(db).map { [$0.0, $0.1] } == [[nil, nil], [nil, nil], [2, 3], [nil, nil]])
        let markets = Book.metadata.printingsByMarket
        #expect(try await Self.titles(markets["NO"].year == 1990 && markets["NO"].isSigned == true, db) == ["A"])
        #expect(try await Self.titles(markets["SE"].year > 1990, db) == ["A"])
        #expect(try await Self.titles(markets["DK"].year > 0, db) == [])
        #expect(try await Book.filter(prices["EUR"] != nil || markets["SE"].isNotNull).order(markets["SE"].copies.desc, Book.title).fetchAll(db).map(\.title) == ["A"])
        // Composed with counts and relations.
        #expect(try await Book.filter(prices["EUR"] > 0 || prices["x.y"] > 0).count(db) == 2)
        #expect(try await Author.filter(Author.books.any(prices["$.EUR"] == 8)).fetchAll(db).map(\.name) == ["Paths"])
        // An entry is not assigned by itself: the dictionary is.
        await #expect(throws: DatabaseError.self) {
            try await Book.filter(Book.title == "A").updateAll(db, prices["EUR"].set(to: 1))
        }
        #expect(try await Book.filter(Book.title == "A").updateAll(db, prices.set(to: ["EUR": 1])) == 1)
        #expect(try await Book.filter(Book.title == "A").fetchOne(db)?.metadata?.prices == ["EUR": 1])
        try await engine.close()
    }

    /// The index the schema declares on `metadata.publisher.city` serves the path's comparisons: the query renders
    /// the index's expression, and the engine's plan for that expression uses the index.
    @Test(arguments: Backend.allCases) func thePathIndexServesThePathsComparisons(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let (books, selects) = try await engine.selects { try await Self.titles(Book.metadata.publisher.city == "Oslo", engine.db) }
        #expect(books == ["A"])
        let plan: [String]
        switch engine.storage {
        case .sqlite(let db, _):
            let expression = #"json_extract("books"."metadata", '$.publisher.city')"#
            #expect(selects.contains { $0.contains(expression) }, "\(selects)")
            plan = try await Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT * FROM books WHERE \(expression) = 'Oslo'") { $0.string(at: 3) }
            #expect(plan.contains { $0.contains("USING INDEX books_metadata_publisher_city") }, "\(plan)")
        #if PostgreSQL
        case .postgresql(let db, _):
            let expression = #"("books"."metadata" #>> '{"publisher","city"}')"#
            #expect(selects.contains { $0.contains(expression) }, "\(selects)")
            plan = try await db.transaction { tx in
                try await tx.execute(sql: "SET LOCAL enable_seqscan = off")
                return try await String.fetchAll(tx, sql: "EXPLAIN SELECT * FROM books WHERE \(expression) = 'Oslo'")
            }
            #expect(plan.contains { $0.contains("books_metadata_publisher_city") }, "\(plan)")
        #endif
        }
        try await engine.close()
    }
}

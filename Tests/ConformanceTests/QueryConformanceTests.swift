import ExampleModels
import Foundation
import ORMKit
import Testing

/// The query builder, aggregates, pagination and raw SQL select the same rows on every engine.
@Suite("Conformance: queries") struct QueryConformanceTests {
    /// The authors the tests insert (the schema's seed rows are there too).
    static let mine = Author.filter(Author.email.like("%@test.org"))

    /// Ten authors: rating i % 5 + 0.5, names "Author 1"…"Author 10"; "Zed" has no nickname.
    static func seeded(_ backend: Backend) async throws -> Engine? {
        guard let engine = try await Engine.open(backend) else { return nil }
        let authors = (1...10).map { index in
            Author(name: "Author \(index)", email: "a\(index)@test.org", rating: Double(index % 5) + 0.5, nickname: index == 10 ? nil : "n\(index)")
        }
        _ = try await engine.db.insert(authors)
        return engine
    }

    @Test(arguments: Backend.allCases) func filtersOrdersAndLimits(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let top = try await Self.mine.filter(Author.rating >= 3).order(Author.rating.desc, Author.name).limit(3).fetchAll(engine.db)
        #expect(top.map(\.name) == ["Author 4", "Author 9", "Author 3"])
        let offset = try await Self.mine.order(Author.name).limit(2, offset: 1).fetchAll(engine.db)
        #expect(offset.map(\.name) == ["Author 10", "Author 2"])
        #expect(try await Self.mine.filter(Author.nickname == nil).fetchAll(engine.db).map(\.name) == ["Author 10"])
        #expect(try await Self.mine.filter(Author.name.like("author 1%")).count(engine.db) == 2)
        #expect(try await Self.mine.filter(Author.rating.between(1, and: 2)).count(engine.db) == 2)
        #expect(try await Self.mine.filter(Author.rating.in([0.5, 4.5])).count(engine.db) == 4)
        #expect(try await Self.mine.filter(Author.rating > 4).exists(engine.db))
        #expect(try await !Self.mine.filter(Author.rating > 5).exists(engine.db))
        #expect(try await Self.mine.order(Author.rating, Author.name).fetchOne(engine.db)?.name == "Author 10")
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aggregatesAndPages(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        #expect(try await Self.mine.aggregate(engine.db, sum(Author.rating)) == 25)
        #expect(try await Self.mine.aggregate(engine.db, average(Author.rating)) == 2.5)
        #expect(try await Self.mine.aggregate(engine.db, min(Author.rating)) == 0.5)
        #expect(try await Self.mine.filter(Author.rating > 100).aggregate(engine.db, max(Author.rating)) == nil)
        #expect(try await Self.mine.aggregate(engine.db, count(distinct: Author.rating)) == 5)
        #expect(try await Self.mine.aggregate(engine.db, countAll()) == 10)
        let page = try await Self.mine.order(Author.name).page(2, size: 4, in: engine.db)
        #expect(page.items.map(\.name) == ["Author 4", "Author 5", "Author 6", "Author 7"])
        #expect(page.totalCount == 10 && page.pageCount == 3)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func updateAllAndDeleteAll(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let changed = try await Self.mine.filter(Author.rating < 1).updateAll(engine.db, Author.rating.set(to: Author.rating + 1))
        #expect(changed == 2)
        #expect(try await Self.mine.filter(Author.rating == 1.5).count(engine.db) == 4)
        #expect(try await Self.mine.filter(Author.rating == 1.5).deleteAll(engine.db) == 4)
        #expect(try await Self.mine.order(Author.name).limit(2).deleteAll(engine.db) == 2)
        #expect(try await Self.mine.count(engine.db) == 4)
        try await engine.close()
    }

    /// The same refusals on every engine: an unstorable value in `set(to:)` (what an insert of it throws), no
    /// assignment, a column of another table; nothing changes.
    @Test(arguments: Backend.allCases) func updateAllRefusesWhatAnInsertRefuses(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let tooPrecise = try #require(Decimal(string: "1.005"))
        let refused = await #expect(throws: DatabaseError.self) {
            try await Payment.all().updateAll(engine.db, Payment.amount.set(to: tooPrecise))
        }
        #expect(refused?.kind == .encoding)
        #expect(refused?.column == "amount")
        // A filter on the value refuses it the same way, instead of comparing with another value.
        let filtered = await #expect(throws: DatabaseError.self) {
            try await Payment.filter(Payment.amount > tooPrecise).count(engine.db)
        }
        #expect(filtered?.kind == .encoding && filtered?.message == refused?.message)
        #expect(filtered?.table == "payments" && filtered?.column == "amount")
        let empty = await #expect(throws: DatabaseError.self) { try await Self.mine.updateAll(engine.db) }
        #expect(empty?.kind == .misuse)
        let foreign = await #expect(throws: DatabaseError.self) {
            try await Self.mine.updateAll(engine.db, Book.title.set(to: "x"))
        }
        #expect(foreign?.kind == .misuse)
        #expect(try await Self.mine.filter(Author.rating == 1.5).count(engine.db) == 2)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func rawSQLWithArguments(_ backend: Backend) async throws {
        guard let engine = try await Self.seeded(backend) else { return }
        let authors = try await Author.fetchAll(engine.db, sql: "SELECT id, name, email, born, rating, nick_name, is_active, website FROM authors WHERE name <> $2 AND email LIKE $3 AND rating > $1 ORDER BY name", arguments: [3.0, "Author 4", "%@test.org"])
        #expect(authors.map(\.name) == ["Author 3", "Author 8", "Author 9"])
        #expect(try await Int.fetchOne(engine.db, sql: "SELECT COUNT(*) FROM authors WHERE name LIKE $1", arguments: ["Author 1%"]) == 2)
        try await engine.close()
    }
}

/// Errors carry the same kinds on every engine.
@Suite("Conformance: errors") struct ErrorConformanceTests {
    @Test(arguments: Backend.allCases) func constraintViolationsAreClassified(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var ann = Author(name: "Ann", email: "ann@example.org")
        try await ann.insert(engine.db)
        var duplicate = Author(name: "Ann 2", email: "ann@example.org")
        let unique = await #expect(throws: DatabaseError.self) { try await duplicate.insert(engine.db) }
        #expect(unique?.isUniqueViolation == true)
        #expect(unique?.isConstraintViolation == true)

        var outOfRange = Author(name: "Bad", email: "bad@example.org", rating: 9)
        let check = await #expect(throws: DatabaseError.self) { try await outOfRange.insert(engine.db) }
        #expect(check?.isCheckViolation == true)

        let orphan = Book(
            isbn: "9780000000002", title: "Orphan", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1, room: "A"),
            color: Color(red: 0, green: 0, blue: 0), authorID: 424_242
        )
        let foreignKey = await #expect(throws: DatabaseError.self) { try await orphan.insert(engine.db) }
        #expect(foreignKey?.isForeignKeyViolation == true)
        #if PostgreSQL
        if backend.isPostgreSQL {
            #expect(unique?.sqlState == "23505")
            #expect(unique?.constraint == "authors_email_key")
            #expect(unique?.table == "authors")
            #expect(foreignKey?.sqlState == "23503")
        }
        #endif
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aWrongTypeIsADecodingErrorNamingTheColumn(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var ann = Author(name: "Ann", email: "ann@example.org")
        try await ann.insert(engine.db)
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await Int.fetchOne(engine.db, sql: "SELECT name FROM authors")
        }
        #expect(error?.kind == .decoding)
        #expect(error?.column == "name")
        try await engine.close()
    }
}

/// A record that fails to decode names its table, column and primary key on every engine.
@Suite("Conformance: decoding errors name the record's key") struct RecordKeyConformanceTests {
    @Test(arguments: Backend.allCases) func aMalformedColorNamesTheBooksKey(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var author = Author(name: "Key", email: "key@example.org")
        try await author.insert(engine.db)
        let book = Book(
            isbn: "9780000000077", title: "Bad color", tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1, room: "A"),
            color: Color(red: 0, green: 0, blue: 0), authorID: try #require(author.id)
        )
        try await book.insert(engine.db)
        try await engine.db.execute(sql: "UPDATE books SET color = $1 WHERE isbn = $2", arguments: ["no color", book.isbn])
        let error = await #expect(throws: DatabaseError.self) { try await Book.find(engine.db, book.isbn) }
        #expect(error?.kind == .decoding)
        #expect(error?.table == "books")
        #expect(error?.column == "color")
        #expect(error?.recordKey == "isbn = '9780000000077'")
        try await engine.close()
    }
}

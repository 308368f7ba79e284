import ExampleModels
import ORMKit
import Testing

/// Joins and relation filters that name the same table twice: two relations to `authors`, and `Reader.referrer`
/// (a relation from `readers` to `readers`).
@Suite struct AliasedJoinTests {
    /// Ann writes "Cosmos" (translated by Bob) and "Odes" (untranslated); Bob writes "Rome" (translated by Ann).
    /// Reader 2 was referred by reader 1, reader 3 by reader 2.
    private func library() throws -> LibraryDatabase {
        let library = try LibraryDatabase()
        try library.db.write { conn in
            var ann = Author(name: "Ann", email: "ann@example.org")
            var bob = Author(name: "Bob", email: "bob@example.org")
            try ann.insert(conn)
            try bob.insert(conn)
            let annID = try #require(ann.id)
            let bobID = try #require(bob.id)
            var cosmos = Sample.book(1, authorID: annID, genre: .science, title: "Cosmos")
            cosmos.translatorID = bobID
            var rome = Sample.book(3, authorID: bobID, genre: .history, title: "Rome")
            rome.translatorID = annID
            try Book.insert(conn, contentsOf: [cosmos, Sample.book(2, authorID: annID, genre: .poetry, title: "Odes"), rome])
            var first = Sample.reader(1)
            try first.insert(conn)
            var second = Sample.reader(2)
            second.referrerID = first.id
            try second.insert(conn)
            var third = Sample.reader(3)
            third.referrerID = second.id
            try third.insert(conn)
        }
        return library
    }

    @Test func twoJoinsToTheSameTable() async throws {
        let library = try library()
        let db = library.db
        let request = Book.joining(Book.author).joining(Book.translator)
        // `Author.name` is the first join to authors (the author); the translator is reached through its relation.
        let rows: [(String, String, String)] = try await request
            .select(Book.title, Author.name, Book.translator.column(Author.name))
            .order(Book.title)
            .fetchAll(db)
        #expect(rows.map(\.0) == ["Cosmos", "Rome"])
        #expect(rows.map(\.1) == ["Ann", "Bob"])
        #expect(rows.map(\.2) == ["Bob", "Ann"])
        #expect(try await request.filter(Book.translator.column(Author.name) == "Ann").fetchAll(db).map(\.title) == ["Rome"])
        #expect(try await request.filter(Author.name == "Ann").fetchAll(db).map(\.title) == ["Cosmos"])
        #expect(try await request.filter(Book.author.column(Author.name) == "Ann").count(db) == 1)
        // Joined the other way round, the translator keeps the table's name.
        let reversed = Book.joining(Book.translator).joining(Book.author)
        #expect(try await reversed.filter(Author.name == "Ann").fetchAll(db).map(\.title) == ["Rome"])
        #expect(try await reversed.filter(Book.author.column(Author.name) == "Ann").fetchAll(db).map(\.title) == ["Cosmos"])
        // Joining a relation twice changes nothing.
        #expect(try await Book.joining(Book.author).joining(Book.author).count(db) == 3)
    }

    @Test func selfJoin() async throws {
        let library = try library()
        let db = library.db
        let pairs: [(String, String)] = try await Reader.joining(Reader.referrer)
            .select(Reader.name, Reader.referrer.column(Reader.name))
            .order(Reader.name)
            .fetchAll(db)
        #expect(pairs.map(\.0) == ["Reader 2", "Reader 3"])
        #expect(pairs.map(\.1) == ["Reader 1", "Reader 2"])
        let referredByFirst = try await Reader.joining(Reader.referrer)
            .filter(Reader.referrer.column(Reader.name) == "Reader 1")
            .fetchAll(db)
        #expect(referredByFirst.map(\.name) == ["Reader 2"])
    }

    @Test func anyOnASelfRelation() async throws {
        let library = try library()
        let db = library.db
        // Plain columns keep meaning the owner; the relation's column means the referrer.
        #expect(try await Reader.filter(Reader.referrer.any()).order(Reader.name).fetchAll(db).map(\.name) == ["Reader 2", "Reader 3"])
        #expect(try await Reader.filter(Reader.referrer.any(Reader.referrer.column(Reader.name) == "Reader 2")).fetchAll(db).map(\.name)
            == ["Reader 3"])
        #expect(try await Reader.filter(!Reader.referrer.any()).fetchAll(db).map(\.name) == ["Reader 1"])
        #expect(try await Reader.filter(Reader.referrer.any(Reader.name == "Reader 2")).fetchAll(db).map(\.name) == ["Reader 2"])
    }

    @Test func aliasesAreDeterministicSoTheStatementCacheHits() async throws {
        let library = try library()
        let db = library.db
        let (_, traced) = try await library.countingStatements {
            for name in ["Ann", "Bob", "Cy"] {
                _ = try await Book.joining(Book.author).joining(Book.translator)
                    .filter(Book.translator.column(Author.name) == name)
                    .fetchAll(db)
            }
        }
        let statements = traced.filter { $0.hasPrefix("SELECT") }  // each async read also begins and commits
        #expect(statements.count == 3)
        #expect(Set(statements).count == 1)
        let sql = try #require(statements.first)
        #expect(sql.contains(#"JOIN "authors" ON"#))
        #expect(sql.contains(#"JOIN "authors" AS "books.translator" ON"#))
        #expect(sql.contains(#""books.translator"."name""#))
    }

    @Test func aRelationColumnOutsideItsJoinIsAnSQLiteError() async throws {
        let library = try library()
        await #expect(throws: DatabaseError.self) {
            try await Book.filter(Book.translator.column(Author.name) == "Ann").fetchAll(library.db)
        }
    }
}

import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

/// The checked-in `library-v1.sqlite` (made from Fixtures/schema-v1) upgraded to `schema/` (version 3).
@Suite("Upgrade from the version-1 fixture")
struct UpgradeFixtureTests {
    static let hooks: [String: MigrationHook] = [
        "backfillReaderTokens": { db in
            try await db.execute(sql: "UPDATE readers SET token = randomblob(16) WHERE token = zeroblob(16)")
        },
    ]

    @Test func upgradesEveryStepAndKeepsTheData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try Fixtures.copyLibraryV1(to: path)
        let db = try Database(path: path)
        #expect(try await db.schemaVersion() == 1)

        #expect(try await db.migrate(ExampleSchema.self, hooks: Self.hooks) == .upgraded(from: 1, to: 3))
        #expect(try await db.schemaVersion() == 3)
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)

        // renameColumn full_name → name; sql step filled the NULL rating; alterColumn made it NOT NULL.
        #expect(try await Author.fetchAll(db).map(\.name) == ["Anonymous", "Ursula K. Le Guin", "Terry Pratchett"])
        #expect(try await Author.find(db, 1)?.rating == 0)
        #expect(try await Author.find(db, 2)?.nickname == "UKL")
        #expect(try await Author.find(db, 3)?.isActive == false)
        // renameModel Patron → Reader: rows kept, new columns got their defaults, the hook filled tokens.
        let readers = try await Reader.fetchAll(db)
        #expect(readers.map(\.name) == ["Ged", "Tenar"])
        #expect(readers.map(\.level) == [.basic, .basic])
        #expect(readers.allSatisfy { $0.token != UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) })
        #expect(readers[1].referrerID == 1)
        #expect(readers[1].preferences == ["theme": "dark"])
        // renameTable lists → reading_lists.
        #expect(try await ReadingList.fetchAll(db).map(\.title) == ["To read"])
        // dropColumn legacy_code (indexed: rebuilt), alterColumn price REAL → TEXT.
        #expect(try !Dump.columns(db, "books").contains("legacy_code"))
        let wizard = try #require(try await Book.find(db, "9780553383041"))
        #expect(wizard.price == Decimal(string: "8.99"))
        #expect(wizard.authorID == 2)
        #expect(wizard.shelf.room == "main")
        #expect(try await Book.find(db, "0552131067")?.price == nil)
        // addIndex, dropIndex, automatic indexes; indexes of the rebuilt tables are back.
        #expect(try Dump.indexes(db, "books") == ["books_genre_format", "books_metadata_publisher_city", "books_title"])
        #expect(try Dump.indexes(db, "readers") == ["readers_level"])
        #expect(try Dump.indexes(db, "authors") == ["authors_name", "authors_name_born"])
        #expect(try Dump.indexes(db, "series").isEmpty)
        // Foreign keys of the rebuilt and renamed tables.
        #expect(try Dump.foreignKeys(db, "books") == [
            "series_id->series.id ON DELETE RESTRICT", "translator_id->authors.id ON DELETE SET NULL",
            "author_id->authors.id ON DELETE CASCADE",
        ])
        #expect(try Dump.foreignKeys(db, "reading_lists") == ["owner_id->readers.id ON DELETE CASCADE"])
        #expect(try Dump.foreignKeys(db, "readers") == ["referrer_id->readers.id ON DELETE SET DEFAULT"])
        #expect(try await Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)
        // Seed rows are for new databases only.
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM \"order\"") == 0)
        // The models work on the migrated file.
        let loan = Loan(loanedAt: Date(timeIntervalSince1970: 1), dueAt: Date(timeIntervalSince1970: 2), bookISBN: wizard.isbn, readerID: 2)
        try await loan.insert(db)
        try await db.execute(sql: "DELETE FROM authors WHERE id = 3")
        #expect(try await Book.find(db, "0552131067") == nil)  // ON DELETE CASCADE still there
    }

    @Test(arguments: ["library-v1.sqlite", "library-v2.sqlite"])
    func verifierProvesEachFixtureMigratesToTheFreshSchema(fixture: String) throws {
        let extras = try MigrationVerifier.verify(migrating: try Fixtures.url(fixture), to: ExampleSchema.self, hooks: Self.hooks)
        #expect(extras.isEmpty)
    }

    /// Version 2 → 3: the additive pass adds readers.level and token before version 3's addIndex and hook use
    /// them; the NULL rating a version-2 app could still write is filled before the rebuild makes it NOT NULL.
    @Test func upgradesTheVersion2Fixture() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try FileManager.default.copyItem(at: try Fixtures.url("library-v2.sqlite"), to: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        #expect(try await db.migrate(ExampleSchema.self, hooks: Self.hooks) == .upgraded(from: 2, to: 3))
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
        #expect(try await Author.fetchAll(db).map(\.rating) == [0, 4.9])
        #expect(try await AuthorProfile.find(db, 2)?.biography == "Wrote Earthsea")
        let ged = try #require(try await Reader.find(db, 1))
        #expect(ged.level == .basic)
        #expect(ged.token != UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        #expect(try await ReadingList.fetchAll(db).map(\.title) == ["Favourites"])
        #expect(try await Book.find(db, "9780553383041")?.price == Decimal(string: "8.99"))
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM loan") == 1)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM book_readers") == 1)
        #expect(try Dump.indexes(db, "series").isEmpty)
        #expect(try Dump.indexes(db, "readers") == ["readers_level"])
        // The rebuilt books table is still referenced by loan, book_readers and reading_lists_books.
        await #expect(throws: DatabaseError.self) { try await db.execute(sql: "DELETE FROM books") }  // loan: ON DELETE RESTRICT
    }

    @Test func missingHookIsReportedBeforeAnythingRuns() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try Fixtures.copyLibraryV1(to: path)
        let db = try Database(path: path)
        let before = try Dump.schema(db)
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        await #expect {
            try await db.migrate(ExampleSchema.self)
        } throws: { error in
            guard case let MigrationError.missingHooks(names) = error else { return false }
            return names == ["backfillReaderTokens"] && "\(error)".contains("'backfillReaderTokens'")
        }
        db.trace(nil)
        #expect(log.all == ["PRAGMA user_version"])
        #expect(try Dump.schema(db) == before)
        #expect(try await db.schemaVersion() == 1)
    }
}

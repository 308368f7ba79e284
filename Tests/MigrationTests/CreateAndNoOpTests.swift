import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

@Suite("Create, no-op, refusals")
struct CreateAndNoOpTests {
    @Test func emptyDatabaseGetsEveryTableIndexAndSeedRow() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("new.sqlite"))
        #expect(try await db.migrate(ExampleSchema.self) == .created(version: 3))
        #expect(try await db.schemaVersion() == 3)
        // Book's full-text index: the FTS5 table and its shadow tables.
        let search = ["books_search", "books_search_config", "books_search_data", "books_search_docsize", "books_search_idx"]
        #expect(try Dump.tables(db) == (ExampleSchema.tables.map(\.name) + search).sorted())
        // Declared indexes and the indexes of addIndex steps (books_genre_format, readers_level).
        #expect(try Dump.indexes(db, "books") == ["books_genre_format", "books_metadata_publisher_city", "books_title"])
        #expect(try Dump.indexes(db, "readers") == ["readers_level"])
        #expect(try Dump.indexes(db, "series").isEmpty)
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)

        let authors = try await Author.fetchAll(db)
        #expect(authors.map(\.name) == ["Anonymous", "Ursula K. Le Guin"])
        #expect(try await Book.find(db, "9780553383041")?.price == Decimal(string: "8.99"))
        #expect(try await Reader.find(db, 1)?.level == .staff)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM \"order\"") == 1)
        #expect(try await Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)
    }

    /// `createStatements` (what `ormgen sql` prints) builds the schema `migrate` creates, addIndex indexes included.
    @Test func createStatementsBuildTheSchemaMigrateCreates() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("ddl.sqlite"))
        for statement in ExampleSchema.createStatements(in: .sqlite) { try await db.execute(sql: statement) }
        #expect(try Dump.indexes(db, "books") == ["books_genre_format", "books_metadata_publisher_city", "books_title"])
        #expect(try Dump.indexes(db, "readers") == ["readers_level"])
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
    }

    @Test func upToDateDatabaseOnlyReadsVersionFormatAndColumnTypes() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("current.sqlite"))
        try await db.migrate(ExampleSchema.self)
        let before = try Dump.schema(db)
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        #expect(try await db.migrate(ExampleSchema.self) == .upToDate(version: 3))
        db.trace(nil)
        // The declared column types come from SQLite's parsed schema (sqlite3_table_column_metadata): no statement.
        #expect(log.all == ["PRAGMA user_version", "PRAGMA application_id"])
        #expect(try Dump.schema(db) == before)
    }

    @Test func migrateWorksOnAConnection() throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("conn.sqlite"))
        let outcome = try db.writeWithoutTransaction { conn in try conn.migrate(PetsV1.self) }
        #expect(outcome == .created(version: 1))
        // Inside write { } it runs in a savepoint of the caller's transaction.
        let again = try db.write { conn in try conn.migrate(PetsV1.self) }
        #expect(again == .upToDate(version: 1))
        #expect(try Dump.rows(db, "owners") == ["1|'Ann Smith'|'annie'", "2|'Bob Jones'|NULL"])
    }

    @Test func newerDatabaseIsRefusedAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("newer.sqlite")
        do {
            let db = try Database(path: path)
            try await db.migrate(PetsV1.self)
            try await db.execute(sql: "PRAGMA user_version = 7")
            try db.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        await #expect {
            try await db.migrate(PetsV2.self, hooks: PetTables.upperNames)
        } throws: { error in
            guard case let MigrationError.newerDatabase(databaseVersion, schemaVersion) = error else { return false }
            return databaseVersion == 7 && schemaVersion == 2
                && "\(error)".contains("newer than this app's schema version 2")
        }
        try db.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func databaseWithTablesButNoVersionIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("unversioned.sqlite"))
        try await db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)")
        await #expect {
            try await db.migrate(PetsV1.self)
        } throws: { error in
            guard case let MigrationError.unversionedDatabase(tables) = error else { return false }
            return tables == ["notes"]
        }
        #expect(try Dump.tables(db) == ["notes"])
        #expect(try await db.schemaVersion() == 0)
    }
}

import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

/// The storage format stamp (`PRAGMA application_id`), the conversion of databases written before it, and the
/// check of declared column types against the schema's storage that every `migrate` runs.
@Suite("Storage format and storage check")
struct StorageFormatTests {
    @Test func aFormat1FileHasItsDatesConvertedDuringTheUpgrade() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        try Fixtures.copyLibraryV1(to: path)
        let db = try Database(path: path)
        #expect(try await Int64.fetchOne(db, sql: "PRAGMA application_id") == 0)
        let born = try #require(try await Double.fetchOne(db, sql: "SELECT born FROM authors WHERE id = 2"))
        // patron becomes readers in version 2: the conversion follows the rename.
        let memberSince = try await Double.fetchAll(db, sql: "SELECT member_since FROM patron ORDER BY id")

        #expect(try await db.migrate(ExampleSchema.self, hooks: UpgradeFixtureTests.hooks) == .upgraded(from: 1, to: 3))
        #expect(try await Author.find(db, 2)?.born == Date(timeIntervalSince1970: born))
        #expect(try await Reader.order(Reader.id).fetchAll(db).map(\.memberSince) == memberSince.map { Date(timeIntervalSince1970: $0) })
        #expect(try await Int64.fetchOne(db, sql: "PRAGMA application_id") == 0x4F52_4D32)
        // The rebuilt readers table has the new default; nothing drifts.
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
        // A second migrate converts nothing again.
        #expect(try await db.migrate(ExampleSchema.self, hooks: UpgradeFixtureTests.hooks) == .upToDate(version: 3))
        #expect(try await Author.find(db, 2)?.born == Date(timeIntervalSince1970: born))
    }

    @Test func anUpToDateFormat1FileIsConvertedButDeclaredStoragesAreNot() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("current.sqlite"))
        try await db.migrate(ExampleSchema.self)
        try await db.execute(sql: "INSERT INTO authors (id, name, email, born, rating) VALUES (9, 'Old', 'old@example.org', 86400.5, 0)")
        try await db.execute(sql: """
            INSERT INTO payments (paid_at, recorded_at, legacy_at, amount, reference, settled)
            VALUES ('2020-01-01 00:00:00', 0, 86400.5, 0, '6f1c0b5e-8d2a-4c5e-9b1f-2a3d4e5f6a7b', 'false')
            """)
        try await db.execute(sql: "PRAGMA application_id = 0")

        #expect(try await db.migrate(ExampleSchema.self) == .upToDate(version: 3))
        #expect(try await Author.find(db, 9)?.born == Date(timeIntervalSince1970: 86_400.5))
        // `storage: unixSeconds` is declared: its REAL seconds since 1970 are left as they are.
        #expect(try await Double.fetchOne(db, sql: "SELECT legacy_at FROM payments") == 86_400.5)
        #expect(try await Payment.fetchOne(db)?.legacyAt == Date(timeIntervalSince1970: 86_400.5))
        #expect(try await Int64.fetchOne(db, sql: "PRAGMA application_id") == 0x4F52_4D32)
    }

    @Test func aColumnWhoseDeclaredTypeDoesNotFitItsStorageStopsMigrate() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("mismatch.sqlite"))
        try await db.migrate(ExampleSchema.self)
        // Someone recreated payments with paid_at as REAL (dates as numbers) where the schema stores text.
        let original = SQLiteDDL().createTable(Payment.schema.definition)
        try await db.write { conn in
            try conn.execute(sql: "PRAGMA foreign_keys = OFF")
            try conn.execute(sql: "DROP TABLE payments")
            try conn.execute(sql: original.replacingOccurrences(of: "\"paid_at\" DATETIME", with: "\"paid_at\" REAL"))
        }
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        await #expect {
            try await db.migrate(ExampleSchema.self)
        } throws: { error in
            "\(error)" == """
                declared column types do not fit the schema's storage:
                  - payments.paid_at: expected DATETIME (stored as sqliteText), found REAL (REAL affinity, not NUMERIC); \
                declare the field's storage and sqlType to match the file (ormgen pull writes them)
                """
        }
        db.trace(nil)
        #expect(!log.all.contains { $0.hasPrefix("INSERT") || $0.hasPrefix("UPDATE") || $0.hasPrefix("CREATE") })
    }

    @Test func theCheckRunsNoStatement() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("check.sqlite"))
        try await db.migrate(ExampleSchema.self)
        let log = TraceLog()
        db.trace { log.append($0.sql) }
        try await db.migrate(ExampleSchema.self)
        db.trace(nil)
        #expect(log.all == ["PRAGMA user_version", "PRAGMA application_id"])
    }
}

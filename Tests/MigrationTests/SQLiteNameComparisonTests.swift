import Foundation
import ORMKit
import Testing
import TestSupport

/// Names SQLite tells apart and Swift's `String` does not (`café` with U+00E9 and with `e` + U+0301; `É`/`é`, which
/// SQLite compares by case only in ASCII): migrations matched live tables and columns to the schema's with
/// `lowercased()` and `==`, so adoption compared the wrong one of two such tables, and a rebuild took an undeclared
/// column for the declared one and dropped it with its values. They compare names as SQLite does now.
@Suite struct SQLiteNameComparisonTests {
    static let precomposed = "caf\u{E9}", combining = "cafe\u{301}"

    /// Declares the table spelled with U+0301 and, in `notes`, the column spelled with U+00E9.
    enum V1: DatabaseSchema {
        static let version = 1
        static let tables = [
            TestTable.make(combining, [TestTable.id, TestTable.column(precomposed, "TEXT", nullable: true), TestTable.column("note", "TEXT", nullable: true)]),
        ]
        static let migrations: [Migration] = []
        static let seed: [SeedRow] = []
    }

    /// Version 2 rebuilds the table.
    enum V2: DatabaseSchema {
        static let version = 2
        static let tables = V1.tables
        static let migrations = [Migration(version: 2, steps: [.alterColumn(table: combining, column: "note")])]
        static let seed: [SeedRow] = []
    }

    static func file(_ directory: TemporaryDirectory) async throws -> Database {
        let db = try Database(path: directory.path("names.db"))
        try await db.execute(sql: """
            CREATE TABLE "\(combining)" (id INTEGER PRIMARY KEY, "\(precomposed)" TEXT, "\(combining)" TEXT, note TEXT);
            CREATE TABLE "\(precomposed)" (id INTEGER PRIMARY KEY, other TEXT NOT NULL);
            INSERT INTO "\(combining)" VALUES (1, 'declared', 'undeclared', 'n');
            """)
        return db
    }

    @Test func adoptionComparesTheTableTheSchemaNames() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.file(directory)
        // The other table (NOT NULL column `other`, no `id` of the schema's shape) would refuse adoption if compared.
        #expect(try await db.migrate(V1.self, adopting: .ifMatching) == .adopted(version: 1))
        let extra = try await db.schemaDifferences(V1.self).filter { $0.kind == .extraColumn || $0.kind == .extraTable }
        #expect(extra.map(\.isTolerated) == [true, true] && extra.count == 2, "\(extra)")
    }

    @Test func aRebuildKeepsTheUndeclaredColumnAndItsValues() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.file(directory)
        try await db.migrate(V1.self, adopting: .ifMatching)
        #expect(try await db.migrate(V2.self) == .upgraded(from: 1, to: 2))
        #expect(try await String.fetchOne(db, sql: "SELECT \"\(Self.precomposed)\" || ' ' || \"\(Self.combining)\" FROM \"\(Self.combining)\"")
            == "declared undeclared")
    }
}

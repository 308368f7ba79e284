import Foundation
import ORMKit
import Testing
import TestSupport

/// A key column without NOT NULL (SQLite lets a non-INTEGER primary key hold NULL unless it says NOT NULL), single or
/// composite, as `CREATE TABLE t (code TEXT PRIMARY KEY, …)` writes it: `ormgen pull` maps it to a non-optional field,
/// and adoption accepts it as long as no row holds a NULL key (it refused with "nullability is NULL, expected NOT
/// NULL" however clean the rows).
@Suite struct NullableKeyAdoptionTests {
    /// What `ormgen pull` writes for the two tables: non-optional key fields.
    enum Pulled: DatabaseSchema {
        static let version = 1
        static let tables = [
            TableSchema(
                name: "t", columns: [TestTable.column("code", "TEXT"), TestTable.column("label", "TEXT", nullable: true)],
                primaryKey: ["code"], isAutoIncrement: false),
            TableSchema(
                name: "c",
                columns: [TestTable.column("a", "TEXT"), TestTable.column("b", "INTEGER"), TestTable.column("v", "TEXT", nullable: true)],
                primaryKey: ["a", "b"], isAutoIncrement: false),
        ]
        static let migrations: [Migration] = []
        static let seed: [SeedRow] = []
    }

    static func legacyFile(_ directory: TemporaryDirectory, extraSQL: String = "") async throws -> Database {
        let db = try Database(path: directory.path("legacy.db"))
        try await db.execute(sql: """
            CREATE TABLE t (code TEXT PRIMARY KEY, label TEXT);
            CREATE TABLE c (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (a, b));
            INSERT INTO t VALUES ('x', 'first');
            INSERT INTO c VALUES ('x', 1, 'one');
            \(extraSQL)
            """)
        return db
    }

    @Test func aKeyWithoutNotNullIsAdoptedWhenNoKeyIsNull() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.legacyFile(directory)
        #expect(try await db.migrate(Pulled.self, adopting: .ifMatching) == .adopted(version: 1))
        let differences = try await db.schemaDifferences(Pulled.self)
        #expect(differences.filter { $0.kind == .columnNullability }.map(\.name) == ["a", "b", "code"])
        #expect(differences.allSatisfy { $0.isTolerated })
        #expect(try await db.migrate(Pulled.self) == .upToDate(version: 1))
    }

    @Test(arguments: ["INSERT INTO t VALUES (NULL, 'null key')", "INSERT INTO c VALUES ('y', NULL, 'null key')"])
    func aNullKeyBlocksAdoption(_ insert: String) async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.legacyFile(directory, extraSQL: insert + ";")
        let error = await #expect(throws: MigrationError.self) { try await db.migrate(Pulled.self, adopting: .ifMatching) }
        #expect(error.map { "\($0)" }?.contains("a row holds a NULL key") == true, "\(String(describing: error))")
    }
}

import Foundation
import ORMKit
import Testing
import TestSupport

/// Foreign keys a schema does not declare: the ones `ormgen pull` cannot write as relations (composite, to a column
/// other than the target's key) and skips with a note. Adoption accepted the pulled schema only when no such key
/// existed ("extra foreign key"), and a table rebuild dropped them silently; now adoption tolerates them and a rebuild
/// keeps them, unless a column of theirs is dropped or is the one an `alterColumn` step brings to its declaration.
@Suite struct UndeclaredForeignKeyTests {
    static let parent = TableSchema(
        name: "a",
        columns: [TestTable.column("x", "INTEGER"), TestTable.column("y", "INTEGER"), TestTable.column("code", "TEXT", nullable: true, unique: true)],
        primaryKey: ["x", "y"], isAutoIncrement: false)
    static let child = TestTable.make("b", [
        TestTable.id, TestTable.column("ax", "INTEGER", nullable: true), TestTable.column("ay", "INTEGER", nullable: true),
        TestTable.column("acode", "TEXT", nullable: true), TestTable.column("note", "TEXT", nullable: true),
    ])

    /// What `ormgen pull` writes for the file: no relation for either key.
    enum Pulled: DatabaseSchema {
        static let version = 1
        static let tables = [parent, child]
        static let migrations: [Migration] = []
        static let seed: [SeedRow] = []
    }

    /// Version 2: a rebuild for a column no key uses.
    enum AlterNote: DatabaseSchema {
        static let version = 2
        static let tables = [parent, child]
        static let migrations = [Migration(version: 2, steps: [.alterColumn(table: "b", column: "note")])]
        static let seed: [SeedRow] = []
    }

    /// Version 2: `acode` brought to its declaration, which has no reference.
    enum AlterCode: DatabaseSchema {
        static let version = 2
        static let tables = [parent, child]
        static let migrations = [Migration(version: 2, steps: [.alterColumn(table: "b", column: "acode")])]
        static let seed: [SeedRow] = []
    }

    /// Version 2: `ay`, half of the composite key, dropped.
    enum DropY: DatabaseSchema {
        static let version = 2
        static let tables = [parent, TestTable.make("b", child.columns.filter { $0.name != "ay" })]
        static let migrations = [Migration(version: 2, steps: [.dropColumn(table: "b", column: "ay")])]
        static let seed: [SeedRow] = []
    }

    static let compositeKey = "(ax, ay) → a(x, y)"
    static let codeKey = "(acode) → a(code)"

    static func legacyFile(_ directory: TemporaryDirectory) async throws -> Database {
        let db = try Database(path: directory.path("legacy.db"))
        try await db.execute(sql: """
            CREATE TABLE a (x INTEGER NOT NULL, y INTEGER NOT NULL, code TEXT UNIQUE, PRIMARY KEY (x, y));
            CREATE TABLE b (
                id INTEGER PRIMARY KEY, ax INTEGER, ay INTEGER, acode TEXT REFERENCES a (code) ON DELETE CASCADE, note TEXT,
                FOREIGN KEY (ax, ay) REFERENCES a (x, y) ON DELETE SET NULL
            );
            INSERT INTO a VALUES (1, 2, 'one');
            INSERT INTO b VALUES (10, 1, 2, 'one', 'first');
            """)
        return db
    }

    /// The foreign keys of `b` as `(columns) → table(columns)` with their delete action.
    static func keys(_ db: Database) async throws -> [String] {
        try await String.fetchAll(db, sql: """
            SELECT '(' || group_concat("from", ', ') || ') → ' || "table" || '(' || group_concat("to", ', ') || ') ' || on_delete
            FROM (SELECT * FROM pragma_foreign_key_list('b') ORDER BY id, seq) GROUP BY id ORDER BY 1
            """)
    }

    @Test func adoptionToleratesKeysTheSchemaDoesNotDeclare() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.legacyFile(directory)
        #expect(try await db.migrate(Pulled.self, adopting: .ifMatching) == .adopted(version: 1))
        let extra = try await db.schemaDifferences(Pulled.self).filter { $0.kind == .extraForeignKey }
        #expect(extra.count == 2 && extra.allSatisfy(\.isTolerated))
        // The database still enforces them.
        await #expect(throws: DatabaseError.self) { try await db.execute(sql: "INSERT INTO b (ax, ay) VALUES (1, 3)") }
    }

    @Test func aRebuildForAnotherColumnKeepsThem() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.legacyFile(directory)
        try await db.migrate(Pulled.self, adopting: .ifMatching)
        let before = try await Self.keys(db)
        #expect(before == ["\(Self.codeKey) CASCADE", "\(Self.compositeKey) SET NULL"])
        #expect(try await db.migrate(AlterNote.self) == .upgraded(from: 1, to: 2))
        #expect(try await Self.keys(db) == before)
        await #expect(throws: DatabaseError.self) { try await db.execute(sql: "INSERT INTO b (ax, ay) VALUES (1, 3)") }
        try await db.execute(sql: "DELETE FROM a")
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM b") == 0, "ON DELETE CASCADE of the kept key still runs")
    }

    @Test func alteringOrDroppingAKeyColumnBringsItToTheDeclaration() async throws {
        let directory = try TemporaryDirectory()
        let db = try await Self.legacyFile(directory)
        try await db.migrate(Pulled.self, adopting: .ifMatching)
        #expect(try await db.migrate(AlterCode.self) == .upgraded(from: 1, to: 2))
        #expect(try await Self.keys(db) == ["\(Self.compositeKey) SET NULL"])

        let other = try TemporaryDirectory()
        let dropped = try await Self.legacyFile(other)
        try await dropped.migrate(Pulled.self, adopting: .ifMatching)
        #expect(try await dropped.migrate(DropY.self) == .upgraded(from: 1, to: 2))
        #expect(try await Self.keys(dropped) == ["\(Self.codeKey) CASCADE"])
        #expect(try await String.fetchOne(dropped, sql: "SELECT note FROM b WHERE id = 10") == "first")
    }

    /// A key that names no target column (`REFERENCES p`: p's primary key) is reported as such and kept as such.
    @Test func aKeyToTheTargetsPrimaryKeyKeepsNamingNoColumn() async throws {
        enum Adopted: DatabaseSchema {
            static let version = 1
            static let tables = [TestTable.make("p", [TestTable.id]), TestTable.make("c", [
                TestTable.id, TestTable.column("pid", "INTEGER", nullable: true), TestTable.column("note", "TEXT", nullable: true),
            ])]
            static let migrations: [Migration] = []
            static let seed: [SeedRow] = []
        }
        enum Rebuilt: DatabaseSchema {
            static let version = 2
            static let tables = Adopted.tables
            static let migrations = [Migration(version: 2, steps: [.alterColumn(table: "c", column: "note")])]
            static let seed: [SeedRow] = []
        }
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("legacy.db"))
        try await db.execute(sql: """
            CREATE TABLE p (id INTEGER PRIMARY KEY);
            CREATE TABLE c (id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p ON DELETE CASCADE, note TEXT);
            INSERT INTO p VALUES (1);
            INSERT INTO c VALUES (10, 1, 'first');
            """)
        #expect(try await db.migrate(Adopted.self, adopting: .ifMatching) == .adopted(version: 1))
        let extra = try await db.schemaDifferences(Adopted.self).filter { $0.kind == .extraForeignKey }
        #expect(extra.map(\.name) == ["(pid) → p(<primary key>) ON DELETE CASCADE ON UPDATE NO ACTION"])
        #expect(extra.allSatisfy { $0.isTolerated })
        #expect(try await db.migrate(Rebuilt.self) == .upgraded(from: 1, to: 2))
        let kept = try await String.fetchAll(db, sql: """
            SELECT "table" || ' ' || coalesce("to", 'no column') || ' ' || on_delete FROM pragma_foreign_key_list('c')
            """)
        #expect(kept == ["p no column CASCADE"])
        try await db.execute(sql: "DELETE FROM p")
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM c") == 0, "ON DELETE CASCADE of the kept key still runs")
    }
}

import Foundation
import ORMKit
import TestSupport
import Testing

@Suite("Atomicity")
struct RollbackTests {
    @Test func failingStepLeavesSchemaRowsAndVersionUnchanged() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        try await db.execute(sql: "INSERT INTO old_toys (id, label) VALUES (1, 'ball'), (2, 'rope')")
        let schema = try Dump.schema(db)
        let tables = try Dump.tables(db)
        var rows: [String: [String]] = [:]
        for table in tables { rows[table] = try Dump.rows(db, table) }

        await #expect {
            try await db.migrate(PetsV2Failing.self, hooks: PetTables.upperNames)
        } throws: { error in
            guard case let MigrationError.stepFailed(version, step, underlying) = error,
                let databaseError = underlying as? DatabaseError
            else { return false }
            return version == 2 && step.hasPrefix("step 10") && databaseError.isPrimaryKeyViolation
        }

        #expect(try await db.schemaVersion() == 1)
        #expect(try Dump.schema(db) == schema)
        #expect(try Dump.tables(db) == tables)
        for table in tables {
            let after = try Dump.rows(db, table)
            let expected = rows[table] ?? []
            #expect(after.count == expected.count, "row count of \(table)")
            for (index, row) in after.enumerated() where index < expected.count {
                #expect(row == expected[index], "\(table) row \(index)")
            }
        }
        #expect(try Dump.rows(db, "owners") == ["1|'Ann Smith'|'annie'", "2|'Bob Jones'|NULL"])
        #expect(try Dump.rows(db, "pets") == ["1|'Rex'|4.5|'L-1'|'good dog'|1", "2|'Tom'|NULL|NULL|NULL|2"])
        #expect(try await Int.fetchOne(db, sql: "PRAGMA foreign_keys") == 1)

        // The same database then migrates with the correct steps.
        #expect(try await db.migrate(PetsV2.self, hooks: PetTables.upperNames) == .upgraded(from: 1, to: 2))
    }

    @Test func aForeignKeyCheckThatFailsAfterTheMigrationNamesTheStepThatBrokeIt() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        let rows = try Dump.rows(db, "owners")
        let error = try await #require(throws: MigrationError.self) { try await db.migrate(PetsV2Orphaning.self) }
        guard case let .foreignKeyViolations(violations, step) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(step == #"migration 2, step 2 (sql "DELETE FROM owners WHERE id = 2")"#)
        #expect(violations.map(\.table) == ["pets"])
        #expect(error.description.hasPrefix(#"foreign key check failed after migration 2, step 2 (sql "DELETE FROM owners WHERE id = 2") (nothing was changed): pets row 2"#))
        #expect(try await db.schemaVersion() == 1)
        #expect(try Dump.rows(db, "owners") == rows)
    }

    @Test func failedMigrationLeavesTheFileBytesAsTheyWere() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pets.sqlite")
        try await Fixtures.makePetsV1(at: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let db = try Database(path: path)
        await #expect(throws: MigrationError.self) { try await db.migrate(PetsV2Failing.self, hooks: PetTables.upperNames) }
        try db.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func failingHookRollsBackEverythingBeforeIt() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        let schema = try Dump.schema(db)
        struct HookFailure: Error {}
        await #expect(throws: MigrationError.self) {
            try await db.migrate(PetsV2.self, hooks: ["upperNames": { _ in throw HookFailure() }])
        }
        #expect(try Dump.schema(db) == schema)
        #expect(try await db.schemaVersion() == 1)
    }
}

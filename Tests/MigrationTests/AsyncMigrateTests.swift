import Foundation
import ORMKit
import TestSupport
import Testing

/// The async `migrate` runs where the synchronous one does: on the writer, outside any transaction, so the
/// table rebuilds of an upgrade (which need foreign keys off, impossible inside a transaction) work.
@Suite("Async migrate")
struct AsyncMigrateTests {
    @Test func upgradeWithTableRebuilds() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pets.sqlite")
        try await Fixtures.makePetsV1(at: path)
        let db = try Database(path: path)
        #expect(try await db.schemaVersion() == 1)
        #expect(try await db.migrate(PetsV2.self, hooks: PetTables.upperNames) == .upgraded(from: 1, to: 2))
        #expect(try await db.schemaVersion() == 2)
        #expect(try await db.schemaDifferences(PetsV2.self) == [
            SchemaDifference(kind: .extraColumn, table: "pets", name: "notes", isTolerated: true),
        ])
        #expect(try await db.migrate(PetsV2.self, hooks: PetTables.upperNames) == .upToDate(version: 2))
        // Foreign keys are enforced again after the migration.
        await #expect(throws: DatabaseError.self) {
            try await db.write { conn in
                try conn.execute(sql: "INSERT INTO pets (name, weight, owner_id) VALUES ('Ghost', '1', 99)")
            }
        }
        try db.close()
    }

    @Test func aCancelledTaskDoesNotMigrate() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        let migration = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await db.migrate(PetsV1.self)
        }
        await #expect(throws: CancellationError.self) { try await migration.value }
        #expect(try await db.schemaVersion() == 0)
        try db.close()
    }
}

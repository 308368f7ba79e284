import Foundation
import ORMKit
import TestSupport
import Testing

/// Each explicit step kind and the additive changes, on the small pets schema (`PetsV1` → `PetsV2`).
@Suite("Migration steps")
struct StepTests {
    private func petsV1(_ directory: TemporaryDirectory) async throws -> Database {
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        try await db.execute(sql: "INSERT INTO old_toys (id, label) VALUES (1, 'ball')")
        return db
    }

    @Test func everyStepKindAppliesInOrder() async throws {
        let directory = try TemporaryDirectory()
        let db = try await petsV1(directory)
        #expect(try await db.migrate(PetsV2.self, hooks: PetTables.upperNames) == .upgraded(from: 1, to: 2))
        #expect(try await db.schemaVersion() == 2)

        // renameColumn, dropColumn (direct), the hook, and the additive nullable column `email`.
        #expect(try Dump.columns(db, "owners") == ["id", "name", "email"])
        #expect(try Dump.rows(db, "owners") == ["1|'ANN SMITH'|NULL", "2|'BOB JONES'|NULL"])
        // sql filled NULL weights (0 in a REAL column, so '0.0' as TEXT), alterColumn rebuilt REAL NULL → TEXT NOT NULL DEFAULT '0', dropColumn of
        // the indexed `legacy` rebuilt again; `notes` is not in the schema and is kept with its data.
        #expect(try Dump.columns(db, "pets") == ["id", "name", "weight", "owner_id", "notes"])
        let pets = try Dump.rows(db, "pets")
        #expect(pets == ["1|'Rex'|'4.5'|1|'good dog'", "2|'Tom'|'0.0'|2|NULL"])
        // addIndex, dropIndex, the declared index kept through both rebuilds, pets_legacy gone with its column.
        #expect(try Dump.indexes(db, "pets") == ["pets_owner_id", "pets_weight"])
        // renameTable, then the additive column with its default on the renamed table; a new table.
        #expect(try Dump.rows(db, "toys") == ["1|'ball'|'red'"])
        #expect(try Dump.tables(db) == ["owners", "pets", "tags", "toys", "vet_visits"])

        let differences = try await db.schemaDifferences(PetsV2.self)
        #expect(differences == [SchemaDifference(kind: .extraColumn, table: "pets", name: "notes", isTolerated: true)])
    }

    @Test func rebuildKeepsForeignKeysInBothDirections() async throws {
        let directory = try TemporaryDirectory()
        let db = try await petsV1(directory)
        try await db.migrate(PetsV2.self, hooks: PetTables.upperNames)
        #expect(try Dump.foreignKeys(db, "pets") == ["owner_id->owners.id ON DELETE CASCADE"])
        #expect(try Dump.foreignKeys(db, "vet_visits") == ["pet_id->pets.id ON DELETE CASCADE"])
        #expect(try Dump.indexes(db, "vet_visits") == ["vet_visits_pet_id"])
        #expect(try await String.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        // Enforced again after the migration: a dangling reference fails, cascades reach the rebuilt table.
        await #expect(throws: DatabaseError.self) {
            try await db.execute(sql: "INSERT INTO pets (name, weight, owner_id) VALUES ('Ghost', '1', 99)")
        }
        try await db.execute(sql: "DELETE FROM owners WHERE id = 1")
        #expect(try Dump.rows(db, "pets") == ["2|'Tom'|'0.0'|2|NULL"])
        #expect(try Dump.rows(db, "vet_visits") == ["2|2|'teeth'"])
    }

    @Test func rebuildRecreatesHandMadeIndexesTriggersAndViews() async throws {
        let directory = try TemporaryDirectory()
        let db = try await petsV1(directory)
        try await db.execute(sql: """
            CREATE INDEX pets_lower_name ON pets (lower(name));
            CREATE TABLE pet_log (pet_id INTEGER, event TEXT);
            CREATE TRIGGER pets_renamed AFTER UPDATE OF name ON pets BEGIN
                INSERT INTO pet_log (pet_id, event) VALUES (new.id, 'renamed');
            END;
            CREATE VIEW pet_names AS SELECT name FROM pets ORDER BY name;
            """)
        try await db.migrate(PetsV2.self, hooks: PetTables.upperNames)
        #expect(try Dump.indexes(db, "pets") == ["pets_lower_name", "pets_owner_id", "pets_weight"])
        #expect(try await String.fetchAll(db, sql: "SELECT * FROM pet_names") == ["Rex", "Tom"])
        try await db.execute(sql: "UPDATE pets SET name = 'Max' WHERE id = 1")
        #expect(try Dump.rows(db, "pet_log") == ["1|'renamed'"])
    }

    @Test func newNotNullColumnWithoutDefaultOnATableWithRowsIsAClearError() async throws {
        let directory = try TemporaryDirectory()
        let db = try await petsV1(directory)
        let before = try Dump.schema(db)
        await #expect {
            try await db.migrate(PetsV2RequiredAge.self)
        } throws: { error in
            guard case let MigrationError.notNullColumnWithoutDefault(table, column) = error else { return false }
            return table == "owners" && column == "age" && "\(error)".contains("owners.age")
        }
        #expect(try Dump.schema(db) == before)
        #expect(try await db.schemaVersion() == 1)
    }

    @Test func columnsAlterTableCannotAddAreAddedByARebuild() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        try await db.migrate(PetsV2RebuiltForNewColumns.self)
        #expect(try Dump.columns(db, "old_toys") == ["id", "label", "size"])
        #expect(try Dump.columns(db, "owners") == ["id", "full_name", "nickname", "code"])
        #expect(try Dump.rows(db, "owners") == ["1|'Ann Smith'|'annie'|NULL", "2|'Bob Jones'|NULL|NULL"])
        #expect(try await db.schemaDifferences(PetsV2RebuiltForNewColumns.self).isEmpty)
        await #expect(throws: DatabaseError.self) {
            try await db.execute(sql: "UPDATE owners SET code = 'x'")  // UNIQUE came with the rebuild
        }
    }
}

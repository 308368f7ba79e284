import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

@Suite("Drift and verification")
struct DriftTests {
    @Test func handEditedDatabaseReportsEachDifference() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("drift.sqlite"))
        try await db.migrate(ExampleSchema.self)
        try await db.execute(sql: """
            DROP INDEX books_title;
            ALTER TABLE books ADD COLUMN scribble TEXT;
            ALTER TABLE readers RENAME COLUMN level TO tier;
            CREATE TABLE scratch (x);
            CREATE INDEX series_title_lower ON series (lower(title));
            """)
        let differences = try await db.schemaDifferences(ExampleSchema.self)
        #expect(differences == [
            SchemaDifference(kind: .extraColumn, table: "books", name: "scribble", isTolerated: true),
            SchemaDifference(kind: .missingIndex, table: "books", name: "books_title"),
            SchemaDifference(kind: .missingColumn, table: "readers", name: "level"),
            SchemaDifference(kind: .extraColumn, table: "readers", name: "tier", isTolerated: true),
            // SQLite renamed the column inside the index too.
            SchemaDifference(kind: .indexDefinition, table: "readers", name: "readers_level", expected: "(level)", actual: "(tier)"),
            SchemaDifference(kind: .extraIndex, table: "series", name: "series_title_lower", isTolerated: true),
            SchemaDifference(kind: .extraTable, table: "scratch", isTolerated: true),
        ])
        #expect(differences.map(\.description).contains("missing column readers.level"))
    }

    /// The declared types agree (`born REAL`) but another program stored text dates: adopting would let a typed
    /// filter compare REAL with TEXT and count wrong, so adoption samples the values and refuses, naming them.
    @Test func adoptionRefusesValuesOfAnotherStorageClassThanTheFieldsStorage() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("values.sqlite"))
        try await db.migrate(ExampleSchema.self, hooks: [:])
        try await db.execute(sql: """
            INSERT INTO authors (name, email, rating, born) VALUES ('Text', 'text@example.org', 3, '1961-05-04 00:00:00');
            INSERT INTO readers (card_number, name, token) VALUES (77, 'Text token', 'not-a-blob');
            PRAGMA user_version = 0;
            """)
        let mismatches: [StorageMismatch]
        do {
            _ = try await db.migrate(ExampleSchema.self, adopting: .ifMatching)
            Issue.record("adopted a file whose values do not fit the fields' storages")
            return
        } catch MigrationError.adoptionRefused(let differences, let storage) {
            #expect(differences.isEmpty)
            mismatches = storage
        }
        let born = try #require(mismatches.first { $0.table == "authors" && $0.column == "born" })
        #expect(born.storage == "referenceSeconds")
        #expect(born.expected == "INTEGER or REAL")
        #expect(born.found == "TEXT")
        #expect(born.sample == "'1961-05-04 00:00:00'")
        #expect(born.description.contains("holds TEXT values such as '1961-05-04 00:00:00'"))
        let token = try #require(mismatches.first { $0.table == "readers" && $0.column == "token" })
        #expect((token.expected, token.found, token.sample) == ("BLOB", "TEXT", "'not-a-blob'"))
        #expect(try await db.schemaVersion() == 0)
    }

    /// Text forms that decode but that a typed filter, binding the storage's own form, would not match: adoption
    /// refuses them, naming one; the forms the storages write are adopted.
    @Test func adoptionRefusesTextFormsTheStorageDoesNotWrite() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("forms.sqlite"))
        try await db.migrate(ExampleSchema.self, hooks: [:])
        var payment = Payment(paidAt: Date(timeIntervalSince1970: 1_700_000_000), reference: UUID(), externalID: UUID(), settled: true)
        try await payment.insert(db)
        try await db.execute(sql: "PRAGMA user_version = 0")
        #expect(try await db.migrate(ExampleSchema.self, adopting: .ifMatching) == .adopted(version: ExampleSchema.version))
        try await db.execute(sql: """
            UPDATE payments SET settled = 'TRUE', external_id = lower(external_id), reference = upper(reference);
            PRAGMA user_version = 0;
            """)
        let found = try await Payment.find(db, payment.id ?? 0)
        #expect(found?.settled == true)  // they decode: only a filter would go wrong
        #expect(try await Payment.filter(Payment.settled == true).count(db) == 0)
        do {
            _ = try await db.migrate(ExampleSchema.self, adopting: .ifMatching)
            Issue.record("adopted text forms the storages do not write")
        } catch MigrationError.adoptionRefused(_, let storage) {
            let columns = Set(storage.filter { $0.table == "payments" }.map(\.column))
            #expect(columns == ["settled", "external_id", "reference"])
            let settled = try #require(storage.first { $0.column == "settled" })
            #expect(settled.sample == "'TRUE'")
            #expect(settled.found == "other TEXT forms")
        }
        #expect(try await db.schemaVersion() == 0)
    }

    @Test func typeNullabilityDefaultKeyAndForeignKeyDifferences() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("drift.sqlite"))
        try await db.execute(sql: """
            CREATE TABLE owners (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, nickname TEXT);
            CREATE TABLE pets (id INTEGER, name TEXT, weight INTEGER DEFAULT 1, legacy TEXT, notes TEXT,
                owner_id INTEGER NOT NULL REFERENCES owners (id), PRIMARY KEY (id, name));
            CREATE INDEX pets_owner_id ON pets (owner_id);
            CREATE UNIQUE INDEX pets_name ON pets (name);
            CREATE INDEX pets_legacy ON pets (legacy);
            CREATE TABLE vet_visits (id INTEGER PRIMARY KEY, pet_id INTEGER NOT NULL REFERENCES pets (id) ON DELETE CASCADE, note TEXT);
            CREATE INDEX vet_visits_pet_id ON vet_visits (pet_id);
            CREATE TABLE old_toys (id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE);
            """)
        let differences = try await db.schemaDifferences(PetsV1.self)
        #expect(differences == [
            SchemaDifference(kind: .extraUniqueConstraint, table: "old_toys", name: "label"),
            SchemaDifference(kind: .columnNullability, table: "pets", name: "name", expected: "NOT NULL", actual: "NULL"),
            SchemaDifference(kind: .columnType, table: "pets", name: "weight", expected: "REAL", actual: "INTEGER"),
            // A default the schema does not declare never changes what ORMKit writes: tolerated.
            SchemaDifference(kind: .columnDefault, table: "pets", name: "weight", expected: nil, actual: "1", isTolerated: true),
            SchemaDifference(kind: .primaryKey, table: "pets", expected: "(id)", actual: "(id, name)"),
            SchemaDifference(kind: .indexDefinition, table: "pets", name: "pets_name", expected: "(name)", actual: "UNIQUE (name)"),
            SchemaDifference(kind: .missingForeignKey, table: "pets", name: "(owner_id) → owners(id) ON DELETE CASCADE ON UPDATE NO ACTION"),
            SchemaDifference(kind: .extraForeignKey, table: "pets", name: "(owner_id) → owners(id) ON DELETE NO ACTION ON UPDATE NO ACTION"),
        ])
        #expect(differences.filter(\.isTolerated).map(\.kind) == [.columnDefault])
    }

    @Test func migrationWhoseResultDriftsFailsWithTheListAndChangesNothing() async throws {
        let directory = try TemporaryDirectory()
        let db = try Database(path: directory.path("pets.sqlite"))
        try await db.migrate(PetsV1.self)
        let schema = try Dump.schema(db)
        await #expect {
            try await db.migrate(PetsV2Drifting.self, hooks: PetsV2Drifting.hooks)
        } throws: { error in
            guard case let MigrationError.schemaMismatch(differences) = error else { return false }
            return differences == [
                SchemaDifference(kind: .columnType, table: "owners", name: "full_name", expected: "TEXT", actual: "INTEGER"),
                SchemaDifference(kind: .columnNullability, table: "owners", name: "full_name", expected: "NOT NULL", actual: "NULL"),
                SchemaDifference(kind: .extraColumn, table: "owners", name: "fn", isTolerated: false),
            ]
        }
        #expect(try Dump.schema(db) == schema)
        #expect(try await db.schemaVersion() == 1)
    }

    @Test func verifierThrowsForABadMigration() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pets-v1.sqlite")
        try await Fixtures.makePetsV1(at: path)
        #expect(throws: MigrationError.self) {
            try MigrationVerifier.verify(migrating: URL(fileURLWithPath: path), to: PetsV2Drifting.self, hooks: PetsV2Drifting.hooks)
        }
        // The original file is not migrated.
        let db = try Database(path: path)
        #expect(try await db.schemaVersion() == 1)
    }

    @Test func verifierReturnsTheColumnsAMigrationKeeps() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("pets-v1.sqlite")
        try await Fixtures.makePetsV1(at: path)
        let kept = try MigrationVerifier.verify(migrating: URL(fileURLWithPath: path), to: PetsV2.self, hooks: PetTables.upperNames)
        #expect(kept == [SchemaDifference(kind: .extraColumn, table: "pets", name: "notes", isTolerated: true)])
    }
}

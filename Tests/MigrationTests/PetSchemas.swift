import ORMKit

/// Small hand-written schemas for the step tests: owners, pets (referenced by vet_visits), toys.
enum PetTables {
    static let ownersV1 = TestTable.make("owners", [
        TestTable.id, TestTable.column("full_name", "TEXT"), TestTable.column("nickname", "TEXT", nullable: true),
    ])
    static let ownersV2 = TestTable.make("owners", [
        TestTable.id, TestTable.column("name", "TEXT"), TestTable.column("email", "TEXT", nullable: true),
    ])
    static let ownerKey = ForeignKeySchema(columns: ["owner_id"], targetTable: "owners", targetColumns: ["id"], onDelete: .cascade)
    static let ownerColumn = TestTable.column("owner_id", "INTEGER")
    static let petsV1 = TestTable.make(
        "pets",
        [
            TestTable.id, TestTable.column("name", "TEXT"), TestTable.column("weight", "REAL", nullable: true),
            TestTable.column("legacy", "TEXT", nullable: true), TestTable.column("notes", "TEXT", nullable: true), ownerColumn,
        ],
        indexes: [TestTable.index("pets", ["owner_id"]), TestTable.index("pets", ["name"]), TestTable.index("pets", ["legacy"])],
        foreignKeys: [ownerKey])
    static let petsV2 = TestTable.make(
        "pets",
        [TestTable.id, TestTable.column("name", "TEXT"), TestTable.column("weight", "TEXT", default: .text("0")), ownerColumn],
        indexes: [TestTable.index("pets", ["owner_id"])],
        foreignKeys: [ownerKey])
    static let visits = TestTable.make(
        "vet_visits",
        [TestTable.id, TestTable.column("pet_id", "INTEGER"),
         TestTable.column("note", "TEXT", nullable: true)],
        indexes: [TestTable.index("vet_visits", ["pet_id"])],
        foreignKeys: [ForeignKeySchema(columns: ["pet_id"], targetTable: "pets", targetColumns: ["id"], onDelete: .cascade)])
    static let oldToys = TestTable.make("old_toys", [TestTable.id, TestTable.column("label", "TEXT")])
    static let toys = TestTable.make("toys", [TestTable.id, TestTable.column("label", "TEXT"), TestTable.column("color", "TEXT", default: .text("red"))])
    static let tags = TestTable.make("tags", [TestTable.id, TestTable.column("label", "TEXT", unique: true)])

    static let steps: [MigrationStep] = [
        .renameColumn(table: "owners", from: "full_name", to: "name"),
        .dropColumn(table: "owners", column: "nickname"),
        .renameTable(from: "old_toys", to: "toys"),
        .sql("UPDATE pets SET weight = 0 WHERE weight IS NULL"),
        .alterColumn(table: "pets", column: "weight"),
        .dropColumn(table: "pets", column: "legacy"),
        .addIndex(table: "pets", index: TestTable.index("pets", ["weight"])),
        .dropIndex(name: "pets_name"),
        .hook("upperNames"),
    ]

    static let upperNames: [String: MigrationHook] = [
        "upperNames": { db in try await db.execute(sql: "UPDATE owners SET name = upper(name)") },
    ]
}

enum PetsV1: DatabaseSchema {
    static let version = 1
    static let tables = [PetTables.ownersV1, PetTables.petsV1, PetTables.visits, PetTables.oldToys]
    static let migrations: [Migration] = []
    static let seed: [SeedRow] = [
        SeedRow(table: "owners", columns: ["id", "full_name", "nickname"], values: [.integer(1), .text("Ann Smith"), .text("annie")]),
        SeedRow(table: "owners", columns: ["id", "full_name"], values: [.integer(2), .text("Bob Jones")]),
        SeedRow(table: "pets", columns: ["id", "name", "weight", "legacy", "notes", "owner_id"],
                values: [.integer(1), .text("Rex"), .real(4.5), .text("L-1"), .text("good dog"), .integer(1)]),
        SeedRow(table: "pets", columns: ["id", "name", "owner_id"], values: [.integer(2), .text("Tom"), .integer(2)]),
        SeedRow(table: "vet_visits", columns: ["id", "pet_id", "note"], values: [.integer(1), .integer(1), .text("shots")]),
        SeedRow(table: "vet_visits", columns: ["id", "pet_id", "note"], values: [.integer(2), .integer(2), .text("teeth")]),
    ]
}

/// Every step kind, plus additive changes (a new column, a new table, a new column on a renamed table).
enum PetsV2: DatabaseSchema {
    static let version = 2
    static let tables = [PetTables.ownersV2, PetTables.petsV2, PetTables.visits, PetTables.toys, PetTables.tags]
    static let migrations = [Migration(version: 2, steps: PetTables.steps)]
    static let seed: [SeedRow] = []
}

/// `PetsV2` whose last step violates the owners primary key, after the renames and rebuilds ran.
enum PetsV2Failing: DatabaseSchema {
    static let version = 2
    static let tables = PetsV2.tables
    static let migrations = [Migration(version: 2, steps: PetTables.steps + [.sql("INSERT INTO owners (id, name) VALUES (1, 'duplicate')")])]
    static let seed: [SeedRow] = []
}

/// Adds a NOT NULL column without a default to owners, which has rows.
enum PetsV2RequiredAge: DatabaseSchema {
    static let version = 2
    static let tables = [
        TestTable.make("owners", PetTables.ownersV1.columns + [TestTable.column("age", "INTEGER")]),
        PetTables.petsV1, PetTables.visits, PetTables.oldToys,
    ]
    static let migrations: [Migration] = []
    static let seed: [SeedRow] = []
}

/// Adds a NOT NULL column without a default to old_toys, which is empty, and a UNIQUE column to owners
/// (nullable): both need a table rebuild.
enum PetsV2RebuiltForNewColumns: DatabaseSchema {
    static let version = 2
    static let tables = [
        TestTable.make("owners", PetTables.ownersV1.columns + [TestTable.column("code", "TEXT", nullable: true, unique: true)]),
        PetTables.petsV1, PetTables.visits,
        TestTable.make("old_toys", PetTables.oldToys.columns + [TestTable.column("size", "INTEGER")]),
    ]
    static let migrations: [Migration] = []
    static let seed: [SeedRow] = []
}

/// A version-2 schema whose hook changes owners by hand: full_name becomes a nullable INTEGER, the old
/// column stays as `fn`. The additive changes cannot repair that, so the result does not match.
enum PetsV2Drifting: DatabaseSchema {
    static let version = 2
    static let tables = PetsV1.tables
    static let migrations = [Migration(version: 2, steps: [.hook("breakOwners")])]
    static let seed: [SeedRow] = []
    static let hooks: [String: MigrationHook] = [
        "breakOwners": { db in
            try await db.execute(sql: "ALTER TABLE owners RENAME COLUMN full_name TO fn")
            try await db.execute(sql: "ALTER TABLE owners ADD COLUMN full_name INTEGER")
        },
    ]
}

/// `PetsV2` whose step 2 (of 3) deletes an owner that pets still reference, by hand with foreign keys off (as
/// every migration runs): only the check before the commit sees the orphaned pet.
enum PetsV2Orphaning: DatabaseSchema {
    static let version = 2
    static let tables = PetsV1.tables
    static let migrations = [Migration(version: 2, steps: [
        .sql("UPDATE owners SET nickname = 'x'"),
        .sql("DELETE FROM owners WHERE id = 2"),
        .sql("UPDATE owners SET nickname = NULL"),
    ])]
    static let seed: [SeedRow] = []
}

import ORMKit

/// The tables of the migration crash test, written the way `ormgen` renders them: `crash_items` (the big
/// table) and `crash_notes` (one note per ten items, referencing them).
///
/// Version 1 stores `weight` as a nullable `REAL`; version 2 as `TEXT NOT NULL DEFAULT '0'`, adds
/// `checked INTEGER NOT NULL DEFAULT 0` and an index on `batch`. The `alterColumn` step makes ORMKit rebuild
/// `crash_items` (copy every row into a new table, drop, rename, recreate its indexes).
enum ItemTables {
    static let items = "crash_items"
    static let notes = "crash_notes"

    static let id = ColumnSchema(name: "id", type: "INTEGER", kind: .integer, isNullable: false)

    static func column(_ name: String, _ type: String, nullable: Bool = false, default value: DatabaseValue? = nil) -> ColumnSchema {
        let kind: ColumnKind = ["INTEGER": .integer, "REAL": .double][type] ?? .text
        return ColumnSchema(
            name: name, type: type, kind: kind, isNullable: nullable, defaultValue: value.map { .value(stored: $0, wire: $0.wireValue) })
    }

    static func index(_ table: String, _ column: String) -> IndexSchema {
        IndexSchema(name: "\(table)_\(column)", columns: [column], isUnique: false)
    }

    static func table(_ name: String, _ columns: [ColumnSchema], indexes: [IndexSchema], foreignKeys: [ForeignKeySchema] = []) -> TableSchema {
        TableSchema(name: name, columns: columns, primaryKey: ["id"], isAutoIncrement: true, indexes: indexes, foreignKeys: foreignKeys)
    }

    static let common = [id, column("batch", "INTEGER"), column("position", "INTEGER"), column("label", "TEXT")]

    static let itemsV1 = table(items, common + [column("weight", "REAL", nullable: true)], indexes: [index(items, "label")])

    static let itemsV2 = table(
        items, common + [column("weight", "TEXT", default: .text("0")), column("checked", "INTEGER", default: .integer(0))],
        indexes: [index(items, "label"), index(items, "batch")])

    static let notesTable = table(
        notes,
        [id, column("item_id", "INTEGER"), column("text", "TEXT")],
        indexes: [index(notes, "item_id")],
        foreignKeys: [ForeignKeySchema(columns: ["item_id"], targetTable: items, targetColumns: ["id"], onDelete: .cascade)])
}

/// Version 1: `weight REAL`, nullable.
enum CrashItemsV1: DatabaseSchema {
    static let version = 1
    static let tables = [ItemTables.itemsV1, ItemTables.notesTable]
    static let migrations: [Migration] = []
    static let seed: [SeedRow] = []
}

/// Version 2: NULL weights become 0, `weight` becomes `TEXT NOT NULL` (a rebuild), `checked` is added, and
/// `batch` gets an index.
enum CrashItemsV2: DatabaseSchema {
    static let version = 2
    static let tables = [ItemTables.itemsV2, ItemTables.notesTable]
    static let migrations = [
        Migration(version: 2, steps: [
            .sql("UPDATE \"\(ItemTables.items)\" SET weight = 0 WHERE weight IS NULL"),
            .alterColumn(table: ItemTables.items, column: "weight"),
            .addIndex(table: ItemTables.items, index: ItemTables.index(ItemTables.items, "batch")),
        ])
    ]
    static let seed: [SeedRow] = []
}

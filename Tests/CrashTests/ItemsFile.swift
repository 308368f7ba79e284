import ORMKit

/// The migration worker's file as the reopened database shows it: its version, the shape of `crash_items`
/// (version 1: `weight REAL` nullable; version 2: `weight TEXT NOT NULL`, a `checked` column, an index on
/// `batch`; see the worker's `ItemTables`), and fingerprints of its rows.
struct ItemsFile: Equatable {
    /// Which schema `crash_items` and its indexes match.
    enum Shape: Equatable {
        case old, new
        /// Some of each, or neither: what an interrupted migration must never leave.
        case between(String)
    }

    var version: Int
    var shape: Shape
    /// Row count, sum of ids times positions, total label length: equal before and after the migration.
    var itemsFingerprint: String
    /// Note count and sum of their item ids.
    var notesFingerprint: String
    /// Items whose weight is NULL (version 1 has some, version 2 none).
    var nullWeights: Int
    /// Tables left from a rebuild (`ormkit_rebuild_…`).
    var leftovers: [String]

    /// Reads `db`.
    ///
    /// - Throws: `DatabaseError`.
    static func read(_ database: Database) throws -> ItemsFile {
        try database.read { db in
            let weight = try String.fetchAll(db, sql: "SELECT type || ' ' || \"notnull\" FROM pragma_table_info('crash_items') WHERE name = 'weight'")
            let checked = try Int.fetchOne(db, sql: "SELECT count(*) FROM pragma_table_info('crash_items') WHERE name = 'checked'") ?? 0
            let batchIndex = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'crash_items_batch'") ?? 0
            let shape: Shape
            switch (weight, checked, batchIndex) {
            case (["REAL 0"], 0, 0): shape = .old
            case (["TEXT 1"], 1, 1): shape = .new
            default: shape = .between("weight \(weight), checked \(checked), batch index \(batchIndex)")
            }
            return ItemsFile(
                version: try db.schemaVersion(),
                shape: shape,
                itemsFingerprint: try String.fetchOne(
                    db, sql: "SELECT count(*) || ' ' || coalesce(sum(id * position), 0) || ' ' || coalesce(sum(length(label)), 0) FROM crash_items") ?? "",
                notesFingerprint: try String.fetchOne(db, sql: "SELECT count(*) || ' ' || coalesce(sum(item_id), 0) FROM crash_notes") ?? "",
                nullWeights: try Int.fetchOne(db, sql: "SELECT count(*) FROM crash_items WHERE weight IS NULL") ?? 0,
                leftovers: try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE 'ormkit_%'"))
        }
    }
}

import ExampleModels
import ORMKit

/// The batches of the batch worker as the reopened file holds them: the `Order` rows of group `crash`, batch
/// number in `count`, position in the batch in `index`.
enum StoredBatches {
    /// Every batch in `db`, by number, read with one grouped query; complete when it has exactly `size` rows,
    /// indexes 0..<size once each.
    ///
    /// - Throws: `DatabaseError`.
    static func read(_ database: Database, size: Int) throws -> [Int: StoredUnit] {
        try database.read { db in
            let index = Order.Columns.index
            let groups = try Order.select(Order.Columns.count, countAll(), count(distinct: index), min(index), max(index))
                .filter(Order.Columns.group == "crash")
                .group(by: Order.Columns.count)
                .fetchAll(db)
            var batches: [Int: StoredUnit] = [:]
            for (batch, rows, distinct, lowest, highest) in groups {
                batches[batch] = StoredUnit(parts: rows, isComplete: rows == size && distinct == size && lowest == 0 && highest == size - 1)
            }
            return batches
        }
    }
}

/// Whether the batch worker's `migrate(ExampleSchema.self)` created the schema: every table at its version, or
/// (killed before its commit) no table and version 0, never some of them.
struct ExampleSchemaState: Equatable, CustomStringConvertible {
    var version: Int
    var tables: Int

    /// No table, version 0.
    var isEmpty: Bool { version == 0 && tables == 0 }
    /// Every table of `ExampleSchema` (with the FTS5 table and its four shadow tables of each full-text index), at
    /// its version.
    var isCreated: Bool {
        version == ExampleSchema.version && tables == ExampleSchema.tables.count + 5 * ExampleSchema.tables.filter { $0.search != nil }.count
    }

    var description: String { "version \(version), \(tables) tables" }

    /// Reads `db`'s version and table count (SQLite's own tables aside).
    ///
    /// - Throws: `DatabaseError`.
    static func read(_ database: Database) throws -> ExampleSchemaState {
        try database.read { db in
            ExampleSchemaState(
                version: try db.schemaVersion(),
                tables: try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") ?? 0)
        }
    }
}

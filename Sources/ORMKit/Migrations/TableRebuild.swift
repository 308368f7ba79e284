import ORMKitSQLite
import Foundation
import ORMSchema

/// Rebuilds one table to its current definition (`SQLiteDDL`) with SQLite's 12-step procedure
/// (https://www.sqlite.org/lang_altertable.html#otheralter), inside the migration's transaction:
/// create the new table under a temporary name, copy the common columns, drop the old table, rename,
/// then recreate the old table's indexes and triggers (and every view). Foreign keys are off (the
/// caller's `MigrationTransaction`); other tables' references keep pointing at the table by name.
///
/// Columns the live table has and the schema does not are kept (with their type, nullability and
/// default), except those in `dropping`: destructive changes are never implicit. So are the live foreign keys the
/// schema does not declare (composite ones, ones to a column other than the target's key, ones another program
/// added), unless a column of theirs is dropped or is the one `altering` brings to its declared definition.
/// (`DEFERRABLE`, which SQLite's pragmas do not report, is not kept.)
enum TableRebuild {
    static func rebuild(_ table: TableSchema, dropping: Set<String> = [], altering: String? = nil, _ conn: Connection) throws {
        if conn.isInTransaction, try MigrationTransaction.foreignKeysEnforced(conn) {
            throw MigrationError.rebuildInsideTransaction(table: table.name)
        }
        guard let live = try SQLiteTable.read(table.name, conn) else {
            throw DatabaseError(kind: .misuse, message: "cannot rebuild table \(table.name): it does not exist", table: table.name)
        }
        let dropped = Set(dropping.map { $0.sqlName })
        let declared = Set(table.columns.map { $0.name.sqlName })
        let kept = live.columns.filter { !declared.contains($0.name.sqlName) && !dropped.contains($0.name.sqlName) }
        let temporary = "ormkit_rebuild_" + table.name
        let newColumns = Set(declared).union(kept.map { $0.name.sqlName })
        let changed = dropped.union(altering.map { [$0.sqlName] } ?? [])
        let declaredKeys = Set(table.definition.foreignKeys.map { $0.columns.map { $0.sqlName } })
        let keptKeys = live.foreignKeys.filter { key in
            let columns = key.columns.map { $0.sqlName }
            return !declaredKeys.contains(columns) && columns.allSatisfy { newColumns.contains($0) && !changed.contains($0) }
        }
        let createSQL = newTableSQL(table, temporaryName: temporary, keeping: kept, foreignKeys: keptKeys)

        let indexes = try conn.migrationRows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", arguments: [table.name]
        ) { (name: $0.string(at: 0), sql: $0.string(at: 1)) }
        let keptIndexes = indexes.filter { index in
            // Indexes on a dropped column go with it; expression indexes are kept (recreating one that
            // needs a dropped column fails the migration).
            live.indexes.first { $0.name == index.name }?.columns
                .allSatisfy { $0.map { newColumns.contains($0.sqlName) } ?? true } ?? false
        }
        let triggers = try conn.migrationRows(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND sql IS NOT NULL", arguments: [table.name]
        ) { $0.string(at: 0) }
        let views = try conn.migrationRows("SELECT name, sql FROM sqlite_master WHERE type = 'view' AND sql IS NOT NULL") {
            (name: $0.string(at: 0), sql: $0.string(at: 1))
        }

        for view in views { try conn.run(sql: "DROP VIEW \(quoteIdentifier(view.name))", arguments: []) }
        try conn.run(sql: createSQL, arguments: [])
        let common = live.columns.map(\.name).filter { newColumns.contains($0.sqlName) }.map(quoteIdentifier).joined(separator: ", ")
        let quoted = quoteIdentifier(table.name)
        do {
            try conn.run(sql: "INSERT INTO \(quoteIdentifier(temporary)) (\(common)) SELECT \(common) FROM \(quoted)", arguments: [])
        } catch let error as DatabaseError {
            throw error.inTable(table.name)
        }
        try conn.run(sql: "DROP TABLE \(quoted)", arguments: [])
        try conn.run(sql: "ALTER TABLE \(quoteIdentifier(temporary)) RENAME TO \(quoted)", arguments: [])
        for index in keptIndexes { try conn.run(sql: index.sql, arguments: []) }
        for trigger in triggers { try conn.run(sql: trigger, arguments: []) }
        for view in views { try conn.run(sql: view.sql, arguments: []) }
        try reindexSearch(of: table, conn)
    }

    /// Fills the table's full-text index again when it is as declared: the copy may have given rows other rowids
    /// (an index that differs is rebuilt from scratch by the migration's final pass).
    private static func reindexSearch(of table: TableSchema, _ conn: Connection) throws {
        let fullText = SQLiteFullText()
        guard let search = table.search,
            try conn.liveSearchSignature(of: table.name) == fullText.signature(for: table.definition, search: search)
        else { return }
        try conn.run(sql: fullText.refillStatement(forTable: table.name), arguments: [])
    }

    /// The table's `CREATE TABLE` under `temporaryName`, with the kept columns' definitions after the declared ones,
    /// then the kept foreign keys.
    static func newTableSQL(
        _ table: TableSchema, temporaryName: String, keeping kept: [SQLiteTable.Column], foreignKeys: [LiveForeignKey] = []
    ) -> String {
        var definition = table.definition
        definition.name = temporaryName
        return SQLiteDDL().createTable(definition, extraColumns: kept.map(\.definition) + foreignKeys.map(\.constraintDefinition))
    }
}

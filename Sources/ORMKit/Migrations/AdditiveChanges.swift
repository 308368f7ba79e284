import ORMKitSQLite
import ORMSchema

/// The automatic, additive part of a migration: tables, columns and indexes the schema declares and the
/// live database lacks. Nothing is ever dropped here.
///
/// The pass runs before each pending version's steps (so steps and hooks can use new columns) and once
/// after the last one. Before a version it leaves alone what that version's or a later version's steps
/// will produce: targets of renames, indexes added by `addIndex`, and it does not rebuild tables that
/// pending steps still rename or reshape.
struct AdditiveChanges {
    let schema: SchemaDefinition
    /// Tables created by a pending `renameTable`.
    var renamedTables: Set<SQLName> = []
    /// `table.column` created by a pending `renameColumn`.
    var renamedColumns: Set<SQLName> = []
    /// Indexes a pending `addIndex` creates.
    var pendingIndexes: Set<SQLName> = []
    /// Tables that pending steps rename, reshape or rebuild: not rebuilt early.
    var reshapedTables: Set<SQLName> = []

    /// The final pass: everything the schema declares.
    init(schema: SchemaDefinition) {
        self.schema = schema
    }

    /// The pass before `migrations` (the pending ones, from the next to the last).
    init(schema: SchemaDefinition, before migrations: ArraySlice<Migration>) {
        self.schema = schema
        for step in migrations.flatMap(\.steps) {
            switch step {
            case let .renameTable(from, to):
                renamedTables.insert(to.sqlName)
                reshapedTables.formUnion([from.sqlName, to.sqlName])
            case let .renameColumn(table, _, to):
                renamedColumns.insert((table + "." + to).sqlName)
                reshapedTables.insert(table.sqlName)
            case let .dropColumn(table, _), let .alterColumn(table, _):
                reshapedTables.insert(table.sqlName)
            case let .addIndex(_, index):
                pendingIndexes.insert(index.name.sqlName)
            case .dropIndex, .sql, .hook:
                break
            }
        }
    }

    private var isFinal: Bool { renamedTables.isEmpty && renamedColumns.isEmpty && pendingIndexes.isEmpty && reshapedTables.isEmpty }

    func apply(_ conn: Connection) throws {
        for table in schema.tables where !renamedTables.contains(table.name.sqlName) {
            if var live = try SQLiteTable.read(table.name, conn) {
                // The live table is read again only after a step changed it.
                if try addColumns(of: table, live: live, conn) || dropUniquesHeldForLiveRows(of: table, live: live, conn),
                    let rebuilt = try SQLiteTable.read(table.name, conn) {
                    live = rebuilt
                }
                try addIndexes(of: table, live: live, conn)
            } else {
                try conn.run(sql: SQLiteDDL().createTable(table.definition), arguments: [])
                for index in schema.expectedIndexes(of: table) where !pendingIndexes.contains(index.name.sqlName) {
                    try conn.run(sql: SQLiteDDL().createIndex(index, on: table.name), arguments: [])
                }
            }
            // The full-text index follows the last version's columns (a pending step may still rename one).
            if isFinal { try conn.migrateSearchIndex(of: table.definition) }
        }
    }

    /// Adds the declared columns the live table lacks; true when it added any.
    private func addColumns(of table: TableSchema, live: SQLiteTable, _ conn: Connection) throws -> Bool {
        let missing = table.columns.filter {
            live.column($0.name) == nil && !renamedColumns.contains((table.name + "." + $0.name).sqlName)
        }
        guard !missing.isEmpty else { return false }
        let hasRows = try conn.migrationInteger("SELECT EXISTS (SELECT 1 FROM \(quoteIdentifier(table.name)))") != 0
        if hasRows, let column = missing.first(where: { !$0.isNullable && $0.defaultValue == nil }) {
            throw MigrationError.notNullColumnWithoutDefault(table: table.name, column: column.name)
        }
        let direct = missing.filter { canAddDirectly($0, in: table) }
        if direct.count < missing.count, isFinal || !reshapedTables.contains(table.name.sqlName) {
            try TableRebuild.rebuild(table, conn)
            return true
        }
        for column in direct {
            try conn.run(sql: "ALTER TABLE \(quoteIdentifier(table.name)) ADD COLUMN \(SQLiteDDL().columnDefinition(column, in: table.definition))", arguments: [])
        }
        return !direct.isEmpty
    }

    /// Whether `ALTER TABLE ADD COLUMN` accepts the column: not part of the key, not `UNIQUE`, a constant
    /// default (not the current time, an expression), and a default when it is `NOT NULL`.
    private func canAddDirectly(_ column: ColumnSchema, in table: TableSchema) -> Bool {
        if column.isUnique || table.primaryKey.contains(column.name) { return false }
        if case .now? = column.defaultValue { return false }
        return column.isNullable || column.defaultValue != nil
    }

    /// Rebuilds the table without the `UNIQUE` constraints of columns whose uniqueness the schema now holds for
    /// live rows only (a model given `softDelete:`: its `unique: true` columns become partial unique indexes), so a
    /// soft-deleted row stops taking its values; `addIndexes` then creates the partial indexes. True when it rebuilt.
    private func dropUniquesHeldForLiveRows(of table: TableSchema, live: SQLiteTable, _ conn: Connection) throws -> Bool {
        guard isFinal || !reshapedTables.contains(table.name.sqlName) else { return false }
        let liveOnly = schema.expectedIndexes(of: table).filter(\.isUniqueAmongLiveRows).map { $0.columns.map { Optional($0.sqlName) } }
        let constraints = live.indexes.filter { $0.origin == .uniqueConstraint }.map(\.columnKeys)
        guard constraints.contains(where: liveOnly.contains) else { return false }
        try TableRebuild.rebuild(table, conn)
        return true
    }

    private func addIndexes(of table: TableSchema, live: SQLiteTable, _ conn: Connection) throws {
        let dropped = try dropIndexesThatChangedRows(of: table, live: live, conn)
        let existing = Set(live.indexes.map { $0.name.sqlName }).subtracting(dropped)
        let columns = Set(live.columns.map { $0.name.sqlName })
        // A UNIQUE constraint on the same columns is that unique index already (a file's own constraint).
        let uniqueConstraints = live.indexes.filter { $0.origin == .uniqueConstraint }.map(\.columnKeys)
        for index in schema.expectedIndexes(of: table)
        where !existing.contains(index.name.sqlName) && !pendingIndexes.contains(index.name.sqlName)
            && !(index.isUnique && index.onlyWhereNull == nil && uniqueConstraints.contains(index.columns.map { Optional($0.sqlName) })) {
            // Before the last version, an index waits for columns that later steps create.
            guard isFinal || index.columns.allSatisfy({ columns.contains($0.sqlName) }) else { continue }
            try conn.run(sql: SQLiteDDL().createIndex(index, on: table.name), arguments: [])
        }
    }

    /// Drops a declared index that covers other rows than the schema says (a unique index of a model given
    /// `softDelete:` now holds for live rows only, or the other way round), and returns the names it dropped:
    /// `addIndexes` creates them again.
    private func dropIndexesThatChangedRows(of table: TableSchema, live: SQLiteTable, _ conn: Connection) throws -> Set<SQLName> {
        guard isFinal else { return [] }
        var dropped: Set<SQLName> = []
        for index in schema.expectedIndexes(of: table) {
            guard let current = live.indexes.first(where: { $0.origin == .createIndex && $0.name.sqlName == index.name.sqlName }),
                current.isPartial != (index.onlyWhereNull != nil)
            else { continue }
            try conn.run(sql: "DROP INDEX \(quoteIdentifier(current.name))", arguments: [])
            dropped.insert(current.name.sqlName)
        }
        return dropped
    }
}

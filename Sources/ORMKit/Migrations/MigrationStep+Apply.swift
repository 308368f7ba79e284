import ORMKitSQLite
import ORMSchema

/// Runs one explicit step of `version` on the live database.
struct StepRunner {
    let schema: SchemaDefinition
    let hooks: [String: MigrationHook]
    let version: Int

    func apply(_ step: MigrationStep, _ conn: Connection) throws {
        switch step {
        case let .renameColumn(table, from, to):
            guard let live = try SQLiteTable.read(table, conn) else { throw invalid(step, "table \(table) does not exist") }
            guard live.column(from) != nil else { throw invalid(step, "table \(table) has no column \(from)") }
            guard live.column(to) == nil else { throw invalid(step, "table \(table) already has a column \(to)") }
            try conn.run(sql: "ALTER TABLE \(quoteIdentifier(table)) RENAME COLUMN \(quoteIdentifier(from)) TO \(quoteIdentifier(to))", arguments: [])
        case let .renameTable(from, to):
            guard try SQLiteTable.read(from, conn) != nil else { throw invalid(step, "table \(from) does not exist") }
            guard try SQLiteTable.read(to, conn) == nil else { throw invalid(step, "table \(to) already exists") }
            try conn.run(sql: "ALTER TABLE \(quoteIdentifier(from)) RENAME TO \(quoteIdentifier(to))", arguments: [])
        case let .dropColumn(table, column):
            try dropColumn(column, of: table, step: step, conn)
        case let .alterColumn(table, column):
            guard let definition = schema.table(table) else { throw invalid(step, "table \(table) is not in the schema") }
            try TableRebuild.rebuild(definition, altering: column, conn)
        case let .addIndex(table, index):
            try conn.run(sql: SQLiteDDL().createIndex(index, on: table), arguments: [])
        case let .dropIndex(name):
            try conn.run(sql: "DROP INDEX IF EXISTS \(quoteIdentifier(name))", arguments: [])
        case let .sql(sql):
            try conn.run(sql: sql, arguments: [])
        case let .hook(name):
            guard let hook = hooks[name] else { throw MigrationError.missingHooks(names: [name]) }
            try conn.runHook(hook)
        }
    }

    /// `ALTER TABLE DROP COLUMN` when SQLite allows it (3.35+, the column is not in the key, a `UNIQUE`
    /// constraint, an index or a foreign key, and the statement succeeds); otherwise a table rebuild.
    /// Dropping a column that is already gone does nothing.
    private func dropColumn(_ column: String, of table: String, step: MigrationStep, _ conn: Connection) throws {
        guard let live = try SQLiteTable.read(table, conn) else { throw invalid(step, "table \(table) does not exist") }
        guard let liveColumn = live.column(column) else { return }
        let name = column.sqlName
        let isConstrained = liveColumn.primaryKeyPosition > 0
            || live.indexes.contains { $0.columnKeys.contains(name) }
            || live.foreignKeys.contains { $0.columns.contains { $0.sqlName == name } }
        if !isConstrained, sqlite3_libversion_number() >= 3_035_000 {
            let sql = "ALTER TABLE \(quoteIdentifier(table)) DROP COLUMN \(quoteIdentifier(column))"
            do {
                try conn.savepoint { try conn.run(sql: sql, arguments: []) }
                return
            } catch is DatabaseError {
                // Refused (for example the column is named in a CHECK constraint): rebuild instead.
            }
        }
        guard let definition = schema.table(table) else {
            throw invalid(step, "table \(table) is not in the schema, so it cannot be rebuilt without \(column)")
        }
        try TableRebuild.rebuild(definition, dropping: [column], conn)
    }

    private func invalid(_ step: MigrationStep, _ reason: String) -> MigrationError {
        .invalidStep(version: version, step: step, reason: reason)
    }
}

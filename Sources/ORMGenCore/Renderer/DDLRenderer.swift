/// SQL DDL for tables and indexes: identifiers always double-quoted.
enum DDLRenderer {
    /// Every `CREATE TABLE` followed by its `CREATE INDEX` statements, in table creation order.
    static func statements(for schema: Schema) -> [String] {
        schema.tables.flatMap { table in [createTable(table)] + table.indexes.map(createIndex) }
    }

    static func createTable(_ table: Table) -> String {
        var parts = table.columns.map { definition($0, isAutoIncrement: table.isAutoIncrement) }
        if table.primaryKey.count > 1 {
            parts.append("PRIMARY KEY (" + table.primaryKey.map(Naming.sql).joined(separator: ", ") + ")")
        }
        let body = parts.map { "    " + $0 }.joined(separator: ",\n")
        return "CREATE TABLE IF NOT EXISTS \(Naming.sql(table.name)) (\n\(body)\n)"
    }

    static func createIndex(_ index: Index) -> String {
        let unique = index.isUnique ? "UNIQUE " : ""
        let columns = index.columns.map(Naming.sql).joined(separator: ", ")
        return "CREATE \(unique)INDEX IF NOT EXISTS \(Naming.sql(index.name)) ON \(Naming.sql(index.table)) (\(columns))"
    }

    /// The column as it appears in `CREATE TABLE` (and in `ALTER TABLE … ADD COLUMN`).
    static func definition(_ column: ColumnDefinition, isAutoIncrement: Bool) -> String {
        var parts = [Naming.sql(column.name)]
        if !column.sqlType.isEmpty { parts.append(column.sqlType) }
        if column.isPrimaryKey { parts.append("PRIMARY KEY") }
        if !column.isNullable && !(column.isPrimaryKey && isAutoIncrement) { parts.append("NOT NULL") }
        if column.isUnique { parts.append("UNIQUE") }
        if let defaultSQL = column.defaultSQL { parts.append("DEFAULT \(defaultSQL)") }
        if let check = column.check { parts.append("CHECK (\(check))") }
        if let reference = column.reference {
            parts.append("REFERENCES \(Naming.sql(reference.targetTable)) (" + reference.targetColumns.map(Naming.sql).joined(separator: ", ") + ")")
            if reference.onDelete != .noAction { parts.append("ON DELETE \(reference.onDelete.sql)") }
            if reference.onUpdate != .noAction { parts.append("ON UPDATE \(reference.onUpdate.sql)") }
        }
        return parts.joined(separator: " ")
    }
}

extension SwiftRenderer {
    /// `ORMKit.TableSchema(…)` spanning several lines; `indent` is the level of the line it starts on.
    func renderTableSchema(_ table: Table, indent: Int) -> String {
        let hasPostgreSQL = !schema.postgresqlIssues.contains { $0.kind == .unsupported && $0.table == table.name }
        var writer = CodeWriter()
        writer.block("ORMKit.TableSchema(", closer: ")") { writer in
            writer.line("name: \(SwiftLiteral.string(table.name)),")
            list("columns", table.columns.map { columnSchema($0, in: table, postgreSQL: hasPostgreSQL) }, into: &writer)
            writer.line("primaryKey: \(stringArray(table.primaryKey)),")
            writer.line("isAutoIncrement: \(table.isAutoIncrement),")
            if !table.indexes.isEmpty { list("indexes", table.indexes.map(indexSchema), into: &writer) }
            if !table.foreignKeys.isEmpty { list("foreignKeys", table.foreignKeys.map(foreignKeySchema), into: &writer) }
            if !table.relations.isEmpty { list("relations", table.relations.map(relationSchema), into: &writer) }
            if hasPostgreSQL {
                writer.line("createTableSQL: \(SwiftLiteral.string(DDLRenderer.createTable(table))),")
                let postgreSQL = PostgreSQLDDL.createTable(table, deferring: PostgreSQLDDL.forwardReferences(of: table, in: schema))
                writer.line("postgresqlCreateTableSQL: \(SwiftLiteral.string(postgreSQL))")
            } else {
                writer.line("createTableSQL: \(SwiftLiteral.string(DDLRenderer.createTable(table)))")
            }
        }
        let padding = String(repeating: "    ", count: indent)
        let lines = writer.text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { $0.offset == 0 ? String($0.element) : padding + $0.element }.joined(separator: "\n")
    }

    private func list(_ label: String, _ items: [String], into writer: inout CodeWriter) {
        writer.block("\(label): [", closer: "],") { writer in
            for item in items { writer.line(item + ",") }
        }
    }

    func stringArray(_ values: [String]) -> String {
        "[" + values.map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }

    /// `ORMKit.ColumnSchema(…)`, with its PostgreSQL type, default and definition unless `postgreSQL` is false
    /// (the table has a name PostgreSQL cannot take).
    private func columnSchema(_ column: ColumnDefinition, in table: Table, postgreSQL: Bool) -> String {
        let isAutoIncrement = table.isAutoIncrement
        var arguments = [
            "name: \(SwiftLiteral.string(column.name))", "type: \(SwiftLiteral.string(column.sqlType))",
            "isNullable: \(column.isNullable)",
        ]
        if let storage = column.storage { arguments.append("storage: \(SwiftLiteral.string(storage))") }
        if let defaultSQL = column.defaultSQL { arguments.append("defaultSQL: \(SwiftLiteral.string(defaultSQL))") }
        if column.isUnique { arguments.append("isUnique: true") }
        if let check = column.check { arguments.append("check: \(SwiftLiteral.string(check))") }
        arguments.append("definition: \(SwiftLiteral.string(DDLRenderer.definition(column, isAutoIncrement: isAutoIncrement)))")
        if postgreSQL {
            var dialect = ["type: \(SwiftLiteral.string(PostgreSQLTypes.type(of: column)))"]
            if let defaultSQL = PostgreSQLTypes.defaultSQL(of: column) { dialect.append("defaultSQL: \(SwiftLiteral.string(defaultSQL))") }
            let definition = PostgreSQLDDL.definition(column, table: table.name, isAutoIncrement: isAutoIncrement)
            dialect.append("definition: \(SwiftLiteral.string(definition))")
            arguments.append("postgresql: ORMKit.DialectColumn(\(dialect.joined(separator: ", ")))")
        }
        return "ORMKit.ColumnSchema(\(arguments.joined(separator: ", ")))"
    }

    func indexSchema(_ index: Index) -> String {
        "ORMKit.IndexSchema(name: \(SwiftLiteral.string(index.name)), columns: \(stringArray(index.columns)), "
            + "isUnique: \(index.isUnique), sql: \(SwiftLiteral.string(DDLRenderer.createIndex(index))))"
    }

    private func foreignKeySchema(_ key: ForeignKey) -> String {
        "ORMKit.ForeignKeySchema(columns: \(stringArray(key.columns)), targetTable: \(SwiftLiteral.string(key.targetTable)), "
            + "targetColumns: \(stringArray(key.targetColumns)), onDelete: .\(key.onDelete.rawValue), onUpdate: .\(key.onUpdate.rawValue))"
    }

    private func relationSchema(_ relation: Relation) -> String {
        let kind: String
        switch relation.kind {
        case let .belongsTo(columns, targetColumns, isOptional):
            kind = ".belongsTo(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)), isOptional: \(isOptional))"
        case let .hasMany(columns, targetColumns):
            kind = ".hasMany(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)))"
        case let .hasOne(columns, targetColumns):
            kind = ".hasOne(columns: \(stringArray(columns)), targetColumns: \(stringArray(targetColumns)))"
        case let .manyToMany(joinTable, columns, joinColumns, targetColumns, joinTargetColumns, positionColumn):
            kind = ".manyToMany(joinTable: \(SwiftLiteral.string(joinTable)), columns: \(stringArray(columns)), "
                + "joinColumns: \(stringArray(joinColumns)), targetColumns: \(stringArray(targetColumns)), "
                + "joinTargetColumns: \(stringArray(joinTargetColumns)), positionColumn: "
                + (positionColumn.map(SwiftLiteral.string) ?? "nil") + ")"
        }
        return "ORMKit.RelationSchema(name: \(SwiftLiteral.string(relation.name)), targetTable: \(SwiftLiteral.string(relation.targetTable)), kind: \(kind))"
    }
}

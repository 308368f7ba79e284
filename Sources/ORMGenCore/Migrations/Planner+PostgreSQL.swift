import ORMSchema

/// The steps as PostgreSQL runs them: no table rebuilds, since its `ALTER TABLE` drops any column and changes a
/// column's type, nullability, default and constraints in place; enum values are CHECK constraints that follow
/// the schema; foreign keys to tables that do not exist yet wait until they do.
struct PostgreSQLPlanning: PlanningDialect {
    var ddl: any SchemaDialect { PostgreSQLDDL() }

    func header(from old: Int, to new: Int) -> [String] {
        [
            "-- ormgen diff --dialect postgresql: schema version \(old) → \(new)",
            "-- migrate runs all of this in one transaction (PostgreSQL's DDL is transactional); sql steps run as written.",
        ]
    }

    func dropColumn(_ planner: inout Planner, table: Int, column: String) {
        planner.dropColumnOnPostgreSQL(table: table, column: column)
    }

    func alterColumn(_ planner: inout Planner, table: String, column: String) {
        planner.alterColumnOnPostgreSQL(table: table, column: column)
    }

    func createTable(_ planner: inout Planner, _ table: Table) {
        planner.createTableOnPostgreSQL(table)
    }

    /// PostgreSQL's `ADD COLUMN` adds any column (key, UNIQUE, `CURRENT_TIMESTAMP` default).
    func addable(_ missing: [ColumnDefinition], in table: Table) -> [ColumnDefinition] {
        missing
    }

    func addColumn(_ planner: inout Planner, _ column: ColumnDefinition, to table: Table, at position: Int) {
        planner.addColumnOnPostgreSQL(column, to: table, at: position)
    }

    /// `ALTER TABLE … DROP CONSTRAINT` of each column's `UNIQUE` constraint, by the name it was created with.
    func dropUniqueConstraints(_ planner: inout Planner, of columns: [String], in table: Table, at position: Int) {
        for column in columns {
            guard let index = planner.tables[position].columns.firstIndex(where: { $0.name == column }) else { continue }
            let name = planner.tables[position].columns[index].constraintNames[PostgreSQLNames.Label.unique]
                ?? PostgreSQLNames.constraint(table: planner.tables[position].name, column: column, label: PostgreSQLNames.Label.unique)
            planner.lines.append("ALTER TABLE \(Naming.sql(planner.tables[position].name)) DROP CONSTRAINT \(Naming.sql(name));")
            planner.tables[position].columns[index].definition.isUnique = false
        }
    }

    func finishTable(_ planner: inout Planner, _ table: Table, isLast: Bool) {
        planner.updateEnumChecks(of: table, adding: isLast)
    }

    func finishSection(_ planner: inout Planner) {
        planner.addDeferredForeignKeys()
    }

    func finish(_ planner: inout Planner, lastVersion: Int?) {
        planner.lines += ["", "-- migrate records schema version \(planner.new.version)."]
    }
}

/// PostgreSQLPlanning's steps, on the planner's state.
extension Planner {
    /// A new table's `CREATE TABLE`; foreign keys to tables that do not exist yet wait in `deferredForeignKeys`.
    mutating func createTableOnPostgreSQL(_ table: Table) {
        let waiting = table.columns.filter { column in
            guard let target = column.reference?.targetTable else { return false }
            return target.lowercased() != table.name.lowercased() && tableIndex(target) == nil
        }
        lines += PostgreSQLDDL().typeStatements(for: [table.definition]).map { $0 + ";" }
        lines.append(PostgreSQLDDL().createTable(table.definition, deferring: Set(waiting.map(\.name))) + ";")
        deferredForeignKeys += waiting.map { (table.name, $0) }
    }

    /// `ALTER TABLE … ADD COLUMN`, with its foreign key unless the target table does not exist yet.
    mutating func addColumnOnPostgreSQL(_ column: ColumnDefinition, to table: Table, at position: Int) {
        let tableName = tables[position].name
        let waits = column.reference.map { tableIndex($0.targetTable) == nil } ?? false
        var live = table.definition
        live.name = tableName
        let definition = PostgreSQLDDL().columnDefinition(column.schema, in: live, withReference: !waits)
        if case let .enumeration(_, labels, typeName?) = column.schema.kind {
            lines.append(PostgreSQLDDL.createEnumType(typeName, labels: labels) + ";")
        }
        lines.append("ALTER TABLE \(Naming.sql(table.name)) ADD COLUMN \(definition);")
        if waits { deferredForeignKeys.append((tableName, column)) }
    }

    /// The deferred foreign keys whose target table exists now.
    mutating func addDeferredForeignKeys() {
        var waiting: [(table: String, column: ColumnDefinition)] = []
        for (table, column) in deferredForeignKeys {
            guard let target = column.reference?.targetTable, tableIndex(target) != nil else {
                waiting.append((table, column))
                continue
            }
            if let statement = PostgreSQLDDL().addForeignKey(of: column.schema, reference: column.reference?.schema, table: table) {
                lines.append(statement + ";")
            }
        }
        deferredForeignKeys = waiting
    }

    /// `dropColumn`: `ALTER TABLE … DROP COLUMN`, which also drops the indexes and constraints on the column.
    mutating func dropColumnOnPostgreSQL(table position: Int, column: String) {
        let name = column.lowercased()
        lines.append("ALTER TABLE \(Naming.sql(tables[position].name)) DROP COLUMN \(Naming.sql(column));")
        tables[position].columns.removeAll { $0.name.lowercased() == name }
        tables[position].indexes.removeAll { $0.columns.contains { $0.lowercased() == name } }
        tables[position].foreignKeys.removeAll { $0.columns.contains { $0.lowercased() == name } }
    }

    /// `alterColumn`: the statements that bring the column to its definition in the newer schema, each only when it
    /// changes: changed constraints dropped, the default dropped around a type change, `TYPE … USING`, the new
    /// default, `SET`/`DROP NOT NULL`, then the changed constraints added.
    mutating func alterColumnOnPostgreSQL(table name: String, column: String) {
        guard let position = tableIndex(name), let target = new.tables.first(where: { $0.name.lowercased() == name.lowercased() }),
            let wanted = target.columns.first(where: { $0.name.lowercased() == column.lowercased() }),
            let existingIndex = tables[position].columns.firstIndex(where: { $0.name.lowercased() == column.lowercased() })
        else {
            lines.append("-- alterColumn \(name).\(column): not in both schemas; the runtime reports this step as invalid")
            return
        }
        let existing = tables[position].columns[existingIndex]
        let tableName = tables[position].name
        let alterTable = "ALTER TABLE \(Naming.sql(tableName))"
        let alterColumn = "\(alterTable) ALTER COLUMN \(Naming.sql(wanted.name))"
        let before = existing.definition.postgreSQLConstraints(table: tableName)
        let after = wanted.postgreSQLConstraints(table: tableName)
        let changed = Set((before + after).map(\.label)).filter { label in
            before.first { $0.label == label }?.tableBody != after.first { $0.label == label }?.tableBody
        }
        let isIdentity = wanted.isPrimaryKey && target.isAutoIncrement
        let ddl = PostgreSQLDDL()
        let oldType = ddl.columnType(existing.definition.schema)
        let newType = ddl.columnType(wanted.schema)
        let typeChanges = oldType != newType && !isIdentity
        let oldDefault = ddl.defaultSQL(of: existing.definition.schema)
        let newDefault = ddl.defaultSQL(of: wanted.schema)
        let defaultChanges = typeChanges || oldDefault != newDefault

        var statements: [String] = []
        var names = existing.constraintNames
        for constraint in before where changed.contains(constraint.label) {
            statements.append("\(alterTable) DROP CONSTRAINT \(Naming.sql(names[constraint.label] ?? constraint.name))")
            names[constraint.label] = nil
        }
        if oldDefault != nil && defaultChanges { statements.append("\(alterColumn) DROP DEFAULT") }
        if typeChanges {
            statements.append("\(alterColumn) TYPE \(newType) USING \(Naming.sql(wanted.name))::\(newType)")
        }
        if let newDefault, defaultChanges { statements.append("\(alterColumn) SET DEFAULT \(newDefault)") }
        let wasNullable = existing.definition.isNullable && !existing.definition.isPrimaryKey
        let isNullable = wanted.isNullable && !wanted.isPrimaryKey
        if wasNullable != isNullable { statements.append("\(alterColumn) \(isNullable ? "DROP" : "SET") NOT NULL") }
        for constraint in after where changed.contains(constraint.label) {
            statements.append("\(alterTable) ADD CONSTRAINT \(Naming.sql(constraint.name)) \(constraint.tableBody)")
            names[constraint.label] = constraint.name
        }

        if statements.isEmpty {
            lines.append("-- alterColumn \(name).\(column): already its current definition on PostgreSQL; nothing to do")
        } else {
            lines.append("-- alterColumn \(name).\(column): ALTER TABLE to the current definition")
            if typeChanges {
                lines.append("-- (\(oldType) to \(newType): the USING cast converts the stored values; write a sql step where they need more)")
            }
            lines += statements.map { $0 + ";" }
        }
        tables[position].columns[existingIndex].definition = wanted
        tables[position].columns[existingIndex].constraintNames = names
    }

    /// Enum values are a CHECK on PostgreSQL (SQLite has none), so they follow the schema without a step: a CHECK
    /// whose values changed is dropped in every additive section (before the version's steps, which may rewrite the
    /// stored values), and the current one added in the last (`adding`).
    mutating func updateEnumChecks(of table: Table, adding: Bool) {
        guard let position = tableIndex(table.name) else { return }
        let label = PostgreSQLNames.Label.enumeration
        let tableName = tables[position].name
        for wanted in table.columns {
            guard let columnIndex = tables[position].columns.firstIndex(where: { $0.name.lowercased() == wanted.name.lowercased() })
            else { continue }
            let existing = tables[position].columns[columnIndex]
            if addEnumLabels(from: existing.definition, to: wanted) {
                tables[position].columns[columnIndex].definition.content = wanted.content
            }
            let current = existing.definition.postgreSQLConstraints(table: tableName).first { $0.label == label }
            let target = wanted.postgreSQLConstraints(table: tableName).first { $0.label == label }
            if let name = existing.constraintNames[label], current?.tableBody != target?.tableBody {
                lines.append("ALTER TABLE \(Naming.sql(tableName)) DROP CONSTRAINT \(Naming.sql(name));")
                tables[position].columns[columnIndex].constraintNames[label] = nil
            }
            if adding, let target, tables[position].columns[columnIndex].constraintNames[label] == nil {
                lines.append("ALTER TABLE \(Naming.sql(tableName)) ADD CONSTRAINT \(Naming.sql(target.name)) \(target.tableBody);")
                tables[position].columns[columnIndex].constraintNames[label] = target.name
                tables[position].columns[columnIndex].definition.content = wanted.content
            }
        }
    }

    /// `ALTER TYPE … ADD VALUE` for each label `wanted`'s enum type has and `existing`'s lacks (a PostgreSQL enum
    /// type keeps its labels: a removed one stays in the type, and no row can be read with it).
    /// Returns whether it added any.
    mutating func addEnumLabels(from existing: ColumnDefinition, to wanted: ColumnDefinition) -> Bool {
        guard case let .enumeration(_, labels, typeName?) = wanted.content,
            case let .enumeration(_, oldLabels, oldTypeName) = existing.content, oldTypeName == typeName
        else { return false }
        let added = PostgreSQLDDL.addEnumLabels(typeName, labels: labels, existing: oldLabels)
        lines += added.map { $0 + ";" }
        return !added.isEmpty
    }
}

import ORMSchema

/// The steps as SQLite runs them: `ALTER TABLE` where SQLite's can make the change, else the 12-step table
/// rebuild (`Planner.rebuild`).
struct SQLitePlanning: PlanningDialect {
    var ddl: any SchemaDialect { SQLiteDDL() }

    func header(from old: Int, to new: Int) -> [String] {
        [
            "-- ormgen diff: schema version \(old) → \(new)",
            "-- migrate runs all of this in one transaction: foreign keys off, PRAGMA foreign_key_check before the commit.",
        ]
    }

    func dropColumn(_ planner: inout Planner, table index: Int, column: String) {
        let table = planner.tables[index].name
        guard planner.tables[index].isConstrained(column) else {
            planner.lines.append("ALTER TABLE \(Naming.sql(table)) DROP COLUMN \(Naming.sql(column));")
            planner.tables[index].columns.removeAll { $0.name == column }
            return
        }
        planner.lines.append("-- dropColumn \(table).\(column): the column is in a key, UNIQUE, indexed or a foreign key, so the table is rebuilt")
        planner.rebuild(table, dropping: column)
    }

    func alterColumn(_ planner: inout Planner, table: String, column: String) {
        planner.lines.append("-- alterColumn \(table).\(column): rebuild to the current definition")
        planner.rebuild(table, dropping: nil)
    }

    func createTable(_ planner: inout Planner, _ table: Table) {
        planner.lines.append(SQLiteDDL().createTable(table.definition) + ";")
    }

    /// SQLite's `ADD COLUMN` takes no key, `UNIQUE` or expression default, nor `NOT NULL` without a default.
    func addable(_ missing: [ColumnDefinition], in table: Table) -> [ColumnDefinition] {
        missing.filter { column in
            if column.isPrimaryKey || column.isUnique || table.primaryKey.contains(column.name) { return false }
            if case .now? = column.defaultValue { return false }
            return column.isNullable || column.defaultValue != nil
        }
    }

    func addColumn(_ planner: inout Planner, _ column: ColumnDefinition, to table: Table, at position: Int) {
        planner.lines.append(
            "ALTER TABLE \(Naming.sql(table.name)) ADD COLUMN \(SQLiteDDL().columnDefinition(column.schema, in: table.definition));")
    }

    /// A table rebuild (SQLite cannot drop a column's `UNIQUE` constraint in place).
    func dropUniqueConstraints(_ planner: inout Planner, of columns: [String], in table: Table, at position: Int) {
        planner.lines.append("-- \(columns.joined(separator: ", ")) of \(table.name): unique among live rows only now (softDelete), not by a UNIQUE constraint: rebuild")
        planner.rebuild(table.name, dropping: nil)
    }

    func finishTable(_ planner: inout Planner, _ table: Table, isLast: Bool) {}

    func finishSection(_ planner: inout Planner) {}

    /// Storage changes the plan leaves as they are, the format-1 date conversion, `PRAGMA user_version`.
    func finish(_ planner: inout Planner, lastVersion: Int?) {
        planner.warnAboutStorageChanges(lastVersion: lastVersion)
        if planner.new.tables.contains(where: { $0.columns.contains { $0.storage == ScalarStorage.Kind.referenceSeconds.rawValue } }) {
            planner.lines += [
                "",
                "-- Date fields without storage: are REAL seconds since 2001. A database written before storage format 2",
                "-- (PRAGMA application_id 0) kept REAL seconds since 1970: migrate converts those columns first, in this",
                "-- transaction (UPDATE t SET c = c - 978307200.0), and stamps PRAGMA application_id = 1330793778.",
            ]
        }
        planner.lines += ["", "PRAGMA user_version = \(planner.new.version);"]
    }
}

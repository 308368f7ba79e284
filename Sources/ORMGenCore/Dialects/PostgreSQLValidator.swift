import ORMSchema

/// Something a dialect's DDL cannot say the way the schema does, found on the resolved schema.
struct DialectIssue: Sendable {
    enum Kind: Sendable {
        /// The DDL would not match the generated code (a name PostgreSQL cuts, a name taken twice): an error
        /// from `ormgen sql`/`diff --dialect postgresql`, a warning from `generate` and `check`.
        case unsupported
        /// The DDL makes a choice the schema leaves open (the type of a converter without `sqlType`): a warning
        /// from `ormgen sql`/`diff --dialect postgresql`, silent elsewhere.
        case assumption
    }

    var kind: Kind
    var message: String
    var location: SchemaLocation
    /// The table whose PostgreSQL DDL it affects (generated code leaves out that table's PostgreSQL metadata
    /// when the issue is `unsupported`).
    var table: String
}

/// Checks a resolved schema against PostgreSQL's rules: identifiers of at most 63 bytes (tables, columns,
/// indexes; the constraint names ormgen makes up are shortened instead), constraint names that must not take a
/// table's or index's name, system column names, text defaults holding NUL, converter columns without a
/// declared type, and enum types (`enumType:`) shared by fields with other values.
enum PostgreSQLValidator {
    static func issues(in schema: Schema) -> [DialectIssue] {
        let fallback = SchemaLocation(path: schema.sourcePaths.first ?? "", line: 1, column: 1)
        var issues: [DialectIssue] = []
        func report(_ kind: DialectIssue.Kind, _ message: String, at location: SchemaLocation?, table: String) {
            issues.append(DialectIssue(kind: kind, message: message, location: location ?? fallback, table: table))
        }
        /// `subject` names the identifier, `name` is it.
        func tooLong(_ subject: String, _ name: String, fix: String) -> String {
            "\(subject) is \(name.utf8.count) bytes long; PostgreSQL cuts identifiers to \(PostgreSQLNames.maximumLength) bytes, "
                + "so the database would not match the generated code; \(fix)"
        }
        var enumTypes: [String: (labels: [String], column: String)] = [:]
        var relationNames: [String: String] = [:]
        for table in schema.tables {
            relationNames[table.name.lowercased()] = "table '\(table.name)'"
            for index in table.indexes { relationNames[index.name.lowercased()] = "index '\(index.name)'" }
        }
        var addedIndexes = schema.migrations.flatMap(\.steps).compactMap { step -> Index? in
            if case let .addIndex(index) = step { return index }
            return nil
        }
        for table in schema.tables {
            let owner = table.modelName.map { "model '\($0)'" } ?? "a manyToMany relation"
            if !PostgreSQLNames.fits(table.name) {
                let fix = table.modelName == nil ? "set a shorter 'through:'" : "set a shorter 'table:'"
                report(.unsupported, tooLong("table name '\(table.name)' of \(owner)", table.name, fix: fix), at: table.location, table: table.name)
            }
            for column in table.columns {
                if !PostgreSQLNames.fits(column.name) {
                    let fix = table.modelName == nil ? "set a shorter 'ownerColumn:' or 'targetColumn:'" : "set a shorter 'column:'"
                    report(.unsupported, tooLong("column '\(column.name)' of table '\(table.name)'", column.name, fix: fix), at: column.location, table: table.name)
                }
                for constraint in column.postgreSQLConstraints(table: table.name) where constraint.label == PostgreSQLNames.Label.unique {
                    if let other = relationNames[constraint.name.lowercased()] {
                        report(
                            .unsupported,
                            "the UNIQUE constraint of column '\(column.name)' in table '\(table.name)' is named '\(constraint.name)' on PostgreSQL, "
                                + "which is already the name of \(other); rename that one",
                            at: column.location, table: table.name)
                    }
                    relationNames[constraint.name.lowercased()] = "the UNIQUE constraint of '\(table.name).\(column.name)'"
                }
                if PostgreSQLNames.systemColumns.contains(column.name) {
                    report(
                        .unsupported,
                        "column '\(column.name)' of table '\(table.name)' has the name of a PostgreSQL system column, which a table cannot declare; "
                            + (table.modelName == nil ? "set another 'ownerColumn:' or 'targetColumn:'" : "set another 'column:'"),
                        at: column.location, table: table.name)
                }
                if case let .value(_, .text(text))? = column.defaultValue, text.unicodeScalars.contains("\u{0}") {
                    report(
                        .unsupported,
                        "the default of column '\(column.name)' of table '\(table.name)' contains a NUL character, which PostgreSQL text cannot hold; remove it",
                        at: column.location, table: table.name)
                }
                if case let .enumeration(_, labels, typeName?) = column.content {
                    let here = "'\(table.name).\(column.name)'"
                    if let first = enumTypes[typeName], first.labels != labels {
                        report(
                            .unsupported,
                            "enum column \(here) has enumType '\(typeName)' with other values than \(first.column) (\(first.labels.joined(separator: ", "))); "
                                + "a PostgreSQL enum type has one list of labels: give both fields the same values in the same order",
                            at: column.location, table: table.name)
                    }
                    enumTypes[typeName] = enumTypes[typeName] ?? (labels, here)
                }
                if case .converter(sqlType: "") = column.content {
                    report(
                        .assumption,
                        "converter column '\(column.name)' in table '\(table.name)' has no sqlType, so its PostgreSQL column is TEXT "
                            + "(right when its databaseValue is a String); add 'sqlType: INTEGER', 'REAL', 'TEXT' or 'BLOB' to say what it stores",
                        at: column.location, table: table.name)
                }
            }
            for index in table.indexes where !PostgreSQLNames.fits(index.name) {
                let isDerived = index.name == table.name + "_" + index.columns.joined(separator: "_")
                let fix = isDerived
                    ? "it is named after its table and columns, so declare it under 'indexes:' with a shorter 'name:'"
                    : "set a shorter 'name:'"
                report(.unsupported, tooLong("index name '\(index.name)'", index.name, fix: fix), at: index.location, table: table.name)
                addedIndexes.removeAll { $0.name == index.name && $0.location == index.location }
            }
        }
        for index in addedIndexes where !PostgreSQLNames.fits(index.name) {
            report(.unsupported, tooLong("index name '\(index.name)' of an addIndex step", index.name, fix: "set a shorter 'name:'"), at: index.location, table: index.table)
        }
        return issues
    }
}

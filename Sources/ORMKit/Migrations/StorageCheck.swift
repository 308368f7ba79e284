/// Checks, before any typed query or write runs, that every column the schema declares has a declared type
/// whose affinity keeps what the field stores: a `Date` stored as REAL seconds on a `DATETIME` column of text
/// dates would compare REAL with TEXT and match nothing. One query over `sqlite_master` and
/// `pragma_table_info` for all tables.
enum StorageCheck {
    /// The columns whose live declared type has another affinity than the schema's.
    static func mismatches(_ schema: SchemaDefinition, _ conn: Connection) throws -> [StorageMismatch] {
        let live = try conn.migrationRows(
            "SELECT m.name, p.name, p.type FROM sqlite_master AS m JOIN pragma_table_info(m.name) AS p WHERE m.type = 'table'"
        ) { (table: $0.string(at: 0).lowercased(), column: $0.string(at: 1).lowercased(), type: $0.string(at: 2)) }
        var types: [String: [String: String]] = [:]
        for entry in live { types[entry.table, default: [:]][entry.column] = entry.type }
        var result: [StorageMismatch] = []
        for table in schema.tables {
            guard let columns = types[table.name.lowercased()] else { continue }
            for column in table.columns {
                guard let found = columns[column.name.lowercased()] else { continue }
                if SQLAffinity(declaredType: found) != SQLAffinity(declaredType: column.type) {
                    result.append(StorageMismatch(
                        table: table.name, column: column.name, expected: column.type, found: found, storage: column.storage))
                }
            }
        }
        return result
    }
}

/// A column whose live declared type does not fit the storage the schema expects.
public struct StorageMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The table.
    public let table: String
    /// The column.
    public let column: String
    /// The declared type the schema expects (its `sqlType`, or the storage's type).
    public let expected: String
    /// The declared type the file has.
    public let found: String
    /// The field's storage name, when it has one (`referenceSeconds`, `sqliteText`, …).
    public let storage: String?

    /// `Invoice.InvoiceDate: expected REAL (Date stored as referenceSeconds), found DATETIME (NUMERIC affinity); …`
    public var description: String {
        let what = storage.map { " (stored as \($0))" } ?? ""
        return "\(table).\(column): expected \(expected.isEmpty ? "no type" : expected)\(what), found "
            + "\(found.isEmpty ? "no type" : found) (\(SQLAffinity(declaredType: found).rawValue) affinity, not "
            + "\(SQLAffinity(declaredType: expected).rawValue)); declare the field's storage and sqlType to match the file "
            + "(ormgen pull writes them)"
    }
}

/// SQLite's column affinity of a declared type (https://www.sqlite.org/datatype3.html, section 3.1).
enum SQLAffinity: String {
    case integer = "INTEGER", text = "TEXT", blob = "BLOB", real = "REAL", numeric = "NUMERIC"

    init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

import ORMSchema
import ORMKitSQLite

/// Checks, before any typed query or write runs, that every column the schema declares has a declared type
/// whose affinity keeps what the field stores: a `Date` stored as REAL seconds on a `DATETIME` column of text
/// dates would compare REAL with TEXT and match nothing. Reads each declared type from SQLite's parsed schema
/// with `sqlite3_table_column_metadata` (no statement; columns the file lacks are left to the drift check). It
/// also notices tables the schema declares and the file lacks (dropped outside `migrate`).
enum StorageCheck {
    /// The schema's tables the file lacks.
    static func missingTables(_ schema: SchemaDefinition, _ conn: Connection) -> [String] {
        schema.tables.map(\.name).filter {
            sqlite3_table_column_metadata(conn.handle, "main", $0, nil, nil, nil, nil, nil, nil) != SQLITE_OK
        }
    }

    /// The columns whose live declared type has another affinity than the schema's.
    static func mismatches(_ schema: SchemaDefinition, _ conn: Connection) throws -> [StorageMismatch] {
        var result: [StorageMismatch] = []
        for table in schema.tables {
            for column in table.columns {
                var declared: UnsafePointer<CChar>?
                let code = sqlite3_table_column_metadata(conn.handle, "main", table.name, column.name, &declared, nil, nil, nil, nil)
                guard code == SQLITE_OK else { continue }
                let found = declared.map { String(cString: $0) } ?? ""
                if found != column.type, SQLiteAffinity(declaredType: found) != SQLiteAffinity(declaredType: column.type) {
                    result.append(StorageMismatch(
                        table: table.name, column: column.name, expected: column.type, found: found, storage: column.storage))
                }
            }
        }
        return result
    }

    /// How many non-NULL values of a column `valueMismatches` reads: the first rows, so the check costs one short
    /// scan per column whose storage could be confused.
    static let sampleSize = 16

    /// The columns whose stored values are of another storage class than their field's storage writes (text
    /// dates under a field stored as REAL seconds, …), from a sample of each column's first non-NULL values:
    /// declared types can agree while the values do not, and a typed filter would then compare REAL with TEXT and
    /// answer wrong. Columns the file lacks are left to the drift check.
    static func valueMismatches(_ schema: SchemaDefinition, _ conn: Connection) throws -> [StorageMismatch] {
        var result: [StorageMismatch] = []
        for table in schema.tables {
            for column in table.columns {
                guard let storage = column.storage, let expected = StoredClass(storage: storage),
                    sqlite3_table_column_metadata(conn.handle, "main", table.name, column.name, nil, nil, nil, nil, nil) == SQLITE_OK
                else { continue }
                let name = quoteIdentifier(column.name)
                let sample = try conn.migrationRows(
                    "SELECT typeof(\(name)), quote(\(name)) FROM \(quoteIdentifier(table.name)) WHERE \(name) IS NOT NULL LIMIT \(sampleSize)"
                ) { row in (row.string(at: 0), row.string(at: 1)) }
                guard let odd = sample.first(where: { !expected.accepts($0.0) }) else { continue }
                result.append(StorageMismatch(
                    table: table.name, column: column.name, expected: expected.description, found: odd.0.uppercased(),
                    storage: storage, sample: odd.1))
            }
        }
        return result
    }

    /// The storage classes (`typeof`) a field's storage writes.
    private enum StoredClass: CustomStringConvertible {
        case number, text, blob

        init?(storage: String) {
            switch storage {
            case "referenceSeconds", "unixSeconds", "unixMilliseconds", "julianDay", "real", "scaledInteger", "integer":
                self = .number
            case "iso8601Text", "sqliteText", "text", "uppercaseText":
                self = .text
            case "blob":
                self = .blob
            default:
                return nil
            }
        }

        func accepts(_ storageClass: String) -> Bool {
            switch self {
            case .number: storageClass == "integer" || storageClass == "real"
            case .text: storageClass == "text"
            case .blob: storageClass == "blob"
            }
        }

        var description: String {
            switch self {
            case .number: "INTEGER or REAL"
            case .text: "TEXT"
            case .blob: "BLOB"
            }
        }
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
    /// When the mismatch is in the stored values (the declared types agree): one value of the other storage class,
    /// as SQL's `quote()` writes it; `expected` and `found` are then storage classes.
    public let sample: String?

    init(table: String, column: String, expected: String, found: String, storage: String?, sample: String? = nil) {
        self.table = table
        self.column = column
        self.expected = expected
        self.found = found
        self.storage = storage
        self.sample = sample
    }

    /// `Invoice.InvoiceDate: expected REAL (Date stored as referenceSeconds), found DATETIME (NUMERIC affinity); …`
    public var description: String {
        let what = storage.map { " (stored as \($0))" } ?? ""
        if let sample {
            return "\(table).\(column): the field\(what) reads \(expected) values, but the column holds \(found) values such "
                + "as \(sample); declare the field's storage to match the file (ormgen pull samples the values and writes it)"
        }
        return "\(table).\(column): expected \(expected.isEmpty ? "no type" : expected)\(what), found "
            + "\(found.isEmpty ? "no type" : found) (\(SQLiteAffinity(declaredType: found).rawValue) affinity, not "
            + "\(SQLiteAffinity(declaredType: expected).rawValue)); declare the field's storage and sqlType to match the file "
            + "(ormgen pull writes them)"
    }
}

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

    /// The columns whose stored values the field's storage would neither write nor match in a filter, from a
    /// sample of each column's first non-NULL values: another storage class (text dates under a field stored as
    /// REAL seconds), or a text form of its own class that it does not write — `'TRUE'` under `'true'`/`'false'`,
    /// an uppercase UUID under lowercase text — which decode but which a typed filter, binding the storage's own
    /// form, would not match. Declared types can agree while the values
    /// do not. Columns the file lacks are left to the drift check.
    static func valueMismatches(_ schema: SchemaDefinition, _ conn: Connection) throws -> [StorageMismatch] {
        var result: [StorageMismatch] = []
        for table in schema.tables {
            for column in table.columns {
                var declared: UnsafePointer<CChar>?
                guard let storage = column.storage, let expected = StoredClass(storage: storage),
                    sqlite3_table_column_metadata(conn.handle, "main", table.name, column.name, &declared, nil, nil, nil, nil) == SQLITE_OK
                else { continue }
                let affinity = SQLiteAffinity(declaredType: declared.map { String(cString: $0) } ?? "")
                let name = quoteIdentifier(column.name)
                let sample = try conn.migrationRows(
                    "SELECT typeof(\(name)), quote(\(name)), CAST(\(name) AS TEXT) FROM \(quoteIdentifier(table.name)) WHERE \(name) IS NOT NULL LIMIT \(sampleSize)"
                ) { row in (storageClass: row.string(at: 0), quoted: row.string(at: 1), text: row.string(at: 2)) }
                guard let odd = sample.first(where: { !expected.accepts($0.storageClass, text: $0.text, storage: storage, affinity: affinity) })
                else { continue }
                let sameClass = expected.accepts(odd.storageClass, text: nil, storage: storage, affinity: affinity)
                result.append(StorageMismatch(
                    table: table.name, column: column.name,
                    expected: sameClass ? "\(expected) in the form it writes" : expected.description,
                    found: sameClass ? "other \(odd.storageClass.uppercased()) forms" : odd.storageClass.uppercased(),
                    storage: storage, sample: odd.quoted))
            }
        }
        return result
    }

    /// The storage classes (`typeof`) a field's storage writes, and the text forms it writes.
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

        /// Whether a value of `storageClass` (and, for text, of the form `text`; nil: any form) is what the storage
        /// writes or a filter on it matches. Numbers under `storage: text` pass in a column of numeric affinity,
        /// where SQLite compares the bound text as a number (a `Decimal` on a `NUMERIC` column); not under date
        /// text, which never converts.
        func accepts(_ storageClass: String, text: String?, storage: String, affinity: SQLiteAffinity) -> Bool {
            switch self {
            case .number:
                return storageClass == "integer" || storageClass == "real"
            case .blob:
                return storageClass == "blob"
            case .text:
                guard storageClass == "text" else {
                    return storage == "text" && (storageClass == "integer" || storageClass == "real") && affinity != .text
                        && affinity != .blob
                }
                guard let text else { return true }
                return Self.isWrittenForm(text, storage: storage)
            }
        }

        /// Whether `text` is in the form the text storage `storage` writes, where a form it does not write would
        /// still decode: booleans and UUIDs in another case.
        private static func isWrittenForm(_ text: String, storage: String) -> Bool {
            switch storage {
            case "uppercaseText":
                return !isUUIDShaped(text) || text == text.uppercased()
            case "text":
                let lowercase = text.lowercased()
                return !(lowercase == "true" || lowercase == "false" || isUUIDShaped(text)) || text == lowercase
            default:
                return true
            }
        }

        /// `8-4-4-4-12` hexadecimal digits.
        private static func isUUIDShaped(_ text: String) -> Bool {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
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

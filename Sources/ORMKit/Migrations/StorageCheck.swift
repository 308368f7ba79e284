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
            + "\(found.isEmpty ? "no type" : found) (\(SQLiteAffinity(declaredType: found).rawValue) affinity, not "
            + "\(SQLiteAffinity(declaredType: expected).rawValue)); declare the field's storage and sqlType to match the file "
            + "(ormgen pull writes them)"
    }
}

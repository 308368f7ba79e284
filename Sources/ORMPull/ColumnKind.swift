import Foundation
import ORMSchema

/// What a declared column type maps to: ormgen's special cases (`BOOLEAN`, dates, `UUID`) first, then
/// SQLite's affinity rules in their order (https://www.sqlite.org/datatype3.html, section 3.1).
enum ColumnKind: Equatable {
    /// `BOOLEAN`, `BOOL`.
    case bool
    /// Any type containing `DATE` or `TIME`; the storage is read off the data.
    case date
    /// `UUID`, `GUID`; the storage is read off the data.
    case uuid
    /// INTEGER affinity: the type contains `INT`.
    case integer
    /// TEXT affinity: `CHAR`, `CLOB` or `TEXT`.
    case text
    /// BLOB affinity: `BLOB`, or no type at all.
    case blob
    /// REAL affinity: `REAL`, `FLOA` or `DOUB`.
    case real
    /// NUMERIC affinity (everything else, `NUMERIC(10,2)`, `DECIMAL`): INTEGER or REAL values, so a
    /// `Decimal` with `storage: real`.
    case numeric

    init(declaredType: String) {
        let type = declaredType.uppercased().trimmingCharacters(in: .whitespaces)
        self = if type == "BOOLEAN" || type == "BOOL" {
            .bool
        } else if type.contains("DATE") || type.contains("TIME") {
            .date
        } else if type == "UUID" || type == "GUID" {
            .uuid
        } else {
            switch SQLiteAffinity(declaredType: type) {
            case .integer: .integer
            case .text: .text
            case .blob: .blob
            case .real: .real
            case .numeric: .numeric
            }
        }
    }

    /// The Swift type of a field of this kind.
    var swiftType: String {
        switch self {
        case .bool: "Bool"
        case .date: "Date"
        case .uuid: "UUID"
        case .integer: "Int64"
        case .text: "String"
        case .blob: "Data"
        case .real: "Double"
        case .numeric: "Decimal"
        }
    }

    /// The column type ormgen writes for `swiftType` when no `sqlType` is given.
    var defaultSQLType: String {
        switch self {
        case .bool, .integer: "INTEGER"
        case .date, .real: "REAL"
        case .uuid, .blob: "BLOB"
        case .text, .numeric: "TEXT"
        }
    }

    /// Whether the field's storage is decided by sampling the column's values.
    var needsSample: Bool {
        self == .date || self == .uuid
    }
}

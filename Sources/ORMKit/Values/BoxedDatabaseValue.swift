import Foundation
import ORMKitSQLite

extension DatabaseValue: ColumnValue {
    /// A boxed value can itself be NULL.
    public typealias Nullable = Self

    /// Reads any column into its storage class, for raw SQL whose column types are not known statically.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> DatabaseValue {
        let value = row.columnValue(at: index)
        return switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: .real(sqlite3_value_double(value))
        case SQLITE_TEXT: .text(try row.checkedString(value, at: index, as: String.self))
        case SQLITE_BLOB: .blob(Row.withBytes(of: value) { Data($0) })
        default: .null
        }
    }

    /// Binds the boxed value.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        switch self {
        case .null: try binding.bindNull(at: index)
        case .integer(let value): try binding.bindInt64(value, at: index)
        case .real(let value): try binding.bindDouble(value, at: index)
        case .text(let value): try binding.bindText(value, at: index)
        case .blob(let value): try binding.bindBlob(value, at: index)
        }
    }

    /// `self`.
    public var storageValue: DatabaseValue { self }
}

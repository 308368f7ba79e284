import Foundation
import ORMKitSQLite

extension Decimal: ColumnValue {
    /// Reads a TEXT column holding the exact decimal `description` (an INTEGER is accepted too).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another storage class, or text that is not a number.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Decimal {
        let value = row.columnValue(at: index)
        switch sqlite3_value_type(value) {
        case SQLITE_TEXT:
            guard let decimal = Decimal(string: Row.string(of: value), locale: Locale(identifier: "en_US_POSIX")) else {
                throw row.decodingError(at: index, message: "the TEXT is not a decimal number")
            }
            return decimal
        case SQLITE_INTEGER:
            return Decimal(sqlite3_value_int64(value))
        default:
            throw row.typeMismatch(at: index, type: Decimal.self)
        }
    }

    /// Binds `description` (exact and locale-independent) as TEXT.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindText(description, at: index)
    }

    /// `.text(description)`.
    public var storageValue: DatabaseValue { .text(description) }
}

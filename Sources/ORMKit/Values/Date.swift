import Foundation
import ORMKitSQLite

extension Date: ColumnValue {
    /// Reads seconds since 1970-01-01T00:00:00Z from a REAL (or INTEGER) column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Date {
        let storage = row.storageClass(at: index)
        guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else {
            throw row.typeMismatch(at: index, type: Date.self)
        }
        return Date(timeIntervalSince1970: row.double(at: index))
    }

    /// Binds seconds since 1970 as a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(timeIntervalSince1970, at: index)
    }

    /// `.real(timeIntervalSince1970)`.
    public var storageValue: DatabaseValue { .real(timeIntervalSince1970) }
}

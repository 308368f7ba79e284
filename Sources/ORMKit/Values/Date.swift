import Foundation

extension Date: ColumnValue {
    /// Reads seconds since 1970-01-01T00:00:00Z from a REAL (or INTEGER) column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Date {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Date {
        Date(timeIntervalSince1970: try row.checkedDouble(value, at: index, as: Date.self))
    }

    /// Binds seconds since 1970 as a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(timeIntervalSince1970, at: index)
    }

    /// `.real(timeIntervalSince1970)`.
    public var storageValue: DatabaseValue { .real(timeIntervalSince1970) }
}

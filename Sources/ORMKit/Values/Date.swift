import Foundation

extension Date: ColumnValue {
    /// Reads seconds since 2001-01-01T00:00:00Z (`timeIntervalSinceReferenceDate`, the value a `Date` holds) from
    /// a REAL (or INTEGER) column: bit-exact, so every `Date` reads back equal to the one written.
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
        Date(timeIntervalSinceReferenceDate: try row.checkedDouble(value, at: index, as: Date.self))
    }

    /// Binds seconds since 2001-01-01T00:00:00Z as a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(timeIntervalSinceReferenceDate, at: index)
    }

    /// `.real(timeIntervalSinceReferenceDate)`.
    public var storageValue: DatabaseValue { .real(timeIntervalSinceReferenceDate) }

    /// Refuses NaN, which SQLite would store as NULL.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN.
    @inlinable
    public func checkStorable() throws {
        if timeIntervalSinceReferenceDate.isNaN { throw DatabaseError.notANumber }
    }
}

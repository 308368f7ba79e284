extension Float: ColumnValue {
    /// Reads a REAL column (an INTEGER is converted) and rounds it to `Float`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Float {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Float {
        Float(try row.checkedDouble(value, at: index, as: Float.self))
    }

    /// Binds a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(Double(self), at: index)
    }

    /// `.real(Double(self))`.
    public var storageValue: DatabaseValue { .real(Double(self)) }

    /// Refuses NaN, which SQLite would store as NULL.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN.
    @inlinable
    public func checkStorable() throws {
        if Double(self).isNaN { throw DatabaseError.notANumber }
    }
}

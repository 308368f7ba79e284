extension Double: ColumnValue {
    /// Reads a REAL column (an INTEGER is converted).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Double {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Double {
        try row.checkedDouble(value, at: index, as: Double.self)
    }

    /// Binds a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(self, at: index)
    }

    /// `.real(self)`.
    public var storageValue: DatabaseValue { .real(self) }

    /// Refuses NaN, which SQLite would store as NULL.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN.
    @inlinable
    public func checkStorable() throws {
        if self.isNaN { throw DatabaseError.notANumber }
    }
}

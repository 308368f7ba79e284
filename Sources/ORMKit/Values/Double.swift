extension Double: ColumnValue {
    /// Reads a REAL column (an INTEGER is converted).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Double {
        try row.checkedDouble(at: index, as: Double.self)
    }

    /// Binds a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(self, at: index)
    }

    /// `.real(self)`.
    public var storageValue: DatabaseValue { .real(self) }
}

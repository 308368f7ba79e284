extension Int64: ColumnValue {
    /// Reads an INTEGER column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Int64 {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Int64 {
        try row.checkedInt64(value, at: index, as: Int64.self)
    }

    /// Binds an INTEGER.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindInt64(self, at: index)
    }

    /// `.integer(self)`.
    public var storageValue: DatabaseValue { .integer(self) }
}

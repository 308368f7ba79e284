extension Bool: ColumnValue {
    /// Reads an INTEGER column: 0 is false, anything else true.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Bool {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Bool {
        try row.checkedInt64(value, at: index, as: Bool.self) != 0
    }

    /// Binds 1 or 0.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindInt64(self ? 1 : 0, at: index)
    }

    /// `.integer(1)` or `.integer(0)`.
    public var storageValue: DatabaseValue { .integer(self ? 1 : 0) }
}

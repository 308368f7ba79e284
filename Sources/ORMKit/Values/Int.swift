extension Int: ColumnValue {
    /// Reads an INTEGER column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another storage class, or a value out of range.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Int {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Int {
        guard let int = Int(exactly: try row.checkedInt64(value, at: index, as: Int.self)) else {
            throw row.decodingError(at: index, message: "the INTEGER value does not fit in Int")
        }
        return int
    }

    /// Binds an INTEGER.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindInt64(Int64(self), at: index)
    }

    /// `.integer(Int64(self))`.
    public var storageValue: DatabaseValue { .integer(Int64(self)) }
}

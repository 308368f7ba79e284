extension String: ColumnValue {
    /// Reads a TEXT column (UTF-8, by byte length: embedded NUL bytes are kept).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> String {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> String {
        try row.checkedString(value, at: index, as: String.self)
    }

    /// Binds TEXT with its explicit byte length.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindText(self, at: index)
    }

    /// `.text(self)`.
    public var storageValue: DatabaseValue { .text(self) }
}

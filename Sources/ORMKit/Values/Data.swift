import Foundation

extension Data: ColumnValue {
    /// Reads a BLOB column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Data {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Data {
        try row.checkedData(value, at: index, as: Data.self)
    }

    /// Binds a BLOB (empty data is an empty BLOB, not NULL).
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindBlob(self, at: index)
    }

    /// `.blob(self)`.
    public var storageValue: DatabaseValue { .blob(self) }
}

import Foundation

extension Data: ColumnValue {
    /// Reads a BLOB column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Data {
        try row.checkedData(at: index, as: Data.self)
    }

    /// Binds a BLOB (empty data is an empty BLOB, not NULL).
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindBlob(self, at: index)
    }

    /// `.blob(self)`.
    public var storageValue: DatabaseValue { .blob(self) }
}

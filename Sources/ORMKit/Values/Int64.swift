import ORMKitSQLite

extension Int64: ColumnValue {
    /// Reads an INTEGER column.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Int64 {
        guard row.storageClass(at: index) == SQLITE_INTEGER else {
            throw row.typeMismatch(at: index, type: Int64.self)
        }
        return row.int64(at: index)
    }

    /// Binds an INTEGER.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindInt64(self, at: index)
    }

    /// `.integer(self)`.
    public var storageValue: DatabaseValue { .integer(self) }
}

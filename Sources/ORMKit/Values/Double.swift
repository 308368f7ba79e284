import ORMKitSQLite

extension Double: ColumnValue {
    /// Reads a REAL column (an INTEGER is converted).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Double {
        let storage = row.storageClass(at: index)
        guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else {
            throw row.typeMismatch(at: index, type: Double.self)
        }
        return row.double(at: index)
    }

    /// Binds a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(self, at: index)
    }

    /// `.real(self)`.
    public var storageValue: DatabaseValue { .real(self) }
}

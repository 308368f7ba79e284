import ORMKitSQLite

extension Float: ColumnValue {
    /// Reads a REAL column (an INTEGER is converted) and rounds it to `Float`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Float {
        let storage = row.storageClass(at: index)
        guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else {
            throw row.typeMismatch(at: index, type: Float.self)
        }
        return Float(row.double(at: index))
    }

    /// Binds a REAL.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try binding.bindDouble(Double(self), at: index)
    }

    /// `.real(Double(self))`.
    public var storageValue: DatabaseValue { .real(Double(self)) }
}

import ORMKitSQLite

extension Optional: ColumnValue where Wrapped: ColumnValue {
    /// An optional is already nullable.
    public typealias Nullable = Self
    /// Sorts as the wrapped type does (NULL first).
    public typealias SQLOrdering = Wrapped.SQLOrdering

    /// Reads NULL as nil, anything else as `Wrapped`.
    ///
    /// - Throws: what `Wrapped` throws for a non-NULL value of the wrong storage class.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Wrapped? {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up (and passed on to `Wrapped`).
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Wrapped? {
        if sqlite3_value_type(value) == SQLITE_NULL { return nil }
        return try Wrapped._decode(from: row, value: value, at: index)
    }

    /// Binds NULL for nil, the wrapped value otherwise.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        switch self {
        case .none: try binding.bindNull(at: index)
        case .some(let value): try value.bind(to: binding, at: index)
        }
    }

    /// Checks the wrapped value; nil is storable.
    ///
    /// - Throws: what `Wrapped` throws.
    @inlinable
    public func checkStorable() throws {
        try self?.checkStorable()
    }

    /// `.null` for nil, the wrapped value's storage value otherwise.
    public var storageValue: DatabaseValue {
        switch self {
        case .none: .null
        case .some(let value): value.storageValue
        }
    }
}

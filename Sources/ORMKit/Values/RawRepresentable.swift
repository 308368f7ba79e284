extension ColumnValue where Self: RawRepresentable, Self.RawValue: ColumnValue {
    /// Reads the raw value and converts it, for enums declaring `ColumnValue` (`enum Genre: String, ColumnValue`).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) when the raw value is NULL, of the wrong type, or no case has it.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> Self {
        try _decode(from: row, value: row.columnValue(at: index), at: index)
    }

    /// `decode(from:at:)` from the column's value, already looked up.
    ///
    /// - Throws: as `decode(from:at:)`.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Self {
        let rawValue = try RawValue._decode(from: row, value: value, at: index)
        guard let value = Self(rawValue: rawValue) else {
            throw row.decodingError(at: index, message: "\(rawValue) is not a raw value of \(Self.self)")
        }
        return value
    }

    /// Binds the raw value.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try rawValue.bind(to: binding, at: index)
    }

    /// Checks the raw value.
    ///
    /// - Throws: what the raw value's type throws.
    @inlinable
    public func checkStorable() throws {
        try rawValue.checkStorable()
    }

    /// The raw value's storage value.
    public var storageValue: DatabaseValue { rawValue.storageValue }
}

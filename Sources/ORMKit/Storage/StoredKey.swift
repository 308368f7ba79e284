/// A key value bound with a declared storage: generated relations wrap key fields declared with `storage:` (a
/// `UUID` key stored as TEXT) in it, so navigation, eager loading and joins bind keys as the columns store them.
public struct StoredKey<Storage: ColumnStorage>: ColumnValue, Hashable where Storage.Value: Hashable & Sendable {
    /// The key.
    public let value: Storage.Value

    /// Wraps `value`.
    public init(_ value: Storage.Value) {
        self.value = value
    }

    /// Reads the key with `Storage`.
    ///
    /// - Throws: what `Storage` throws.
    @inlinable
    public static func decode(from row: Row, at index: Int32) throws -> StoredKey {
        StoredKey(try Storage.decode(from: row, value: row.columnValue(at: index), at: index))
    }

    /// Binds the key with `Storage`.
    ///
    /// - Throws: what `Storage` throws.
    @inlinable
    public func bind(to binding: StatementBinding, at index: Int32) throws {
        try Storage.bind(value, to: binding, at: index)
    }

    /// The key as `Storage` writes it.
    public var storageValue: DatabaseValue { Storage.databaseValue(of: value) }
}

/// A key wrapped for binding (`StoredKey`): graph saves hand children the key itself.
@usableFromInline
protocol KeyWrapper {
    /// The key value, as the model's field holds it.
    var wrappedKey: any Sendable { get }
}

extension StoredKey: KeyWrapper {
    @usableFromInline var wrappedKey: any Sendable { value }
}

/// A value stored as one row of one table: the contract between `ormgen` output and the runtime.
///
/// Generated code conforms every model to `Record`. The contract is small and positional:
/// `init(row:)` reads the columns of `schema.columns` by index `0..<n`, and `encode(to:)` binds
/// them in the same order, so the runtime needs no reflection, no `Mirror` and no `Codable`.
public protocol Record: Sendable {
    /// The type of the primary key: the key field's type, or a generated struct for a composite key.
    associatedtype PrimaryKey: Sendable & Hashable

    /// The table this record is stored in.
    static var schema: TableSchema { get }

    /// Decodes a record from a row whose columns are `schema.columns`, in order.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) when a column is NULL for a non-optional
    ///   field or holds a value of the wrong type.
    init(row: Row) throws

    /// Binds every stored column, in `schema.columns` order, with one `encoder.encode` call each.
    func encode(to encoder: inout RecordEncoder) throws

    /// Binds the primary key's columns, in `schema.primaryKey` order.
    static func encode(key: PrimaryKey, to encoder: inout RecordEncoder) throws

    /// Called after an insert with the row id SQLite assigned; auto-increment records store it in their key.
    mutating func didInsert(rowID: Int64)
}

extension Record {
    /// Records without an auto-increment key ignore the assigned row id.
    @inlinable
    public mutating func didInsert(rowID: Int64) {}
}

/// A value stored as one row of one table: the contract between `ormgen` output and the runtime.
///
/// Generated code conforms every model to `Record`. The contract is small and positional:
/// `init(row:)` reads the columns of `schema.columns` by index `0..<n`, and `encode(to:)` binds
/// them in the same order, so the runtime needs no reflection, no `Mirror` and no `Codable`. Each has one
/// witness per engine (SQLite's ``Row`` and ``RecordEncoder``, a server engine's ``WireRow`` and
/// ``WireEncoder``), all calling one generic body over ``RowDecoder`` / ``RowEncoder``.
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

    /// Decodes a record from a server engine's row whose columns are `schema.columns`, in order.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) when a column is NULL for a non-optional
    ///   field or holds a value of another type.
    init(row: WireRow) throws

    /// Encodes every stored column for a server engine, in `schema.columns` order.
    func encode(to encoder: inout WireEncoder) throws

    /// Encodes the primary key's columns for a server engine, in `schema.primaryKey` order.
    static func encode(key: PrimaryKey, to encoder: inout WireEncoder) throws

    /// Called after an insert with the row id SQLite assigned; auto-increment records store it in their key.
    mutating func didInsert(rowID: Int64)

    /// The condition every read of the model applies (`defaultScope:` in the schema): queries, `find`, `count`,
    /// relations, joins and eager loading leave out the rows it does not match, until `unscoped()`. Nil (the
    /// default) for a model without one.
    static var defaultScope: QueryExpression<Bool>? { get }

    /// The condition "the primary key is `key`", for the reads by key of a model with a default scope or soft
    /// delete (generated for those models; nil for the others, whose reads by key run prepared key statements).
    static func keyCondition(_ key: PrimaryKey) -> QueryExpression<Bool>?

    /// The condition "the primary key is this record's", for a model with a default scope or soft delete (nil for
    /// the others).
    var rowCondition: QueryExpression<Bool>? { get }

    /// The soft-delete column (`softDelete:` in the schema); nil (the default) for a model without one.
    static var softDelete: SoftDelete? { get }

    /// For a model with `softDelete:`, the relations (`belongsTo … onDelete: cascade`) of child models with
    /// `softDelete:` whose live rows a soft delete of this model's rows stamps too; empty by default.
    static var softDeleteCascades: [SoftDeleteCascade] { get }
}

extension Record {
    /// A record written by hand for SQLite only (before version 3 of the generated-code contract) cannot be
    /// read from a server engine: this throws a decoding error saying so. Generated records implement it.
    ///
    /// - Throws: `DatabaseError` (`.decoding`), always.
    public init(row: WireRow) throws {
        throw Self.sqliteOnly(table: Self.schema.name, kind: .decoding)
    }

    /// See `init(row: WireRow)`: throws an encoding error for a record written for SQLite only.
    ///
    /// - Throws: `DatabaseError` (`.encoding`), always.
    public func encode(to encoder: inout WireEncoder) throws {
        throw Self.sqliteOnly(table: Self.schema.name, kind: .encoding)
    }

    /// See `init(row: WireRow)`: throws an encoding error for a record written for SQLite only.
    ///
    /// - Throws: `DatabaseError` (`.encoding`), always.
    public static func encode(key: PrimaryKey, to encoder: inout WireEncoder) throws {
        throw sqliteOnly(table: schema.name, kind: .encoding)
    }

    private static func sqliteOnly(table: String, kind: DatabaseError.Kind) -> DatabaseError {
        DatabaseError(
            kind: kind, message: "\(Self.self) implements Record for SQLite only; regenerate it with ormgen (or implement init(row: WireRow) and encode(to: inout WireEncoder)) to use it on this engine",
            table: table
        )
    }

    /// No default scope.
    @inlinable
    public static var defaultScope: QueryExpression<Bool>? { nil }

    /// No key condition: see `Record.keyCondition(_:)`.
    @inlinable
    public static func keyCondition(_ key: PrimaryKey) -> QueryExpression<Bool>? { nil }

    /// No row condition: see `Record.rowCondition`.
    @inlinable
    public var rowCondition: QueryExpression<Bool>? { nil }

    /// No soft delete.
    @inlinable
    public static var softDelete: SoftDelete? { nil }

    /// No cascade.
    public static var softDeleteCascades: [SoftDeleteCascade] { [] }

    /// For a model with a default scope or soft delete (`isScoped`), the request for the row with primary key `key`:
    /// its reads by key run it.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a model without `keyCondition(_:)`.
    @usableFromInline
    package static func scopedRequest(forKey key: PrimaryKey) throws -> QueryRequest<Self> {
        guard let keyCondition = keyCondition(key) else { throw missingKeyCondition }
        return all().filter(keyCondition)
    }

    /// Whether reads of the model filter rows (a default scope, soft delete): its reads by key and of the whole
    /// table then run as requests.
    @inlinable
    package static var isScoped: Bool { defaultScope != nil || softDelete != nil }

    /// Records without an auto-increment key ignore the assigned row id.
    @inlinable
    public mutating func didInsert(rowID: Int64) {}
}

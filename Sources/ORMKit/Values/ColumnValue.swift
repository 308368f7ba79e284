/// A Swift type the runtime reads from and binds to one SQLite column, with no boxing.
///
/// The runtime conforms `Bool`, `Int`, `Int32`, `Int64`, `Double`, `Float`, `String`, `Data`, `Date`,
/// `UUID`, `URL`, `Decimal`, `DatabaseValue` and `Optional` of each. Enums get the conformance for free
/// when they declare it and are `RawRepresentable` with a `ColumnValue` raw value
/// (`enum Genre: String, ColumnValue`). For your own types conform to ``DatabaseValueConvertible`` instead:
/// it derives all of this from a conversion to and from a built-in type.
public protocol ColumnValue: Sendable {
    /// The optional form of the type, used for results that can be NULL (aggregates): `Self?`, or `Self`
    /// when the type is already optional.
    associatedtype Nullable: ColumnValue = Self?

    /// ``SQLOrdered`` (the default) when SQLite sorts the stored values as the Swift values sort, so `<`,
    /// `ORDER BY`, `MIN` and `MAX` are right; ``SQLUnordered`` when it does not (`Decimal`, stored as TEXT), so
    /// those operators do not compile on it.
    associatedtype SQLOrdering = SQLOrdered

    /// Reads the value of column `index` (0-based) of `row`.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) on NULL for a non-optional type, on a wrong storage class,
    ///   or on a value out of range.
    static func decode(from row: Row, at index: Int32) throws -> Self

    /// Reads the value of column `index` from `value`, its `sqlite3_value` (`row.columnValue(at: index)`),
    /// so `Optional` looks a column up once for its NULL check and the read. The default calls
    /// `decode(from:at:)`; implement `decode(from:at:)` instead.
    ///
    /// - Throws: as `decode(from:at:)`.
    static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Self

    /// Binds the value to parameter `index` (1-based).
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the value.
    func bind(to binding: StatementBinding, at index: Int32) throws

    /// The value as a SQLite storage class: for query-builder arguments and raw SQL arguments, never on the
    /// row path.
    var storageValue: DatabaseValue { get }

    /// Reads the value from `value`, column `index` (0-based) of a server engine's `row` (PostgreSQL).
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) on NULL for a non-optional type, on a value of another kind,
    ///   or on a value out of range.
    static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Self

    /// The value as a server engine (PostgreSQL) takes it: typed, whatever SQLite storage the schema declares.
    var wireValue: WireValue { get }

    /// Throws when no column can hold the value: NaN (`Double`, `Float`, `Date`), which SQLite would store as NULL.
    /// Filters and `set(to:)` check it when they are built, so their error names the table and column as an
    /// insert's does; binding refuses the same values. Does nothing by default.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a value no column can hold.
    func checkStorable() throws
}

extension ColumnValue {
    /// A type that only implements the SQLite requirements cannot be read from a server engine: this throws
    /// a decoding error saying so. Conform to ``DatabaseValueConvertible`` (or implement this) to read it.
    ///
    /// - Throws: `DatabaseError` (`.decoding`), always.
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Self {
        throw row.decodingError(
            at: index,
            message: "\(Self.self) implements ColumnValue for SQLite only; implement decode(wire:in:at:) to read it from this engine"
        )
    }

    /// Accepts every value.
    @inlinable
    public func checkStorable() throws {}

    /// `storageValue` as a wire value: INTEGER, REAL, TEXT and BLOB travel as `.integer`, `.double`, `.text` and
    /// `.bytes`.
    public var wireValue: WireValue { storageValue.wireValue }
    /// Calls `decode(from:at:)` (which looks the column up again).
    ///
    /// - Throws: what `decode(from:at:)` throws.
    @inlinable
    public static func _decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Self {
        try decode(from: row, at: index)
    }
}

import ORMKitSQLite

/// How the values of a typed expression are stored: the link between a Swift type and the SQLite values of a
/// column. Every `TypedExpression` names one; for most it is ``NativeStorage``, the Swift type's own
/// ``ColumnValue`` conformance.
public protocol ValueStorage<Value>: Sendable {
    /// The Swift type the storage reads and writes.
    associatedtype Value
}

/// A storage that reads, binds and boxes its values: what a field declared with `storage:` in the schema uses
/// (`DateStorage.SQLiteText`, `DecimalStorage.Scaled<Scale2>`, …), and ``NativeStorage`` for every
/// ``ColumnValue``.
///
/// Reads accept every form SQLite's type affinity can turn a written value into (a `NUMERIC` column turns the
/// text `0.99` into the REAL 0.99), and reject anything else with a `DatabaseError` naming the column.
public protocol ColumnStorage<Value>: ValueStorage where Value: Sendable {
    /// The storage of the nullable form, for aggregates (`MIN` and `MAX` are NULL on no rows).
    associatedtype Nullable: ColumnStorage = NullableStorage<Self>

    /// Reads the value of column `index` from `value`, its `sqlite3_value` (`row.columnValue(at:)`).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL for a non-optional value, a storage class the storage
    ///   does not read, or a malformed value.
    static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Value

    /// Binds `value` to parameter `index` (1-based).
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when the value cannot be stored exactly (a `Decimal` with more
    ///   fraction digits than its scale), or when SQLite rejects it.
    static func bind(_ value: Value, to binding: StatementBinding, at index: Int32) throws

    /// `value` as the SQLite value the storage writes, for query-builder and raw SQL arguments.
    static func databaseValue(of value: Value) -> DatabaseValue

    /// Reads the value from `value`, column `index` of a server engine's `row`. Storages describe SQLite files:
    /// on a server engine the value's own type is read (the default for a ``ColumnValue``).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL for a non-optional value or another kind of value.
    static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Value

    /// `value` as a server engine takes it (the value's own `wireValue` by default).
    static func wireValue(of value: Value) -> WireValue

    /// Checks that the storage holds `value` exactly, as `bind` does (a scaled `Decimal` has at most its scale's
    /// fraction digits, date text holds years 0000–9999): before a write to a server engine, so both engines refuse
    /// the same values, and in `set(to:)`, so `updateAll` refuses what an insert refuses. Does nothing by default.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) when the value breaks the storage's promise.
    static func checkStorable(_ value: Value) throws
}

extension ColumnStorage {
    /// Accepts every value.
    @inlinable
    public static func checkStorable(_ value: Value) throws {}
}

extension ColumnStorage where Value: ColumnValue {
    /// Reads the value's own type.
    ///
    /// - Throws: what `Value` throws.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Value {
        try Value.decode(wire: value, in: row, at: index)
    }

    /// The value's own wire value.
    @inlinable
    public static func wireValue(of value: Value) -> WireValue { value.wireValue }
}

/// A storage whose stored values sort in SQL (`<`, `ORDER BY`, `MIN`, `MAX`, `BETWEEN`) as the Swift values
/// do. The ordering operators take only expressions with such a storage, so a comparison that would compare
/// the wrong way (a `Decimal` stored as TEXT, where `"10" < "9.2"`) does not compile.
public protocol OrderedColumnStorage: ColumnStorage {}

/// An ordered storage whose `SUM` is the stored form of the sum (a scaled INTEGER): `sum(_:)` compiles on it.
public protocol AdditiveColumnStorage: OrderedColumnStorage {}

/// The storage of a ``ColumnValue``: its own `decode`, `bind` and `storageValue`.
public enum NativeStorage<Value>: ValueStorage {}

extension NativeStorage: ColumnStorage where Value: ColumnValue {
    public typealias Nullable = NativeStorage<Value.Nullable>

    /// Reads through `Value`'s `ColumnValue` conformance.
    ///
    /// - Throws: what `Value` throws.
    @inlinable
    public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Value {
        try Value._decode(from: row, value: value, at: index)
    }

    /// Binds through `Value`'s `ColumnValue` conformance.
    ///
    /// - Throws: what `Value` throws.
    @inlinable
    public static func bind(_ value: Value, to binding: StatementBinding, at index: Int32) throws {
        try value.bind(to: binding, at: index)
    }

    /// `value.storageValue`.
    public static func databaseValue(of value: Value) -> DatabaseValue { value.storageValue }

    /// `value.checkStorable()`: refuses NaN.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN.
    @inlinable
    public static func checkStorable(_ value: Value) throws {
        try value.checkStorable()
    }
}

extension NativeStorage: OrderedColumnStorage where Value: ColumnValue, Value.SQLOrdering == SQLOrdered {}

/// The optional form of a storage: NULL is nil, anything else is read by `Wrapped`.
public enum NullableStorage<Wrapped: ColumnStorage>: ColumnStorage {
    public typealias Value = Wrapped.Value?
    public typealias Nullable = Self

    /// Reads NULL as nil, anything else with `Wrapped`.
    ///
    /// - Throws: what `Wrapped` throws for a non-NULL value.
    @inlinable
    public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Wrapped.Value? {
        if sqlite3_value_type(value) == SQLITE_NULL { return nil }
        return try Wrapped.decode(from: row, value: value, at: index)
    }

    /// Binds NULL for nil, the value with `Wrapped` otherwise.
    ///
    /// - Throws: what `Wrapped` throws.
    @inlinable
    public static func bind(_ value: Wrapped.Value?, to binding: StatementBinding, at index: Int32) throws {
        switch value {
        case .none: try binding.bindNull(at: index)
        case .some(let value): try Wrapped.bind(value, to: binding, at: index)
        }
    }

    /// `.null` for nil.
    public static func databaseValue(of value: Wrapped.Value?) -> DatabaseValue {
        value.map(Wrapped.databaseValue(of:)) ?? .null
    }

    /// Reads NULL as nil, anything else with `Wrapped`.
    ///
    /// - Throws: what `Wrapped` throws for a non-NULL value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Wrapped.Value? {
        if case .null = value { return nil }
        return try Wrapped.decode(wire: value, in: row, at: index)
    }

    /// `.null` for nil, the value with `Wrapped` otherwise.
    @inlinable
    public static func wireValue(of value: Wrapped.Value?) -> WireValue {
        value.map(Wrapped.wireValue(of:)) ?? .null
    }

    /// Checks a non-nil value with `Wrapped`.
    ///
    /// - Throws: what `Wrapped` throws.
    @inlinable
    public static func checkStorable(_ value: Wrapped.Value?) throws {
        if let value { try Wrapped.checkStorable(value) }
    }
}

extension NullableStorage: OrderedColumnStorage where Wrapped: OrderedColumnStorage {}

/// Marks a ``ColumnValue`` whose native storage sorts in SQL as the values do (every built-in type but
/// `Decimal`, which is TEXT): the default `SQLOrdering` of a `ColumnValue`.
public enum SQLOrdered {}

/// Marks a ``ColumnValue`` whose native storage does not sort as the values do (`Decimal` as TEXT): ordering
/// operators do not compile on it.
public enum SQLUnordered {}

extension Row {
    /// Decodes column `index` (0-based) with `storage`: what generated code calls for a field declared with
    /// `storage:`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) naming the column and row, as `storage` reads.
    @inlinable
    public func decode<S: ColumnStorage>(at index: Int32, as storage: S.Type) throws -> S.Value {
        try S.decode(from: self, value: columnValue(at: index), at: index)
    }
}

extension RecordEncoder {
    /// Binds `value` with `storage` to the next parameter: what generated code calls for a field declared with
    /// `storage:`.
    ///
    /// - Throws: `DatabaseError` when the value cannot be stored exactly or SQLite rejects it.
    @inlinable
    public mutating func encode<S: ColumnStorage>(_ value: S.Value, as storage: S.Type) throws {
        let index = nextIndex
        nextIndex += 1
        if index <= parameterCount {
            try S.bind(value, to: binding, at: index)
            if index == watchedIndex { watchedValueIsNull = S.databaseValue(of: value) == .null }
        }
    }
}

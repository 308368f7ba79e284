/// The positional reads a generated `init(row:)` makes, whatever the engine: SQLite's ``Row`` and a server
/// engine's ``WireRow`` implement them.
///
/// Generated code decodes once, generically, and calls that from one witness per row type, so each engine's
/// reads are specialized and inlined: no existential and no dictionary lookup per column.
public protocol RowDecoder: SendableMetatype {
    /// Decodes column `index` (0-based) as `V`.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row.
    func decode<V: ColumnValue>(at index: Int32) throws -> V

    /// Decodes column `index` (0-based) with `storage` (a field declared with `storage:`).
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row.
    func decode<S: ColumnStorage>(at index: Int32, as storage: S.Type) throws -> S.Value

    /// Decodes column `index` (0-based), JSON text, as `V` (a field with `storage: json`).
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row.
    func decodeJSON<V: Decodable>(at index: Int32) throws -> V
}

/// The positional writes a generated `encode(to:)` makes, whatever the engine: SQLite's ``RecordEncoder`` and a
/// server engine's ``WireEncoder`` implement them. Values go to parameters 1, 2, 3, … in order.
public protocol RowEncoder {
    /// Encodes `value` as the next parameter.
    ///
    /// - Throws: `DatabaseError` (kind `.encoding`) when the value cannot be stored.
    mutating func encode<V: ColumnValue>(_ value: V) throws

    /// Encodes `value` with `storage` as the next parameter (a field declared with `storage:`).
    ///
    /// - Throws: `DatabaseError` (kind `.encoding`) when the value cannot be stored exactly.
    mutating func encode<S: ColumnStorage>(_ value: S.Value, as storage: S.Type) throws

    /// Encodes `value` as JSON text as the next parameter (a field with `storage: json`).
    ///
    /// - Throws: `DatabaseError` (kind `.encoding`) when `value` fails to encode.
    mutating func encodeJSON<V: Encodable>(_ value: V) throws

    /// Encodes `value` as JSON text, or NULL when it is nil, as the next parameter.
    ///
    /// - Throws: `DatabaseError` (kind `.encoding`) when `value` fails to encode.
    mutating func encodeJSON<V: Encodable>(_ value: V?) throws
}

extension Row: RowDecoder {}
extension RecordEncoder: RowEncoder {}

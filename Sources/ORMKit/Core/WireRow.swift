import Foundation

/// A row as a server engine (PostgreSQL) delivered it, converted to `WireValue`s, read by 0-based column index.
///
/// The backend builds one per row and passes it to the record's `init(row:)`; like SQLite's ``Row`` it is only
/// meant for that call.
public struct WireRow {
    @usableFromInline let values: [WireValue]
    /// The 0-based index of this row in its result set (for error messages).
    public let index: Int
    /// The result's column names, table and SQL, shared by its rows (for error messages).
    public let result: WireResultDescription

    /// Creates a row. Called by engine backends.
    public init(values: [WireValue], index: Int, result: WireResultDescription) {
        self.values = values
        self.index = index
        self.result = result
    }

    /// The number of columns in the row.
    public var columnCount: Int32 { Int32(values.count) }

    /// Column `index` (0-based).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) when the row has no such column.
    @inlinable
    public func value(at index: Int32) throws -> WireValue {
        guard index >= 0, Int(index) < values.count else {
            throw decodingError(at: index, message: "the row has \(values.count) columns, no column #\(index)")
        }
        return values[Int(index)]
    }

    /// Decodes column `index` (0-based) as `V`.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row when the column is NULL for a
    ///   non-optional `V`, or holds a value `V` cannot be read from.
    @inlinable
    public func decode<V: ColumnValue>(at index: Int32) throws -> V {
        try V.decode(wire: value(at: index), in: self, at: index)
    }

    /// Decodes column `index` (0-based) as `storage` reads it (storages describe SQLite files; on a server
    /// engine the value's own type is read).
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row.
    @inlinable
    public func decode<S: ColumnStorage>(at index: Int32, as storage: S.Type) throws -> S.Value {
        try S.decode(wire: value(at: index), in: self, at: index)
    }

    /// Decodes column `index` (JSONB, or TEXT holding JSON) as `V`. When `V` is optional, NULL reads as nil.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL for a non-optional `V`, on another kind of value, or when
    ///   the JSON does not decode as `V`.
    public func decodeJSON<V: Decodable>(at index: Int32) throws -> V {
        do {
            switch try value(at: index) {
            case .json(var text), .text(var text):
                // The text's own UTF-8 (no copy into `Data`).
                return try text.withUTF8 { try JSONCoding.decode(V.self, from: UnsafeRawBufferPointer($0)) }
            case .bytes(let bytes): return try JSONCoding.decoder.decode(V.self, from: bytes)
            case .null: return try JSONCoding.decoder.decode(V.self, from: Data("null".utf8))
            default: throw typeMismatch(at: index, type: V.self)
            }
        } catch let error as DatabaseError {
            throw error
        } catch {
            if case .null = try value(at: index) { throw unexpectedNull(at: index, type: V.self) }
            throw decodingError(at: index, message: "the JSON does not decode as \(V.self): \(error)")
        }
    }

    /// The name of column `index`.
    public func columnName(at index: Int32) -> String {
        result.columnNames.indices.contains(Int(index)) ? result.columnNames[Int(index)] : "#\(index)"
    }

    // MARK: Errors

    /// The error for a NULL read into the non-optional `type`.
    public func unexpectedNull(at index: Int32, type: Any.Type) -> DatabaseError {
        decodingError(at: index, message: "found NULL, expected a non-optional \(type)")
    }

    /// The error for a value of another kind read into `type`.
    public func typeMismatch(at index: Int32, type: Any.Type) -> DatabaseError {
        let found = (try? value(at: index))?.kindName ?? "nothing"
        if found == "NULL" { return unexpectedNull(at: index, type: type) }
        return decodingError(at: index, message: "found \(found), which cannot be read as \(type)")
    }

    /// A decoding error naming column `index` and this row.
    public func decodingError(at index: Int32, message: String) -> DatabaseError {
        DatabaseError(
            kind: .decoding, message: message, sql: result.sql, table: result.table,
            column: columnName(at: index), row: self.index
        )
    }
}

/// What the rows of one result share: column names, the table (when the result is a record's) and the SQL.
public final class WireResultDescription: Sendable {
    /// The column names, in order.
    public let columnNames: [String]
    /// The table the rows come from, when known.
    public let table: String?
    /// The statement that produced the rows.
    public let sql: String?

    /// Creates a description. Called by engine backends.
    public init(columnNames: [String], table: String?, sql: String?) {
        self.columnNames = columnNames
        self.table = table
        self.sql = sql
    }
}

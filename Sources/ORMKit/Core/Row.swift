import Foundation
import ORMKitSQLite

/// The current row of a statement being stepped, read by 0-based column index.
///
/// A `Row` is only valid inside the `init(row:)` (or fetch closure) it is passed to: it reads straight
/// from SQLite's row buffer with `sqlite3_column_*`, without copying the row. Do not keep it.
public struct Row {
    @usableFromInline let statement: OpaquePointer
    /// The 0-based index of this row in its result set (for error messages).
    public let index: Int

    @usableFromInline
    init(statement: OpaquePointer, index: Int) {
        self.statement = statement
        self.index = index
    }

    /// Decodes column `index` (0-based) as `V`.
    ///
    /// - Throws: `DatabaseError` (kind `.decoding`) naming the column and row when the column is NULL for a
    ///   non-optional `V`, or holds a value of the wrong storage class or range.
    @inlinable
    public func decode<V: ColumnValue>(at index: Int32) throws -> V {
        try V.decode(from: self, at: index)
    }

    /// The number of columns in the row.
    public var columnCount: Int32 { sqlite3_column_count(statement) }

    /// The name of column `index` as SQLite reports it.
    public func columnName(at index: Int32) -> String {
        sqlite3_column_name(statement, index).map { String(cString: $0) } ?? "#\(index)"
    }

    // MARK: Primitives used by the built-in `ColumnValue` conformances

    /// The SQLite storage class of column `index`: `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`,
    /// `SQLITE_BLOB` or `SQLITE_NULL`.
    @inlinable
    public func storageClass(at index: Int32) -> Int32 {
        sqlite3_column_type(statement, index)
    }

    /// Whether column `index` is NULL.
    @inlinable
    public func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(statement, index) == SQLITE_NULL
    }

    /// Reads column `index` as a 64-bit integer, without checking its storage class.
    @inlinable
    public func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }

    /// Reads column `index` as a double, without checking its storage class.
    @inlinable
    public func double(at index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }

    /// Reads column `index` as UTF-8 text using its byte length (embedded NUL bytes are kept), without checking
    /// its storage class; invalid UTF-8 is replaced with U+FFFD (decoding a `String` field throws instead).
    @inlinable
    public func string(at index: Int32) -> String {
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Calls `body` with the bytes of column `index` (BLOB, or TEXT as UTF-8), valid only during the call.
    @inlinable
    public func withBytes<T>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let base = sqlite3_column_blob(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        return try body(UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count))
    }

    /// Reads column `index` as bytes (BLOB, or TEXT as UTF-8).
    @inlinable
    public func data(at index: Int32) -> Data {
        withBytes(at: index) { Data($0) }
    }

    // MARK: Errors

    /// The error for a NULL read into the non-optional `type`.
    @usableFromInline
    func unexpectedNull(at index: Int32, type: Any.Type) -> DatabaseError {
        decodingError(at: index, message: "found NULL, expected a non-optional \(type)")
    }

    /// The error for a value of the wrong storage class read into `type`.
    @usableFromInline
    func typeMismatch(at index: Int32, type: Any.Type) -> DatabaseError {
        if isNull(at: index) { return unexpectedNull(at: index, type: type) }
        return decodingError(
            at: index,
            message: "found \(Self.storageClassName(storageClass(at: index))), which cannot be read as \(type)"
        )
    }

    /// A decoding error naming column `index` and this row.
    @usableFromInline
    func decodingError(at index: Int32, message: String) -> DatabaseError {
        let table = sqlite3_column_table_name(statement, index).map { String(cString: $0) }
        let column = index < columnCount ? columnName(at: index) : "#\(index)"
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        return DatabaseError(
            kind: .decoding, resultCode: SQLITE_MISMATCH, message: message, sql: sql,
            table: table, column: column, row: self.index
        )
    }

    static func storageClassName(_ storageClass: Int32) -> String {
        switch storageClass {
        case SQLITE_INTEGER: "INTEGER"
        case SQLITE_FLOAT: "REAL"
        case SQLITE_TEXT: "TEXT"
        case SQLITE_BLOB: "BLOB"
        default: "NULL"
        }
    }
}

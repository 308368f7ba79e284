import Foundation
import ORMKitSQLite

// The checked reads of the built-in `ColumnValue` types: one `sqlite3_column_value` lookup per column, then the
// storage class and the value from that `sqlite3_value`, instead of `sqlite3_column_type` plus a
// `sqlite3_column_*` read (two column lookups, each entering and leaving the connection's API).
//
// SQLite calls the value `sqlite3_column_value` returns "unprotected": no mutex is held for it. That only matters
// when several threads share a connection under SQLite's own mutex. ORMKit opens every connection with
// `SQLITE_OPEN_NOMUTEX` (multi-thread mode, where SQLite documents protected and unprotected values as
// interchangeable) and uses it from one thread at a time under the `Database` lock. The value lives in the
// statement's current row, so it is read before the next `sqlite3_step`, reset or finalize, like any
// `sqlite3_column_*` result; it is only read in the storage class it has, so no read converts it in place.
extension Row {
    /// The `sqlite3_value` of column `index` in the current row (SQLite's NULL value when out of range), for
    /// `ColumnValue._decode(from:value:at:)`.
    @inlinable
    public func columnValue(at index: Int32) -> OpaquePointer? {
        sqlite3_column_value(statement, index)
    }

    /// `value`, the value of column `index`, as a 64-bit integer.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) unless it holds an INTEGER.
    @inlinable
    func checkedInt64(_ value: OpaquePointer?, at index: Int32, as type: Any.Type) throws -> Int64 {
        guard sqlite3_value_type(value) == SQLITE_INTEGER else { throw typeMismatch(at: index, type: type) }
        return sqlite3_value_int64(value)
    }

    /// `value`, the value of column `index`, as a double (an INTEGER is converted).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) unless it holds a REAL or an INTEGER.
    @inlinable
    func checkedDouble(_ value: OpaquePointer?, at index: Int32, as type: Any.Type) throws -> Double {
        let storageClass = sqlite3_value_type(value)
        guard storageClass == SQLITE_FLOAT || storageClass == SQLITE_INTEGER else {
            throw typeMismatch(at: index, type: type)
        }
        return sqlite3_value_double(value)
    }

    /// `value`, the value of column `index`, as UTF-8 text, by byte length (embedded NUL bytes are kept).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) unless it holds TEXT that is valid UTF-8.
    @inlinable
    func checkedString(_ value: OpaquePointer?, at index: Int32, as type: Any.Type) throws -> String {
        guard sqlite3_value_type(value) == SQLITE_TEXT else { throw typeMismatch(at: index, type: type) }
        guard let string = Self.validString(of: value) else { throw invalidUTF8(value, at: index, type: type) }
        return string
    }

    /// `value`, the value of column `index`, as bytes.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) unless it holds a BLOB.
    @inlinable
    func checkedData(_ value: OpaquePointer?, at index: Int32, as type: Any.Type) throws -> Data {
        guard sqlite3_value_type(value) == SQLITE_BLOB else { throw typeMismatch(at: index, type: type) }
        return Self.withBytes(of: value) { Data($0) }
    }

    /// The text of a TEXT `value` (text first, then its byte count, as SQLite recommends), or nil when its bytes
    /// are not valid UTF-8. Never repaired: a string with U+FFFD in place of bad bytes, written back by an update
    /// of another field, would change stored bytes the app never touched.
    @inlinable
    static func validString(of value: OpaquePointer?) -> String? {
        guard let text = sqlite3_value_text(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        // SQLite ends TEXT with a NUL byte. `String(validatingCString:)` validates while it copies (no repair: nil
        // for bad bytes) and stops at the first NUL, so its count tells whether the text held an embedded NUL.
        let string = text.withMemoryRebound(to: CChar.self, capacity: count + 1) { String(validatingCString: $0) }
        if let string, string.utf8.count == count { return string }
        return validString(ofBytes: UnsafeBufferPointer(start: text, count: count))
    }

    /// `bytes` as a String when they are valid UTF-8 (embedded NUL bytes are kept), nil otherwise.
    @usableFromInline
    static func validString(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // `String(decoding:)` validates while it copies and puts U+FFFD in place of bad bytes, so the text was valid
        // exactly when the copy holds the same bytes.
        var string = String(decoding: bytes, as: UTF8.self)
        guard string.utf8.count == bytes.count else { return nil }
        guard let original = bytes.baseAddress else { return string }
        let isCopy = string.withUTF8 { copy in copy.baseAddress.map { memcmp($0, original, bytes.count) == 0 } ?? false }
        return isCopy ? string : nil
    }

    /// The error for TEXT in column `index` that is not valid UTF-8, naming the offset of the first bad byte.
    @usableFromInline
    func invalidUTF8(_ value: OpaquePointer?, at index: Int32, type: Any.Type) -> DatabaseError {
        let offset = Self.withBytes(of: value) { Self.firstInvalidUTF8Offset(in: $0) }
        return decodingError(
            at: index,
            message: "found TEXT that is not valid UTF-8 (bad byte at offset \(offset)), which cannot be read as \(type) "
                + "without changing it; read the column as Data (CAST(column AS BLOB)) to see or repair the bytes"
        )
    }

    /// The byte offset of the first invalid UTF-8 sequence in `bytes` (its count when all are valid).
    static func firstInvalidUTF8Offset(in bytes: UnsafeRawBufferPointer) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return offset
            }
        }
    }

    /// Calls `body` with the bytes of a BLOB `value`, valid only during the call.
    @inlinable
    static func withBytes<T>(of value: OpaquePointer?, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let base = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeRawBufferPointer(start: base, count: base == nil ? 0 : count))
    }
}

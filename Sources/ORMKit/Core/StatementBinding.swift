import Foundation
import ORMKitSQLite

/// Binds values to the parameters of one prepared statement, by 1-based index, with no boxing.
///
/// Built-in `ColumnValue` types call these primitives; apps do not use this type directly (conform to
/// `DatabaseValueConvertible` to store your own types).
public struct StatementBinding {
    @usableFromInline let statement: OpaquePointer

    @usableFromInline
    init(_ statement: OpaquePointer) {
        self.statement = statement
    }

    /// Binds a 64-bit integer.
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the binding (index out of range).
    @inlinable
    public func bindInt64(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(statement, index, value))
    }

    /// Binds a double. Infinities are stored as they are (SQLite keeps them as REAL ±Inf); NaN is refused, since
    /// SQLite would store it as NULL: a NaN would read back as `nil`, or fail a NOT NULL column as if it were nil.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for NaN; `DatabaseError` when SQLite rejects the binding.
    @inlinable
    public func bindDouble(_ value: Double, at index: Int32) throws {
        guard !value.isNaN else { throw notANumberError(at: index) }
        try check(sqlite3_bind_double(statement, index, value))
    }

    /// Binds SQL NULL.
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the binding.
    @inlinable
    public func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(statement, index))
    }

    /// Binds UTF-8 text with its explicit byte length (embedded NUL bytes are kept; no `strlen`).
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the binding (for example text over its length limit).
    @inlinable
    public func bindText(_ value: String, at index: Int32) throws {
        // A native Swift string lends its UTF-8 without a copy of the value (`withUTF8` needs a `var`: a retain and a
        // release of the string for every bound text); a bridged one that is not contiguous takes the copying path.
        let code = value.utf8.withContiguousStorageIfAvailable { buffer in
            bindTextBytes(UnsafeRawBufferPointer(buffer), at: index)
        } ?? {
            var copy = value
            return copy.withUTF8 { bindTextBytes(UnsafeRawBufferPointer($0), at: index) }
        }()
        try check(code)
    }

    /// Binds raw bytes as a BLOB (an empty `Data` binds an empty BLOB, not NULL).
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the binding.
    @inlinable
    public func bindBlob(_ value: Data, at index: Int32) throws {
        let code = value.withUnsafeBytes { buffer in
            bindBlobBytes(buffer, at: index)
        }
        try check(code)
    }

    /// Binds raw bytes as a BLOB.
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the binding.
    @inlinable
    public func bindBlob(bytes buffer: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(bindBlobBytes(buffer, at: index))
    }

    @usableFromInline
    func bindTextBytes(_ buffer: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return sqlite3_bind_text(statement, index, "", 0, ormkit_sqlite_transient())
        }
        return sqlite3_bind_text64(
            statement, index, base.assumingMemoryBound(to: CChar.self), sqlite3_uint64(buffer.count),
            ormkit_sqlite_transient(), UInt8(SQLITE_UTF8)
        )
    }

    @usableFromInline
    func bindBlobBytes(_ buffer: UnsafeRawBufferPointer, at index: Int32) -> Int32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return sqlite3_bind_zeroblob(statement, index, 0)
        }
        return sqlite3_bind_blob64(statement, index, base, sqlite3_uint64(buffer.count), ormkit_sqlite_transient())
    }

    @inlinable
    func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw bindingError(code) }
    }

    @usableFromInline
    func notANumberError(at index: Int32) -> DatabaseError {
        DatabaseError(
            kind: .encoding, resultCode: SQLITE_MISMATCH,
            message: "NaN cannot be stored (parameter \(index)): \(DatabaseError.notANumberAdvice)",
            sql: sqlite3_sql(statement).map { String(cString: $0) }
        )
    }

    @usableFromInline
    func bindingError(_ code: Int32) -> DatabaseError {
        let sql = sqlite3_sql(statement).map { String(cString: $0) }
        return DatabaseError.sqlite(sqlite3_db_handle(statement), code: code, sql: sql)
    }
}

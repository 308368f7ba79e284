import Foundation
import ORMKitSQLite

/// The storages a `UUID` field can declare besides its native 16-byte BLOB (`storage:` in the schema).
public enum UUIDStorage {
    /// TEXT, lowercase `xxxxxxxx-xxxx-…` (`storage: text`). Reads TEXT in either case, or a 16-byte BLOB.
    public enum Text: _UUIDTextStorage {
        public static var _isUppercase: Bool { false }
    }

    /// TEXT, uppercase (`storage: uppercaseText`), as `UUID.uuidString` writes it. Reads TEXT in either case,
    /// or a 16-byte BLOB.
    public enum UppercaseText: _UUIDTextStorage {
        public static var _isUppercase: Bool { true }
    }
}

/// What `UUIDStorage.Text` and `UUIDStorage.UppercaseText` share: UUIDs as 36 characters in one case. An
/// implementation detail of those two; not for other types.
public protocol _UUIDTextStorage: OrderedColumnStorage where Value == UUID {
    /// Whether the text is written uppercase.
    static var _isUppercase: Bool { get }
}

extension _UUIDTextStorage {
    /// Reads the text (either case) or a 16-byte BLOB.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, a number, or text that is not a UUID.
    @inlinable
    public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> UUID {
        try UUID._decode(from: row, value: value, at: index)
    }

    /// Binds the text in this storage's case.
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the value.
    @inlinable
    public static func bind(_ value: UUID, to binding: StatementBinding, at index: Int32) throws {
        try binding.bindText(_isUppercase ? value.uuidString : value.uuidString.lowercased(), at: index)
    }

    /// `.text` in this storage's case.
    public static func databaseValue(of value: UUID) -> DatabaseValue {
        .text(_isUppercase ? value.uuidString : value.uuidString.lowercased())
    }
}

/// The storages a `Bool` field can declare besides its native INTEGER 0/1 (`storage:` in the schema).
public enum BoolStorage {
    /// TEXT `'true'`/`'false'` (`storage: text`). Reads that text in any case, or INTEGER 0/1.
    public enum Text: OrderedColumnStorage {
        public typealias Value = Bool

        /// Reads `'true'`/`'false'` (any case) or an INTEGER.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL, a REAL, a BLOB or other text.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Bool {
            if sqlite3_value_type(value) == SQLITE_INTEGER { return sqlite3_value_int64(value) != 0 }
            switch try row.checkedString(value, at: index, as: Bool.self).lowercased() {
            case "true": return true
            case "false": return false
            case let text: throw row.decodingError(at: index, message: "the TEXT '\(text.prefix(20))' is not 'true' or 'false'")
            }
        }

        /// Binds `'true'` or `'false'`.
        ///
        /// - Throws: `DatabaseError` when SQLite rejects the value.
        @inlinable
        public static func bind(_ value: Bool, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindText(value ? "true" : "false", at: index)
        }

        /// `.text("true")` or `.text("false")`.
        public static func databaseValue(of value: Bool) -> DatabaseValue { .text(value ? "true" : "false") }
    }
}

import Foundation
import ORMKitSQLite

/// The storages a `UUID` field can declare besides its native 16-byte BLOB (`storage:` in the schema).
public enum UUIDStorage {
    /// TEXT, lowercase `xxxxxxxx-xxxx-…` (`storage: text`). Reads TEXT in either case, or a 16-byte BLOB.
    public enum Text: OrderedColumnStorage {
        public typealias Value = UUID

        /// Reads the text (or a 16-byte BLOB).
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL, a number, or text that is not a UUID.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> UUID {
            try UUID._decode(from: row, value: value, at: index)
        }

        /// Binds the lowercase text.
        ///
        /// - Throws: `DatabaseError` when SQLite rejects the value.
        @inlinable
        public static func bind(_ value: UUID, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindText(value.uuidString.lowercased(), at: index)
        }

        /// `.text` lowercase.
        public static func databaseValue(of value: UUID) -> DatabaseValue { .text(value.uuidString.lowercased()) }
    }

    /// TEXT, uppercase (`storage: uppercaseText`), as `UUID.uuidString` writes it. Reads TEXT in either case,
    /// or a 16-byte BLOB.
    public enum UppercaseText: OrderedColumnStorage {
        public typealias Value = UUID

        /// Reads the text (or a 16-byte BLOB).
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL, a number, or text that is not a UUID.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> UUID {
            try UUID._decode(from: row, value: value, at: index)
        }

        /// Binds the uppercase text.
        ///
        /// - Throws: `DatabaseError` when SQLite rejects the value.
        @inlinable
        public static func bind(_ value: UUID, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindText(value.uuidString, at: index)
        }

        /// `.text` uppercase.
        public static func databaseValue(of value: UUID) -> DatabaseValue { .text(value.uuidString) }
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

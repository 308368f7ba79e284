import Foundation
import ORMKitSQLite

/// The storages a `Date` field can declare besides its native REAL seconds since 2001 (`storage:` in the
/// schema). Only the native storage is bit-exact; the others keep what their format can hold, and all of them
/// sort as the dates do, so `<`, `ORDER BY`, `MIN` and `MAX` are right.
public enum DateStorage {
    /// REAL seconds since 1970-01-01T00:00:00Z (`storage: unixSeconds`): SQLite's
    /// `datetime(col, 'unixepoch')` reads it. About 0.1 µs of precision is lost for dates near today.
    /// Reads REAL or INTEGER.
    public enum UnixSeconds: OrderedColumnStorage {
        public typealias Value = Date

        /// Reads REAL or INTEGER seconds since 1970.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL or TEXT/BLOB.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Date {
            Date(timeIntervalSince1970: try row.checkedDouble(value, at: index, as: Date.self))
        }

        /// Binds REAL seconds since 1970.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) for a NaN date, or when SQLite rejects the value.
        @inlinable
        public static func bind(_ value: Date, to binding: StatementBinding, at index: Int32) throws {
            try DateText.checkNotNaN(value)
            try binding.bindDouble(value.timeIntervalSince1970, at: index)
        }

        /// `.real(timeIntervalSince1970)`.
        public static func databaseValue(of value: Date) -> DatabaseValue { .real(value.timeIntervalSince1970) }

        /// The check of `bind`: the date is not NaN.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) naming the date.
        public static func checkStorable(_ value: Date) throws {
            try DateText.checkNotNaN(value)
        }
    }

    /// INTEGER milliseconds since 1970 (`storage: unixMilliseconds`), rounded down. Reads INTEGER, or a REAL
    /// (rounded down) where an affinity made one.
    public enum UnixMilliseconds: OrderedColumnStorage {
        public typealias Value = Date

        /// Reads milliseconds since 1970.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL or TEXT/BLOB.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Date {
            let milliseconds: Int64
            if sqlite3_value_type(value) == SQLITE_INTEGER {
                milliseconds = sqlite3_value_int64(value)
            } else {
                let real = try row.checkedDouble(value, at: index, as: Date.self)
                guard let whole = DateText.milliseconds(exactly: real.rounded(.down)) else {
                    throw row.decodingError(at: index, message: "the REAL \(real) is out of the range of dates in milliseconds")
                }
                milliseconds = whole
            }
            return DateText.date(unixMilliseconds: milliseconds)
        }

        /// Binds INTEGER milliseconds since 1970.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) for a date too far from 1970 for 64-bit milliseconds.
        @inlinable
        public static func bind(_ value: Date, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindInt64(try DateText.checkedUnixMilliseconds(value), at: index)
        }

        /// `.integer` milliseconds since 1970 (clamped to the 64-bit range: filters compare with it; `set(to:)`
        /// refuses such a date through `checkStorable`).
        public static func databaseValue(of value: Date) -> DatabaseValue {
            .integer(DateText.unixMilliseconds(value) ?? (value.timeIntervalSince1970 < 0 ? .min : .max))
        }

        /// The check of `bind`: the date must be a 64-bit count of milliseconds since 1970 (not NaN or ±∞).
        ///
        /// - Throws: `DatabaseError` (`.encoding`) naming the date.
        public static func checkStorable(_ value: Date) throws {
            _ = try DateText.checkedUnixMilliseconds(value)
        }
    }

    /// REAL Julian day number (`storage: julianDay`), what SQLite's `julianday()` returns. Precision is about
    /// 40 µs. Reads REAL or INTEGER.
    public enum JulianDay: OrderedColumnStorage {
        public typealias Value = Date

        /// Reads a Julian day number.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL or TEXT/BLOB.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Date {
            let day = try row.checkedDouble(value, at: index, as: Date.self)
            return Date(timeIntervalSinceReferenceDate: (day - DateText.referenceJulianDay) * 86_400)
        }

        /// Binds the Julian day number.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) for a NaN date, or when SQLite rejects the value.
        @inlinable
        public static func bind(_ value: Date, to binding: StatementBinding, at index: Int32) throws {
            try DateText.checkNotNaN(value)
            try binding.bindDouble(databaseDay(value), at: index)
        }

        /// `.real` Julian day.
        public static func databaseValue(of value: Date) -> DatabaseValue { .real(databaseDay(value)) }

        /// The check of `bind`: the date is not NaN.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) naming the date.
        public static func checkStorable(_ value: Date) throws {
            try DateText.checkNotNaN(value)
        }

        @usableFromInline
        static func databaseDay(_ value: Date) -> Double {
            value.timeIntervalSinceReferenceDate / 86_400 + DateText.referenceJulianDay
        }
    }

    /// TEXT `YYYY-MM-DD HH:MM:SS` in UTC, with `.SSS` milliseconds when they are not zero
    /// (`storage: sqliteText`): SQLite's own date format, what `datetime()` writes. Text sorts as the dates
    /// when every value has this form (years 0000–9999, UTC), which writes through this storage keep;
    /// `ormgen pull` checks a file's values. Reads any form SQLite's date functions read (`T` or space,
    /// optional seconds and fraction, `Z` or `±HH:MM`).
    public enum SQLiteText: _DateTextStorage {
        public static var _isISO8601: Bool { false }
    }

    /// TEXT ISO 8601 `YYYY-MM-DDTHH:MM:SS.SSSZ` in UTC, always with milliseconds (`storage: iso8601Text`), so
    /// the text sorts as the dates when every value has this form. Reads any form SQLite's date functions read.
    public enum ISO8601Text: _DateTextStorage {
        public static var _isISO8601: Bool { true }
    }
}

/// What `DateStorage.SQLiteText` and `DateStorage.ISO8601Text` share: dates as text in one of two forms. An
/// implementation detail of those two; not for other types.
public protocol _DateTextStorage: OrderedColumnStorage where Value == Date {
    /// Whether the form is ISO 8601 (`T`, always milliseconds, `Z`) rather than SQLite's.
    static var _isISO8601: Bool { get }
}

extension _DateTextStorage {
    @usableFromInline
    static var style: DateText.Style { _isISO8601 ? .iso8601 : .sqlite }

    /// Reads date text.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, a number, a BLOB or text that is not a date.
    @inlinable
    public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Date {
        try row.checkedDateText(value, at: index)
    }

    /// Binds the text.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a date outside years 0000–9999.
    @inlinable
    public static func bind(_ value: Date, to binding: StatementBinding, at index: Int32) throws {
        try binding.bindText(try DateText.checkedText(value, style: style), at: index)
    }

    /// `.text` in this form (clamped to years 0000–9999: filters compare with it; `set(to:)` refuses such a date
    /// through `checkStorable`).
    public static func databaseValue(of value: Date) -> DatabaseValue { .text(DateText.text(value, style: style)) }

    /// The check of `bind`: the date must fall in the years 0000–9999 that date text holds (not NaN or ±∞).
    ///
    /// - Throws: `DatabaseError` (`.encoding`) naming the date.
    public static func checkStorable(_ value: Date) throws {
        _ = try DateText.checkedText(value, style: style)
    }
}

extension Row {
    /// `value` as date text, parsed.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) unless it holds TEXT in a form SQLite's date functions read.
    @inlinable
    func checkedDateText(_ value: OpaquePointer?, at index: Int32) throws -> Date {
        let text = try checkedString(value, at: index, as: Date.self)
        guard let date = DateText.parse(text) else {
            throw decodingError(at: index, message: "the TEXT '\(text.prefix(40))' is not a date (expected YYYY-MM-DD HH:MM:SS)")
        }
        return date
    }
}

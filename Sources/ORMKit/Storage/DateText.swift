import Foundation
import ORMSchema
import ORMKitSQLite

/// Date arithmetic for the text, millisecond and Julian-day storages: UTC civil dates from day numbers
/// (Howard Hinnant's algorithms), no `DateFormatter`, no calendar, no locale.
@usableFromInline
enum DateText {
    /// Seconds from 1970-01-01 to 2001-01-01.
    @usableFromInline static let referenceOffset: Int64 = 978_307_200
    /// The Julian day of 2001-01-01T00:00:00Z.
    @usableFromInline static let referenceJulianDay = 2_451_910.5
    /// Unix milliseconds of 0000-01-01T00:00:00Z and of 9999-12-31T23:59:59.999Z: the years text can hold.
    static let textRange: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    @usableFromInline
    enum Style: Sendable {
        /// `YYYY-MM-DD HH:MM:SS[.SSS]`
        case sqlite
        /// `YYYY-MM-DDTHH:MM:SS.SSSZ`
        case iso8601
    }

    /// `value` in milliseconds since 1970, rounded down; nil out of the 64-bit range. A value within 1 µs below a
    /// whole millisecond counts as that millisecond, so a date read from text (`x.123`, which a double holds as
    /// `x.12299999…`) writes back the same text.
    @usableFromInline
    static func unixMilliseconds(_ value: Date) -> Int64? {
        let scaled = value.timeIntervalSinceReferenceDate * 1_000
        guard let nearest = milliseconds(exactly: scaled.rounded()), let down = milliseconds(exactly: (scaled + 0.001).rounded(.down)),
            !nearest.addingReportingOverflow(referenceOffset * 1_000).overflow, !down.addingReportingOverflow(referenceOffset * 1_000).overflow
        else { return nil }
        // Far from 2001 a double's step exceeds the 0.001 above: a date made from a millisecond count (what this
        // storage reads) is that count when it is exactly the date the count makes.
        if date(unixMilliseconds: nearest + referenceOffset * 1_000) == value { return nearest + referenceOffset * 1_000 }
        return down + referenceOffset * 1_000
    }

    /// A whole number of milliseconds as `Int64`, nil when not finite or out of range.
    @usableFromInline
    static func milliseconds(exactly value: Double) -> Int64? {
        guard value.isFinite, value > -9.2e18, value < 9.2e18 else { return nil }
        return Int64(value)
    }

    /// `unixMilliseconds(_:)`, or an encoding error.
    @usableFromInline
    static func checkedUnixMilliseconds(_ value: Date) throws -> Int64 {
        guard let milliseconds = unixMilliseconds(value) else {
            throw DatabaseError(kind: .encoding, resultCode: SQLITE_RANGE, message: "the date \(describe(value)) is out of the range of 64-bit milliseconds")
        }
        return milliseconds
    }

    /// The check of the REAL date storages (`unixSeconds`, `julianDay`): a NaN date has no REAL SQLite keeps (it
    /// would store NULL), so it is refused the same way on every write path, naming the date.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a NaN date.
    @usableFromInline
    static func checkNotNaN(_ value: Date) throws {
        guard value.timeIntervalSinceReferenceDate.isNaN else { return }
        throw DatabaseError(
            kind: .encoding, resultCode: SQLITE_MISMATCH,
            message: "the date \(describe(value)) is not a number: SQLite would store it as NULL; store nil or a date"
        )
    }

    /// The date of `milliseconds` since 1970, for every `Int64` (the truncating quotient and remainder cannot
    /// overflow, where rounding down and multiplying back would at `Int64.min`).
    @usableFromInline
    static func date(unixMilliseconds milliseconds: Int64) -> Date {
        let seconds = milliseconds / 1_000
        let fraction = milliseconds % 1_000
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + Double(fraction) / 1_000)
    }

    /// `value` for an error message, without calling `Date.description` (which traps on NaN): the ISO 8601 text
    /// within years 0000–9999, else the seconds since 1970 (`nan`, `inf`, `-1e+20`).
    @usableFromInline
    static func describe(_ value: Date) -> String {
        if let milliseconds = unixMilliseconds(value), textRange.contains(milliseconds) {
            return format(milliseconds, style: .iso8601)
        }
        return "\(value.timeIntervalSince1970) seconds from 1970"
    }

    /// The text of `value` in `style`, or an encoding error outside years 0000–9999.
    @usableFromInline
    static func checkedText(_ value: Date, style: Style) throws -> String {
        guard let milliseconds = unixMilliseconds(value), textRange.contains(milliseconds) else {
            throw DatabaseError(kind: .encoding, resultCode: SQLITE_RANGE, message: "the date \(describe(value)) is outside the years 0000–9999 that date text can hold")
        }
        return format(milliseconds, style: style)
    }

    /// The text of `value` in `style`, clamped to years 0000–9999 (for query arguments, which cannot throw).
    @usableFromInline
    static func text(_ value: Date, style: Style) -> String {
        let milliseconds = unixMilliseconds(value) ?? (value.timeIntervalSince1970 < 0 ? .min : .max)
        return format(Swift.min(Swift.max(milliseconds, textRange.lowerBound), textRange.upperBound), style: style)
    }

    static func format(_ unixMilliseconds: Int64, style: Style) -> String {
        let days = unixMilliseconds.quotientRoundingDown(by: 86_400_000)
        var rest = unixMilliseconds - days * 86_400_000
        let (year, month, day) = CivilCalendar.civil(fromDays: days)
        let hour = rest / 3_600_000
        rest -= hour * 3_600_000
        let minute = rest / 60_000
        rest -= minute * 60_000
        let second = rest / 1_000
        let millisecond = rest - second * 1_000
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        text += (style == .sqlite ? " " : "T") + pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        switch style {
        case .sqlite: if millisecond != 0 { text += "." + pad(millisecond, 3) }
        case .iso8601: text += "." + pad(millisecond, 3) + "Z"
        }
        return text
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Parses what SQLite's date functions read: `YYYY-MM-DD`, then optionally `T` or a space, `HH:MM`,
    /// `:SS`, `.fraction`, and `Z` or `±HH:MM`. Nil for anything else, and for a day the month does not have
    /// (`2024-02-30`, which SQLite's functions roll over to March 1st).
    @usableFromInline
    static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2), CivilCalendar.isDate(year: year, month: month, day: day)
        else { return nil }
        var seconds = CivilCalendar.days(fromCivil: year, month, day) * 86_400
        var fraction = 0.0
        if scanner.skip("T") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                hour < 24, minute < 60
            else { return nil }
            seconds += hour * 3_600 + minute * 60
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                seconds += second
                if scanner.skip(".") {
                    guard let value = scanner.fraction() else { return nil }
                    fraction = value
                }
            }
        }
        if scanner.skip("Z") || scanner.skip("z") {
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2), scanner.skip(":"), let minutes = scanner.number(digits: 2) else { return nil }
            seconds -= sign * (hours * 3_600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + fraction)
    }
}

/// Reads ASCII digits and punctuation from date text.
struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    /// Exactly `digits` decimal digits.
    mutating func number(digits: Int) -> Int64? {
        guard position + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[position..<position + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    /// One or more digits after a decimal point, as a fraction of a second (digits past the 15th are read and
    /// dropped).
    mutating func fraction() -> Double? {
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            if denominator < 1_000_000_000_000_000 {
                numerator = numerator * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                denominator *= 10
            }
            position += 1
        }
        return position > start ? Double(numerator) / Double(denominator) : nil
    }

    /// `+` (1) or `-` (-1).
    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    /// Consumes `character` when it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }
}

extension Int64 {
    /// Division rounding toward negative infinity.
    @usableFromInline
    func quotientRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}

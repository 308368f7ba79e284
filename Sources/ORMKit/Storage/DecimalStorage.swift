import Foundation
import ORMKitSQLite

/// The storages a `Decimal` field can declare besides its native TEXT (`storage:` and `scale:` in the schema).
public enum DecimalStorage {
    /// REAL (`storage: real`), what a `NUMERIC(p,s)` column holds: numeric comparisons and sorting, exact for
    /// values of up to 15 significant digits. Reads INTEGER, REAL (its shortest decimal form: 0.99 is `0.99`) and
    /// numeric TEXT.
    public enum Real: OrderedColumnStorage {
        public typealias Value = Decimal

        /// Reads INTEGER, REAL or numeric TEXT as a `Decimal`.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL, a BLOB or text that is not a number.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Decimal {
            try row.checkedDecimal(value, at: index)
        }

        /// Binds the nearest REAL (parsed from the exact `description`, never through `NSDecimalNumber`).
        ///
        /// - Throws: `DatabaseError` (`.encoding`) for NaN, and for a value whose REAL would not read back as a
        ///   `Decimal` (beyond about ±1e127).
        @inlinable
        public static func bind(_ value: Decimal, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindDouble(try storable(value), at: index)
        }

        /// The check of `bind`, for `set(to:)` and server engines.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) as `bind`.
        public static func checkStorable(_ value: Decimal) throws {
            _ = try storable(value)
        }

        /// The REAL `bind` stores, or the refusal.
        @usableFromInline
        static func storable(_ value: Decimal) throws -> Double {
            let double = DecimalText.double(value)
            guard !double.isNaN else {
                throw DatabaseError(kind: .encoding, resultCode: SQLITE_MISMATCH, message: "a NaN Decimal cannot be stored")
            }
            // Only huge magnitudes can fail to read back; the parse runs for those alone.
            guard abs(double) < 1e127 || DecimalText.decimal(double) != nil else {
                throw DatabaseError(
                    kind: .encoding, resultCode: SQLITE_RANGE,
                    message: "the Decimal \(value) is too large for storage: real (its REAL \(double) would not read back as a Decimal)"
                )
            }
            return double
        }

        /// `.real` of the nearest double.
        public static func databaseValue(of value: Decimal) -> DatabaseValue { .real(DecimalText.double(value)) }
    }

    /// A scaled INTEGER (`scale: 2` stores 1.99 as 199): exact comparisons, sorting, `MIN`, `MAX` and `SUM`.
    /// Writing a value with more fraction digits than the scale, or one too large for 64 bits, throws instead of
    /// rounding. Reads INTEGER, and the REAL or TEXT an affinity can turn it into.
    public enum Scaled<Scale: DecimalScale>: AdditiveColumnStorage {
        public typealias Value = Decimal

        /// Reads the scaled integer and divides it by 10^scale, exactly.
        ///
        /// - Throws: `DatabaseError` (`.decoding`) on NULL, a BLOB or text that is not a number.
        @inlinable
        public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Decimal {
            if sqlite3_value_type(value) == SQLITE_INTEGER {
                return DecimalText.unscaled(sqlite3_value_int64(value), scale: Scale.digits)
            }
            let stored = try row.checkedDecimal(value, at: index)
            return DecimalText.divide(stored, byPowerOfTen: Scale.digits)
        }

        /// Binds the value times 10^scale as an INTEGER.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) when the value has more fraction digits than the scale or does
        ///   not fit in 64 bits.
        @inlinable
        public static func bind(_ value: Decimal, to binding: StatementBinding, at index: Int32) throws {
            try binding.bindInt64(try scaled(value), at: index)
        }

        /// The check of `bind`, before a write to a server engine (NUMERIC would round extra fraction digits away)
        /// and in `set(to:)`.
        ///
        /// - Throws: `DatabaseError` (`.encoding`) when the value has more fraction digits than the scale or does
        ///   not fit in 64 bits.
        public static func checkStorable(_ value: Decimal) throws {
            _ = try scaled(value)
        }

        /// The value times 10^scale, or the refusal `bind` and `checkStorable` throw.
        @usableFromInline
        static func scaled(_ value: Decimal) throws -> Int64 {
            guard let scaled = DecimalText.scaled(value, scale: Scale.digits) else {
                throw DatabaseError(
                    kind: .encoding, resultCode: SQLITE_RANGE,
                    message: "the Decimal \(value) does not fit a scaled INTEGER with \(Scale.digits) fraction digits (more digits, or larger than 64 bits); round it first"
                )
            }
            return scaled
        }

        /// `.integer` of the scaled value; a value with more fraction digits than the scale compares as the
        /// `.real` scaled value, so `price > 9.995` is still right.
        public static func databaseValue(of value: Decimal) -> DatabaseValue {
            if let scaled = DecimalText.scaled(value, scale: Scale.digits) { return .integer(scaled) }
            return .real(DecimalText.double(DecimalText.multiply(value, byPowerOfTen: Scale.digits)))
        }
    }
}

/// The number of fraction digits of a ``DecimalStorage/Scaled`` storage: `DecimalStorage.Scale2` for money.
public protocol DecimalScale: Sendable {
    /// The number of fraction digits (0…12).
    static var digits: Int { get }
}

extension DecimalStorage {
    /// No fraction digits.
    public enum Scale0: DecimalScale { public static var digits: Int { 0 } }
    /// One fraction digit.
    public enum Scale1: DecimalScale { public static var digits: Int { 1 } }
    /// Two fraction digits (cents).
    public enum Scale2: DecimalScale { public static var digits: Int { 2 } }
    /// Three fraction digits.
    public enum Scale3: DecimalScale { public static var digits: Int { 3 } }
    /// Four fraction digits.
    public enum Scale4: DecimalScale { public static var digits: Int { 4 } }
    /// Five fraction digits.
    public enum Scale5: DecimalScale { public static var digits: Int { 5 } }
    /// Six fraction digits.
    public enum Scale6: DecimalScale { public static var digits: Int { 6 } }
    /// Seven fraction digits.
    public enum Scale7: DecimalScale { public static var digits: Int { 7 } }
    /// Eight fraction digits.
    public enum Scale8: DecimalScale { public static var digits: Int { 8 } }
    /// Nine fraction digits.
    public enum Scale9: DecimalScale { public static var digits: Int { 9 } }
    /// Ten fraction digits.
    public enum Scale10: DecimalScale { public static var digits: Int { 10 } }
    /// Eleven fraction digits.
    public enum Scale11: DecimalScale { public static var digits: Int { 11 } }
    /// Twelve fraction digits.
    public enum Scale12: DecimalScale { public static var digits: Int { 12 } }
}

/// Exact `Decimal` conversions through text and integers: never through `Double` arithmetic or
/// `NSDecimalNumber.doubleValue` (which turns 1.99 into 1.9899999999999998 on Linux).
@usableFromInline
enum DecimalText {
    @usableFromInline static let posix = Locale(identifier: "en_US_POSIX")

    /// The nearest double, parsed from the exact `description` (correctly rounded).
    @usableFromInline
    static func double(_ value: Decimal) -> Double {
        Double(value.description) ?? .nan
    }

    /// The exact decimal of a double's shortest round-trip form (`0.99`, not `0.98999999999999999`); nil when
    /// Foundation cannot parse it (an exponent past ±127: `Decimal.greatestFiniteMagnitude` as a REAL).
    @usableFromInline
    static func decimal(_ value: Double) -> Decimal? {
        guard value.isFinite else { return nil }
        return Decimal(string: "\(value)", locale: posix)
    }

    /// `value × 10^digits` as an integer, nil when it has a fraction left or does not fit 64 bits.
    @usableFromInline
    static func scaled(_ value: Decimal, scale digits: Int) -> Int64? {
        var shifted = multiply(value, byPowerOfTen: digits)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &shifted, 0, .plain)
        guard rounded == shifted, !shifted.isNaN else { return nil }
        return Int64(shifted.description)
    }

    /// `stored ÷ 10^digits`, exactly.
    @usableFromInline
    static func unscaled(_ stored: Int64, scale digits: Int) -> Decimal {
        Decimal(sign: stored < 0 ? .minus : .plus, exponent: -digits, significand: Decimal(stored.magnitude))
    }

    @usableFromInline
    static func multiply(_ value: Decimal, byPowerOfTen digits: Int) -> Decimal {
        var value = value
        var result = Decimal()
        guard NSDecimalMultiplyByPowerOf10(&result, &value, Int16(digits), .plain) == .noError else { return .nan }
        return result
    }

    @usableFromInline
    static func divide(_ value: Decimal, byPowerOfTen digits: Int) -> Decimal {
        multiply(value, byPowerOfTen: -digits)
    }
}

extension Row {
    /// `value`, the value of column `index`, as an exact `Decimal`: numeric TEXT, INTEGER, or a REAL's shortest
    /// decimal form.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, a BLOB, or text that is not a number.
    @inlinable
    func checkedDecimal(_ value: OpaquePointer?, at index: Int32) throws -> Decimal {
        switch sqlite3_value_type(value) {
        case SQLITE_TEXT:
            let text = try checkedString(value, at: index, as: Decimal.self)
            guard let decimal = Decimal(string: text, locale: DecimalText.posix), !decimal.isNaN,
                text.allSatisfy({ $0.isNumber || "+-.eE".contains($0) }), !text.isEmpty
            else {
                throw decodingError(at: index, message: "the TEXT is not a decimal number")
            }
            return decimal
        case SQLITE_INTEGER:
            return Decimal(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            guard let decimal = DecimalText.decimal(sqlite3_value_double(value)) else {
                throw decodingError(at: index, message: "the REAL \(sqlite3_value_double(value)) is not a decimal number")
            }
            return decimal
        default:
            throw typeMismatch(at: index, type: Decimal.self)
        }
    }
}

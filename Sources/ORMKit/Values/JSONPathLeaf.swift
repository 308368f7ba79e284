import Foundation
import ORMKitSQLite

/// A Swift type a typed JSON path can end at: a scalar as `JSONEncoder` writes it (a string, a number, a boolean),
/// so SQL compares it with the same value written from Swift. `String`, `Int`, `Int32`, `Int64`, `Double`, `Float`,
/// `Bool`, `Date` (a number: seconds since 2001, `JSONEncoder`'s default), `UUID` and `URL` (strings), and their
/// optionals. `Decimal` and `Data` are not leaves: `JSONEncoder` writes a `Decimal` as a binary floating-point
/// number and `Data` as base64, so SQL could not compare them exactly.
public protocol JSONPathLeaf: Sendable, Encodable {
    /// The kind of JSON scalar the type is written as.
    static var jsonScalarKind: JSONScalarKind { get }
    /// The value as SQLite's `json_extract` reads it back from the JSON `JSONEncoder` writes: `.text`, `.integer`,
    /// `.real`; a boolean as `.integer` 0 or 1; nil as `.null`.
    var jsonScalar: DatabaseValue { get }
    /// The value `json_extract` (or PostgreSQL's cast, converted to the same form) read; nil when it is not one
    /// (NULL for a non-optional type).
    static func fromJSONScalar(_ scalar: DatabaseValue) -> Self?
}

/// A leaf whose JSON scalars sort in SQL as the Swift values do: every leaf but `UUID` and `URL`. `<`, `between`
/// and `order` compile on paths to these.
public protocol OrderedJSONPathLeaf: JSONPathLeaf {}

extension String: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .text }
    public var jsonScalar: DatabaseValue { .text(self) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> String? {
        if case .text(let text) = scalar { text } else { nil }
    }
}

extension Int: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .integer }
    public var jsonScalar: DatabaseValue { .integer(Int64(self)) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Int? {
        if case .integer(let value) = scalar { Int(exactly: value) } else { nil }
    }
}

extension Int32: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .integer }
    public var jsonScalar: DatabaseValue { .integer(Int64(self)) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Int32? {
        if case .integer(let value) = scalar { Int32(exactly: value) } else { nil }
    }
}

extension Int64: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .integer }
    public var jsonScalar: DatabaseValue { .integer(self) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Int64? {
        if case .integer(let value) = scalar { value } else { nil }
    }
}

extension Double: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .real }
    public var jsonScalar: DatabaseValue { .real(self) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Double? {
        switch scalar {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}

extension Float: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .real }
    /// The number `JSONEncoder` writes (the shortest text that reads back as this `Float`), read as a `Double`.
    public var jsonScalar: DatabaseValue { .real(Double(description) ?? Double(self)) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Float? {
        Double.fromJSONScalar(scalar).map(Float.init)
    }
}

extension Bool: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .boolean }
    public var jsonScalar: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Bool? {
        switch scalar {
        case .integer(0): false
        case .integer(1): true
        default: nil
        }
    }
}

extension Date: OrderedJSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .real }
    public var jsonScalar: DatabaseValue { .real(timeIntervalSinceReferenceDate) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Date? {
        Double.fromJSONScalar(scalar).map(Date.init(timeIntervalSinceReferenceDate:))
    }
}

extension UUID: JSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .text }
    /// `uuidString`, uppercase, as `JSONEncoder` writes it.
    public var jsonScalar: DatabaseValue { .text(uuidString) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> UUID? {
        if case .text(let text) = scalar { UUID(uuidString: text) } else { nil }
    }
}

extension URL: JSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { .text }
    /// `absoluteString`, as `JSONEncoder` writes it.
    public var jsonScalar: DatabaseValue { .text(absoluteString) }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> URL? {
        if case .text(let text) = scalar { URL(string: text) } else { nil }
    }
}

extension Optional: JSONPathLeaf where Wrapped: JSONPathLeaf {
    public static var jsonScalarKind: JSONScalarKind { Wrapped.jsonScalarKind }
    public var jsonScalar: DatabaseValue { self?.jsonScalar ?? .null }
    public static func fromJSONScalar(_ scalar: DatabaseValue) -> Wrapped?? {
        if case .null = scalar { return .some(nil) }
        return Wrapped.fromJSONScalar(scalar).map { .some($0) }
    }
}

extension Optional: OrderedJSONPathLeaf where Wrapped: OrderedJSONPathLeaf {}

/// How the values of a ``JSONPath`` are bound and read: a leaf's JSON scalar, compared as its kind. Only paths
/// to leaves (``JSONPathLeaf``) compare, select and sort.
public enum JSONPathStorage<Value>: ValueStorage {}

extension JSONPathStorage: ColumnStorage where Value: JSONPathLeaf {
    /// Reads what `json_extract` returned.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL for a non-optional leaf, or a value of another kind.
    public static func decode(from row: Row, value: OpaquePointer?, at index: Int32) throws -> Value {
        let scalar: DatabaseValue
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: scalar = .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: scalar = .real(sqlite3_value_double(value))
        case SQLITE_TEXT: scalar = .text(try row.checkedString(value, at: index, as: Value.self))
        case SQLITE_NULL: scalar = .null
        default: throw row.typeMismatch(at: index, type: Value.self)
        }
        guard let decoded = Value.fromJSONScalar(scalar) else { throw row.typeMismatch(at: index, type: Value.self) }
        return decoded
    }

    /// Binds the JSON scalar.
    ///
    /// - Throws: `DatabaseError` when SQLite rejects the value.
    public static func bind(_ value: Value, to binding: StatementBinding, at index: Int32) throws {
        switch value.jsonScalar {
        case .integer(let number): try binding.bindInt64(number, at: index)
        case .real(let number): try binding.bindDouble(number, at: index)
        case .text(let text): try binding.bindText(text, at: index)
        case .blob(let bytes): try binding.bindBlob(bytes, at: index)
        case .null: try binding.bindNull(at: index)
        }
    }

    /// The JSON scalar.
    public static func databaseValue(of value: Value) -> DatabaseValue { value.jsonScalar }

    /// Reads what PostgreSQL's cast of the path returned (`TEXT`, `BIGINT`, `DOUBLE PRECISION`, `BOOLEAN`).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL for a non-optional leaf, or a value of another kind.
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Value {
        let scalar: DatabaseValue? = switch value {
        case .null: .null
        case .text(let text): .text(text)
        case .integer(let number): .integer(number)
        case .double(let number): .real(number)
        case .bool(let flag): .integer(flag ? 1 : 0)
        default: nil
        }
        guard let scalar, let decoded = Value.fromJSONScalar(scalar) else {
            if value.isNull { throw row.unexpectedNull(at: index, type: Value.self) }
            throw row.typeMismatch(at: index, type: Value.self)
        }
        return decoded
    }

    /// The JSON scalar as the cast of the path on a server engine compares it.
    public static func wireValue(of value: Value) -> WireValue {
        switch (value.jsonScalar, Value.jsonScalarKind) {
        case (.null, _): .null
        case (.integer(let flag), .boolean): .bool(flag != 0)
        case (.integer(let number), _): .integer(number)
        case (.real(let number), _): .double(number)
        case (.text(let text), _): .text(text)
        case (.blob(let bytes), _): .bytes(bytes)
        }
    }

    /// Refuses NaN and infinities, which JSON cannot hold.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a number JSON cannot hold.
    public static func checkStorable(_ value: Value) throws {
        if case .real(let number) = value.jsonScalar, !number.isFinite {
            throw DatabaseError(kind: .encoding, message: "\(number) cannot be compared with a JSON number")
        }
    }
}

extension JSONPathStorage: OrderedColumnStorage where Value: OrderedJSONPathLeaf {}

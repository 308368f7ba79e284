import Foundation

// How the built-in column values travel to and from a server engine (PostgreSQL) as `WireValue`s: each as its
// own type (BOOLEAN, BIGINT, TIMESTAMPTZ, UUID, NUMERIC, …), whatever SQLite storage the schema declares.
// Aggregates come back wider than their column (`SUM(bigint)` and `AVG` are NUMERIC), so integer and double
// reads accept an exact NUMERIC too.

extension WireRow {
    /// `value` as an exact 64-bit integer: INTEGER, or a NUMERIC without fraction that fits.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on another kind of value or a value out of range.
    @inlinable
    func wireInt64(_ value: WireValue, at index: Int32, as type: Any.Type) throws -> Int64 {
        switch value {
        case .integer(let integer): return integer
        case .decimal(let decimal):
            guard let integer = DecimalText.scaled(decimal, scale: 0) else {
                throw decodingError(at: index, message: "the NUMERIC \(decimal) is not a 64-bit integer (\(type))")
            }
            return integer
        default: throw typeMismatch(at: index, type: type)
        }
    }

    /// `value` as a double: DOUBLE PRECISION, INTEGER or NUMERIC (nearest double).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on another kind of value.
    @inlinable
    func wireDouble(_ value: WireValue, at index: Int32, as type: Any.Type) throws -> Double {
        switch value {
        case .double(let double): return double
        case .integer(let integer): return Double(integer)
        case .decimal(let decimal): return DecimalText.double(decimal)
        default: throw typeMismatch(at: index, type: type)
        }
    }

    /// `value` as text.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on another kind of value.
    @inlinable
    func wireText(_ value: WireValue, at index: Int32, as type: Any.Type) throws -> String {
        guard case .text(let text) = value else { throw typeMismatch(at: index, type: type) }
        return text
    }
}

extension Int64 {
    /// Reads INTEGER (or an integral NUMERIC).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Int64 {
        try row.wireInt64(value, at: index, as: Int64.self)
    }

    /// `.integer(self)`.
    @inlinable
    public var wireValue: WireValue { .integer(self) }
}

extension Int {
    /// Reads INTEGER (or an integral NUMERIC) that fits `Int`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another kind of value or a value out of range.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Int {
        guard let int = Int(exactly: try row.wireInt64(value, at: index, as: Int.self)) else {
            throw row.decodingError(at: index, message: "the INTEGER value does not fit in Int")
        }
        return int
    }

    /// `.integer(Int64(self))`.
    @inlinable
    public var wireValue: WireValue { .integer(Int64(self)) }
}

extension Int32 {
    /// Reads INTEGER (or an integral NUMERIC) that fits `Int32`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another kind of value or a value out of range.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Int32 {
        guard let int = Int32(exactly: try row.wireInt64(value, at: index, as: Int32.self)) else {
            throw row.decodingError(at: index, message: "the INTEGER value does not fit in Int32")
        }
        return int
    }

    /// `.integer(Int64(self))`.
    @inlinable
    public var wireValue: WireValue { .integer(Int64(self)) }
}

extension Bool {
    /// Reads BOOLEAN (or INTEGER 0 and 1).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Bool {
        switch value {
        case .bool(let bool): return bool
        case .integer(0): return false
        case .integer(1): return true
        default: throw row.typeMismatch(at: index, type: Bool.self)
        }
    }

    /// `.bool(self)`.
    @inlinable
    public var wireValue: WireValue { .bool(self) }
}

extension Double {
    /// Reads DOUBLE PRECISION, INTEGER or NUMERIC.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Double {
        try row.wireDouble(value, at: index, as: Double.self)
    }

    /// `.double(self)`.
    @inlinable
    public var wireValue: WireValue { .double(self) }
}

extension Float {
    /// Reads REAL, DOUBLE PRECISION, INTEGER or NUMERIC, as the nearest `Float`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Float {
        Float(try row.wireDouble(value, at: index, as: Float.self))
    }

    /// `.double(Double(self))`.
    @inlinable
    public var wireValue: WireValue { .double(Double(self)) }
}

extension String {
    /// Reads TEXT.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> String {
        try row.wireText(value, at: index, as: String.self)
    }

    /// `.text(self)`.
    @inlinable
    public var wireValue: WireValue { .text(self) }
}

extension Data {
    /// Reads BYTEA.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Data {
        guard case .bytes(let bytes) = value else { throw row.typeMismatch(at: index, type: Data.self) }
        return bytes
    }

    /// `.bytes(self)`.
    @inlinable
    public var wireValue: WireValue { .bytes(self) }
}

extension Date {
    /// Reads TIMESTAMPTZ.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Date {
        guard case .timestamp(let date) = value else { throw row.typeMismatch(at: index, type: Date.self) }
        return date
    }

    /// `.timestamp(self)`.
    @inlinable
    public var wireValue: WireValue { .timestamp(self) }
}

extension UUID {
    /// Reads UUID (or TEXT holding one).
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> UUID {
        switch value {
        case .uuid(let uuid): return uuid
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else {
                throw row.decodingError(at: index, message: "the TEXT is not a UUID")
            }
            return uuid
        default: throw row.typeMismatch(at: index, type: UUID.self)
        }
    }

    /// `.uuid(self)`.
    @inlinable
    public var wireValue: WireValue { .uuid(self) }
}

extension URL {
    /// Reads TEXT holding a URL.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL, another kind of value or text that is not a URL.
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> URL {
        guard let url = URL(string: try row.wireText(value, at: index, as: URL.self)) else {
            throw row.decodingError(at: index, message: "the TEXT is not a URL")
        }
        return url
    }

    /// `.text(absoluteString)`.
    public var wireValue: WireValue { .text(absoluteString) }
}

extension Decimal {
    /// Reads NUMERIC (or INTEGER) exactly.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) on NULL or another kind of value.
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Decimal {
        switch value {
        case .decimal(let decimal): return decimal
        case .integer(let integer): return Decimal(integer)
        default: throw row.typeMismatch(at: index, type: Decimal.self)
        }
    }

    /// `.decimal(self)`.
    public var wireValue: WireValue { .decimal(self) }
}

extension Optional where Wrapped: ColumnValue {
    /// Reads NULL as nil, anything else as `Wrapped`.
    ///
    /// - Throws: what `Wrapped` throws for a non-NULL value.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Wrapped? {
        if case .null = value { return nil }
        return try Wrapped.decode(wire: value, in: row, at: index)
    }

    /// `.null` for nil, the wrapped value's wire value otherwise.
    @inlinable
    public var wireValue: WireValue {
        switch self {
        case .none: .null
        case .some(let value): value.wireValue
        }
    }
}

extension ColumnValue where Self: RawRepresentable, Self.RawValue: ColumnValue {
    /// Reads the raw value and converts it.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) when the raw value cannot be read or is not a case.
    /// A PostgreSQL enum type's cell arrives as its label's bytes (the type's OID is the database's own): it reads
    /// as the case whose raw value is that text, and as nothing else.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Self {
        if case .bytes(let bytes) = value, let label = String(data: bytes, encoding: .utf8) as? RawValue {
            guard let value = Self(rawValue: label) else {
                throw row.decodingError(at: index, message: "'\(label)' is not a raw value of \(Self.self)")
            }
            return value
        }
        let rawValue = try RawValue.decode(wire: value, in: row, at: index)
        guard let value = Self(rawValue: rawValue) else {
            throw row.decodingError(at: index, message: "\(rawValue) is not a raw value of \(Self.self)")
        }
        return value
    }

    /// The raw value's wire value; text as an enum label (`WireValue.enumLabel`), which the server types as the
    /// column's TEXT or enum type.
    @inlinable
    public var wireValue: WireValue {
        let raw = rawValue.wireValue
        if case .text(let text) = raw { return .enumLabel(text) }
        return raw
    }
}

extension DatabaseValueConvertible {
    /// Reads the stored form and converts it.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) when the stored form cannot be read or `init(databaseValue:)` throws.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> Self {
        let stored = try DatabaseRepresentation.decode(wire: value, in: row, at: index)
        do {
            return try Self(databaseValue: stored)
        } catch {
            throw row.decodingError(at: index, message: "\(Self.self)(databaseValue:) failed: \(error)")
        }
    }

    /// The stored form's wire value.
    @inlinable
    public var wireValue: WireValue { databaseValue.wireValue }
}

extension StoredKey {
    /// Reads the key as its storage reads it.
    ///
    /// - Throws: what the storage throws.
    @inlinable
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> StoredKey {
        StoredKey(try Storage.decode(wire: value, in: row, at: index))
    }

    /// The key's wire value.
    public var wireValue: WireValue { Storage.wireValue(of: value) }
}

extension DatabaseValue {
    /// Reads any value into the nearest SQLite storage class, for raw SQL whose column types are not known
    /// statically: BOOLEAN as INTEGER 0 or 1, NUMERIC, UUID and JSONB as TEXT, TIMESTAMPTZ as REAL seconds
    /// since 2001 (a `Date` column's default storage), BYTEA as BLOB.
    public static func decode(wire value: WireValue, in row: WireRow, at index: Int32) throws -> DatabaseValue {
        switch value {
        case .null: .null
        case .bool(let bool): .integer(bool ? 1 : 0)
        case .integer(let integer): .integer(integer)
        case .double(let double): .real(double)
        case .decimal(let decimal): .text(decimal.description)
        case .text(let text), .json(let text), .enumLabel(let text): .text(text)
        case .bytes(let bytes): .blob(bytes)
        case .uuid(let uuid): .text(uuid.uuidString.lowercased())
        case .timestamp(let date): .real(date.timeIntervalSinceReferenceDate)
        }
    }

    /// INTEGER, REAL, TEXT and BLOB as `.integer`, `.double`, `.text` and `.bytes`.
    public var wireValue: WireValue {
        switch self {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let double): .double(double)
        case .text(let text): .text(text)
        case .blob(let data): .bytes(data)
        }
    }
}

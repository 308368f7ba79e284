/// What a column holds, whatever the engine. SQLite declares a column with `ColumnDefinition.sqlType`; the
/// other dialects (PostgreSQL) type it from this: the Swift type, and the storage where it matters.
enum ColumnContent: Sendable, Equatable {
    /// A built-in scalar and its declared storage (nil: the type's own).
    case scalar(ScalarType, storage: ScalarStorage?)
    /// An `enum:` field: its raw values, as written in SQL (text, or integer digits), and its `enumType:`.
    case enumeration(isIntegerRaw: Bool, rawValues: [String], typeName: String?)
    /// `storage: json`.
    case json
    /// `converter: true`, with its `sqlType` (`INTEGER`, `REAL`, `TEXT`, `BLOB`, or empty when not declared).
    case converter(sqlType: String)
}

/// A literal value as a typed engine receives it (the generator's mirror of `ORMKit.WireValue`): what a default
/// or a seed value is, before any dialect or storage writes it.
enum WireLiteral: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    /// An exact decimal: sign, significand digits (at most 18) and base-10 exponent.
    case decimal(negative: Bool, significand: String, exponent: Int)
    case text(String)
    case bytes([UInt8])
    /// The 16 bytes of a UUID.
    case uuid([UInt8])
    /// A point in time, as seconds since 1970-01-01T00:00:00Z.
    case timestamp(unixSeconds: Double)
    /// JSON text.
    case json(String)
}

extension WireLiteral {
    /// Whether generated code writes it with a Foundation type (`Data`, `UUID`, `Date`, `Decimal`).
    var usesFoundation: Bool {
        switch self {
        case .decimal, .bytes, .uuid, .timestamp: true
        case .null, .bool, .integer, .double, .text, .json: false
        }
    }
}

/// A column default as a dialect renders it: the current time, or a constant.
enum WireDefault: Sendable, Hashable {
    /// `default: now`.
    case now
    case value(WireLiteral)
}

extension Field {
    /// What the field's (single) column holds; nil for an embedded field, whose sub-fields each have theirs.
    var content: ColumnContent? {
        switch type {
        case let .scalar(scalar): .scalar(scalar, storage: storage)
        case let .enumeration(enumType):
            .enumeration(isIntegerRaw: enumType.isIntegerRaw, rawValues: enumType.cases.map(\.raw), typeName: enumType.databaseType)
        case .json: .json
        case let .converter(_, sqlType): .converter(sqlType: sqlType)
        case .embedded: nil
        }
    }
}

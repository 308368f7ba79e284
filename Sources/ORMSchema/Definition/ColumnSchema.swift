/// Static description of one stored column, emitted by `ormgen` and engine-neutral: what it holds, how SQLite
/// stores it, its nullability, default and constraints. Each engine's DDL is derived from it by a
/// ``SchemaDialect`` (``SQLiteDDL``, ``PostgreSQLDDL``), so a new engine changes no generated code.
public struct ColumnSchema: Sendable, Hashable {
    /// The column name, unquoted.
    public let name: String
    /// The declared SQL type: `INTEGER`, `REAL`, `TEXT`, `BLOB`, the field's `sqlType` (`NVARCHAR(160)`), or empty
    /// for converter columns without `sqlType`. SQLite declares the column with it.
    public let type: String
    /// The schema's `sqlType:` when it declares one (then also ``type``): PostgreSQL declares the column with it
    /// too when it names a PostgreSQL type for the column's values (`VARCHAR(40)`, `SMALLINT`, `TIMESTAMP`).
    public let declaredType: String?
    /// What the column holds, whatever the engine: the dialects that type columns from the value (PostgreSQL)
    /// read it.
    public let kind: ColumnKind
    /// Whether the column accepts NULL.
    public let isNullable: Bool
    /// How a `Date`, `Decimal`, `UUID` or `Bool` field stores its values (`referenceSeconds`, `sqliteText`,
    /// `scaledInteger`, `text`, …, the schema's `storage:` names); nil for other types.
    public let storage: String?
    /// The column's default, if the schema declares one.
    public let defaultValue: ColumnDefault?
    /// Whether the column has a `UNIQUE` constraint.
    public let isUnique: Bool
    /// The `CHECK` expression, if any.
    public let check: String?

    /// Creates a column description. Called by generated code.
    public init(
        name: String,
        type: String,
        declaredType: String? = nil,
        kind: ColumnKind,
        isNullable: Bool,
        storage: String? = nil,
        defaultValue: ColumnDefault? = nil,
        isUnique: Bool = false,
        check: String? = nil
    ) {
        self.name = name
        self.type = type
        self.declaredType = declaredType
        self.kind = kind
        self.isNullable = isNullable
        self.storage = storage
        self.defaultValue = defaultValue
        self.isUnique = isUnique
        self.check = check
    }
}

/// What a column holds, whatever the engine: the Swift type's family, which SQLite's declared type does not tell
/// (a `Bool`, an `Int` and a `Date` in seconds are all numbers there).
public enum ColumnKind: Sendable, Hashable {
    case bool
    /// `Int`, `Int64`.
    case integer
    /// `Int32`.
    case integer32
    /// `Double`.
    case double
    /// `Float`.
    case float
    /// `String`, `URL`.
    case text
    /// `Data`.
    case bytes
    case date
    case uuid
    /// `Decimal`; `scale` when SQLite stores it as a scaled integer (`scale: 2`).
    case decimal(scale: Int?)
    /// An `enum:` field: its raw values, as written in SQL (text, or integer digits), and the PostgreSQL enum type
    /// that holds them when the schema names one (`enumType:`; else TEXT or BIGINT with a CHECK).
    case enumeration(isIntegerRaw: Bool, rawValues: [String], typeName: String? = nil)
    /// `storage: json`: JSON text.
    case json
    /// `converter: true`: a user type; `sqlType` is `INTEGER`, `REAL`, `TEXT`, `BLOB`, or empty when not declared.
    case converter(sqlType: String)
}

/// A column's `DEFAULT`: the current time, or a constant in both of the forms engines take it.
public enum ColumnDefault: Sendable, Hashable {
    /// `default: now`: each engine's expression of the current time, in the column's storage.
    case now
    /// A constant: as SQLite stores it (per the column's storage) and as a typed engine takes it.
    case value(stored: DatabaseValue, wire: WireValue)
}

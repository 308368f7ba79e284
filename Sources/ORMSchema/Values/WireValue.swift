import Foundation

/// A value as a server database engine (PostgreSQL) sends or receives it: typed, unlike SQLite's five storage
/// classes, so a `Date` travels as a timestamp and a `Decimal` as an exact numeric whatever storage the schema
/// declares for SQLite files.
///
/// Generated `init(row: WireRow)` and `encode(to: inout WireEncoder)` read and write these through each
/// ``ColumnValue``'s `wireValue` and `decode(wire:…)`; backends such as ORMKitPostgres convert them to and from
/// their protocol's cells. Seed rows carry them for PostgreSQL.
public enum WireValue: Sendable, Hashable {
    case null
    /// `BOOLEAN`.
    case bool(Bool)
    /// `SMALLINT`, `INTEGER` or `BIGINT`.
    case integer(Int64)
    /// `REAL` or `DOUBLE PRECISION`.
    case double(Double)
    /// `NUMERIC`: exact.
    case decimal(Decimal)
    /// `TEXT` (and `VARCHAR`, `CHAR`).
    case text(String)
    /// `BYTEA`.
    case bytes(Data)
    /// `UUID`.
    case uuid(UUID)
    /// `TIMESTAMPTZ` (microsecond precision on PostgreSQL).
    case timestamp(Date)
    /// `JSONB`, as its JSON text.
    case json(String)
    /// An enum's raw text, sent untyped as a quoted literal is, so the server takes it as the column's type: `TEXT`
    /// or a PostgreSQL enum type (`CREATE TYPE … AS ENUM`), which takes no typed `TEXT` value.
    case enumLabel(String)

    /// Whether the value is `.null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of the value's kind, for error messages ("found BOOLEAN, which cannot be read as Int").
    public var kindName: String {
        switch self {
        case .null: "NULL"
        case .bool: "BOOLEAN"
        case .integer: "INTEGER"
        case .double: "DOUBLE PRECISION"
        case .decimal: "NUMERIC"
        case .text: "TEXT"
        case .bytes: "BYTEA"
        case .uuid: "UUID"
        case .timestamp: "TIMESTAMPTZ"
        case .json: "JSONB"
        case .enumLabel: "enum label"
        }
    }
}

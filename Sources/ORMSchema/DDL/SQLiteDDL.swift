/// SQLite's DDL: each column declared with its ``ColumnSchema/type`` (SQLite's affinity comes from it), defaults
/// in the column's storage, constraints and references inline, a single integer key as SQLite's rowid.
public struct SQLiteDDL: SchemaDialect {
    /// SQLite's DDL.
    public init() {}

    /// SQLite's JSON functions.
    public var json: any JSONSyntax { SQLiteJSON() }

    /// SQLite's FTS5.
    public var fullText: any FullTextSyntax { SQLiteFullText() }

    /// The declared type, as the schema gives it (empty for a converter column without `sqlType`).
    public func columnType(_ column: ColumnSchema) -> String {
        column.type
    }

    /// The default in the column's storage: the constant's stored form, or the current time as the storage
    /// keeps it.
    public func defaultSQL(of column: ColumnSchema) -> String? {
        switch column.defaultValue {
        case nil: nil
        case .now?: Self.now(storage: column.storage)
        case let .value(stored, _)?: Self.literal(stored)
        }
    }

    public func columnDefinition(_ column: ColumnSchema, in table: TableDefinition, withReference: Bool = true) -> String {
        var parts = [quoteIdentifier(column.name)]
        if !column.type.isEmpty { parts.append(column.type) }
        let isSoleKey = table.isSoleKey(column)
        if isSoleKey { parts.append("PRIMARY KEY") }
        if !column.isNullable && !(isSoleKey && table.isAutoIncrement) { parts.append("NOT NULL") }
        if column.isUnique { parts.append("UNIQUE") }
        if let defaultSQL = defaultSQL(of: column) { parts.append("DEFAULT \(defaultSQL)") }
        if let check = column.check { parts.append("CHECK (\(check))") }
        if let reference = table.reference(of: column) { parts.append(referenceClause(reference)) }
        return parts.joined(separator: " ")
    }

    /// Nil: SQLite cannot add a foreign key to an existing table, and does not need to (it checks references when
    /// rows change, not when a table is created).
    public func addForeignKey(of column: ColumnSchema, in table: TableDefinition) -> String? {
        nil
    }

    /// A stored value as an SQLite literal: `12`, `4.5`, `'text'`, `X'0102'`, `NULL`.
    public static func literal(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case let .integer(number): "\(number)"
        case let .real(number): SQLLiteral.double(number)
        case let .text(text): SQLLiteral.string(text)
        case let .blob(bytes): "X'\(SQLLiteral.hex(bytes))'"
        }
    }

    /// The SQL expression of the current time in a `Date` storage, for `default: now`.
    public static func now(storage: String?) -> String {
        switch storage {
        case "unixSeconds": "((julianday('now') - 2440587.5) * 86400.0)"
        case "unixMilliseconds": "(CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))"
        case "julianDay": "(julianday('now'))"
        case "sqliteText": "(strftime('%Y-%m-%d %H:%M:%f', 'now'))"
        case "iso8601Text": "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
        default: "((julianday('now') - 2451910.5) * 86400.0)"
        }
    }
}

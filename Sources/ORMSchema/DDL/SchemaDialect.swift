/// How one engine writes a schema's DDL, derived from the engine-neutral ``TableDefinition``: the generator
/// (`ormgen sql`, migration plans) and the runtime (`migrate`, `createTable`) ask the same value, so each
/// engine's DDL is written once, and a new engine is one new conformance that changes no generated code.
///
/// ```swift
/// SQLiteDDL().createTable(definition)       // CREATE TABLE IF NOT EXISTS "books" ("isbn" TEXT PRIMARY KEY, …)
/// PostgreSQLDDL().columnType(column)        // "TIMESTAMPTZ"
/// ```
public protocol SchemaDialect: Sendable {
    /// The column's declared type in this engine.
    func columnType(_ column: ColumnSchema) -> String
    /// The column's `DEFAULT` expression, if it has a default.
    func defaultSQL(of column: ColumnSchema) -> String?
    /// The column as it appears in `CREATE TABLE` and `ALTER TABLE … ADD COLUMN`; without its foreign key when
    /// `withReference` is false and the engine can add that later (``addForeignKey(of:in:)``).
    func columnDefinition(_ column: ColumnSchema, in table: TableDefinition, withReference: Bool) -> String
    /// `ALTER TABLE … ADD CONSTRAINT … FOREIGN KEY` for the column's reference; nil when it has none or the
    /// engine cannot add one to an existing table (then ``statements(for:)`` never defers one).
    func addForeignKey(of column: ColumnSchema, in table: TableDefinition) -> String?
    /// What follows the closing parenthesis of `CREATE TABLE` (SQLite's `STRICT`, a storage engine clause); empty
    /// by default.
    var tableOptions: String { get }
    /// What creates the types `tables` use before any table (PostgreSQL's enum types); empty by default.
    func typeStatements(for tables: [TableDefinition]) -> [String]
    /// How the engine reads and writes inside JSON columns (typed paths, their indexes).
    var json: any JSONSyntax { get }
    /// How the engine keeps and queries full-text indexes (`search:`).
    var fullText: any FullTextSyntax { get }
}

extension SchemaDialect {
    /// No table options.
    public var tableOptions: String { "" }

    /// No types of its own.
    public func typeStatements(for tables: [TableDefinition]) -> [String] { [] }

    /// `CREATE TABLE IF NOT EXISTS`, without the foreign keys of the columns in `deferring`, with `extraColumns`
    /// (definitions a table rebuild keeps from the live table) after the declared ones.
    public func createTable(_ table: TableDefinition, deferring: Set<String> = [], extraColumns: [String] = []) -> String {
        var parts = table.columns.map { columnDefinition($0, in: table, withReference: !deferring.contains($0.name)) }
        parts += extraColumns
        if table.primaryKey.count > 1 {
            parts.append("PRIMARY KEY (" + table.primaryKey.map(quoteIdentifier).joined(separator: ", ") + ")")
        }
        let body = parts.map { "    " + $0 }.joined(separator: ",\n")
        return "CREATE TABLE IF NOT EXISTS \(quoteIdentifier(table.name)) (\n\(body)\n)" + tableOptions
    }

    /// `CREATE [UNIQUE] INDEX IF NOT EXISTS … ON table (…)`.
    public func createIndex(_ index: IndexSchema, on table: String) -> String {
        let unique = index.isUnique ? "UNIQUE " : ""
        let columns = index.keys.map { key in
            switch key {
            case .column(let name): quoteIdentifier(name)
            case .jsonPath(let column, let keys, let kind):
                "(" + json.value(in: quoteIdentifier(column), keys: keys, kind: kind, isElement: false) + ")"
            }
        }.joined(separator: ", ")
        return "CREATE \(unique)INDEX IF NOT EXISTS \(quoteIdentifier(index.name)) ON \(quoteIdentifier(table)) (\(columns))\(index.whereClause)"
    }

    /// The types the tables use (``typeStatements(for:)``), then every `CREATE TABLE` followed by its `CREATE INDEX`
    /// and search statements, in the order of `tables`; where the engine
    /// adds foreign keys to existing tables, a reference to a table created later (only reference cycles have one)
    /// is left out of `CREATE TABLE` and added at the end.
    public func statements(for tables: [TableDefinition]) -> [String] {
        var statements = typeStatements(for: tables)
        var deferred: [String] = []
        for (position, table) in tables.enumerated() {
            let forward = forwardReferences(of: table, before: tables[(position + 1)...])
            statements.append(createTable(table, deferring: forward))
            statements += table.indexes.map { createIndex($0, on: table.name) }
            statements += searchStatements(for: table)
            deferred += table.columns.filter { forward.contains($0.name) }.compactMap { addForeignKey(of: $0, in: table) }
        }
        return statements + deferred
    }

    /// Columns of `table` whose foreign key points to one of the `later` tables, when the engine can add them
    /// afterwards (it checks that a referenced table exists; SQLite does not).
    public func forwardReferences(of table: TableDefinition, before later: ArraySlice<TableDefinition>) -> Set<String> {
        let names = Set(later.map { $0.name.lowercased() })
        return Set(table.columns.filter { column in
            guard let target = table.reference(of: column)?.targetTable.lowercased(),
                addForeignKey(of: column, in: table) != nil
            else { return false }
            return target != table.name.lowercased() && names.contains(target)
        }.map(\.name))
    }

    /// `REFERENCES "target" ("key") [ON DELETE …] [ON UPDATE …]`.
    func referenceClause(_ reference: ForeignKeySchema) -> String {
        var text = "REFERENCES \(quoteIdentifier(reference.targetTable)) (" + reference.targetColumns.map(quoteIdentifier).joined(separator: ", ") + ")"
        if reference.onDelete != .noAction { text += " ON DELETE \(reference.onDelete.rawValue)" }
        if reference.onUpdate != .noAction { text += " ON UPDATE \(reference.onUpdate.rawValue)" }
        return text
    }
}

/// SQL literal text both dialects write the same way.
public enum SQLLiteral {
    /// A string literal: single-quoted, embedded quotes doubled.
    public static func string(_ text: String) -> String {
        // By UTF-8 byte, without Foundation: a quote is one byte, never part of another character.
        guard text.utf8.contains(UInt8(ascii: "'")) else { return "'" + text + "'" }
        var quoted = "'"
        for character in text.unicodeScalars {
            quoted.unicodeScalars.append(character)
            if character == "'" { quoted.unicodeScalars.append("'") }
        }
        return quoted + "'"
    }

    /// A number without a fraction as an integer (`4`), else Swift's shortest round-trip form (`4.9`, `1e-05`).
    public static func double(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int64(value))" }
        return "\(value)"
    }

    /// Two uppercase hex digits per byte.
    public static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}

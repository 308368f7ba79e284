/// A whole schema, as `ormgen` emits it: its version, every table, the migration steps and the seed rows.
///
/// Generated code declares one enum conforming to this protocol (`ExampleSchema`); pass it to
/// `Database.migrate(_:)`.
public protocol DatabaseSchema {
    /// The schema version declared by the YAML's top-level `version` key.
    static var version: Int { get }
    /// Every table (models and join tables), ordered so that referenced tables come first.
    static var tables: [TableSchema] { get }
    /// Explicit migration steps, by ascending version.
    static var migrations: [Migration] { get }
    /// Rows inserted when the database is first created.
    static var seed: [SeedRow] { get }
}

extension DatabaseSchema {
    /// The full DDL in creation order, as `dialect` writes it (what `ormgen sql --dialect` prints): each
    /// `CREATE TABLE` followed by its `CREATE INDEX` statements, then, on engines that add them afterwards, the
    /// foreign keys of reference cycles.
    public static func createStatements(in dialect: SQLDialect) -> [String] {
        dialect.ddl.statements(for: tables.map(\.definition))
    }
}

/// The explicit steps that upgrade a database to `version`.
public struct Migration: Sendable, Hashable {
    public let version: Int
    public let steps: [MigrationStep]

    /// Creates a migration. Called by generated code.
    public init(version: Int, steps: [MigrationStep]) {
        self.version = version
        self.steps = steps
    }
}

/// One explicit migration step declared in YAML. Table and column names are SQL names, unquoted.
public enum MigrationStep: Sendable, Hashable {
    case renameColumn(table: String, from: String, to: String)
    case renameTable(from: String, to: String)
    case dropColumn(table: String, column: String)
    /// Rebuilds `table` so `column` matches its current definition in the schema (type, nullability, default).
    case alterColumn(table: String, column: String)
    case addIndex(table: String, index: IndexSchema)
    case dropIndex(name: String)
    case sql(String)
    /// Runs the Swift closure the app registered under this name.
    case hook(String)
}

/// One seed row: inserted when the database is first created.
public struct SeedRow: Sendable, Hashable {
    public let table: String
    public let columns: [String]
    /// The values as SQLite stores them (each column's storage): what engines whose dialect binds the storage
    /// form insert.
    public let values: [DatabaseValue]
    /// The same values typed (a `Date` as a timestamp, a `Decimal` as an exact number, …): what engines whose
    /// dialect binds wire values (PostgreSQL) insert.
    public let wireValues: [WireValue]

    /// Creates a seed row. Called by generated code; hand-written rows may leave out `wireValues` when each
    /// stored value is its own typed value (integers, doubles, text, bytes: `DatabaseValue/wireValue`).
    public init(table: String, columns: [String], values: [DatabaseValue], wireValues: [WireValue]? = nil) {
        self.table = table
        self.columns = columns
        self.values = values
        self.wireValues = wireValues ?? values.map(\.wireValue)
    }
}

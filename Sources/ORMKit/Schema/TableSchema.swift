/// Static description of one table, emitted by `ormgen` for every model and join table.
///
/// Engine-neutral: each engine's DDL is derived from ``definition`` by its `SchemaDialect` (`SQLiteDDL`,
/// `PostgreSQLDDL`), so a new engine changes no generated code; the runtime derives its DML (insert, update,
/// upsert, delete, select) from the column list once, when the schema value is created.
public final class TableSchema: Sendable {
    /// What every engine's DDL for the table is derived from: name, columns, key, indexes, foreign keys.
    public let definition: TableDefinition
    /// Relations declared on the model (navigation metadata; join tables are their own `TableSchema`).
    public let relations: [RelationSchema]
    /// The DML the record operations run (insert, update, delete, upsert, select), derived once here.
    @usableFromInline let recordSQL: RecordSQL
    /// This schema's number in the process (0, 1, 2, … in creation order): where an engine that derives its own
    /// statements from the schema keeps them (an array index, cheaper than hashing the schema's identity for every
    /// statement).
    package let number: Int
    private static let created = Locked(0)

    /// The table name, unquoted.
    public var name: String { definition.name }
    /// The stored columns, in the order the generated row codec reads and binds them.
    public var columns: [ColumnSchema] { definition.columns }
    /// Names of the primary-key columns, in key order.
    public var primaryKey: [String] { definition.primaryKey }
    /// Whether the key is a single integer column the engine assigns when the value's key is nil.
    public var isAutoIncrement: Bool { definition.isAutoIncrement }
    /// Secondary indexes (not the primary key and not `UNIQUE` column constraints). `ormgen` lists here, after
    /// the declared ones, the indexes `addIndex` migration steps create and no later `dropIndex` removes.
    public var indexes: [IndexSchema] { definition.indexes }
    /// Foreign keys declared by this table.
    public var foreignKeys: [ForeignKeySchema] { definition.foreignKeys }
    /// The full-text index the model declares (`search:`), if any.
    public var search: SearchSchema? { definition.search }

    /// Creates a table description. Called by generated code.
    public init(
        name: String,
        columns: [ColumnSchema],
        primaryKey: [String],
        isAutoIncrement: Bool,
        indexes: [IndexSchema] = [],
        foreignKeys: [ForeignKeySchema] = [],
        search: SearchSchema? = nil,
        relations: [RelationSchema] = []
    ) {
        definition = TableDefinition(
            name: name, columns: columns, primaryKey: primaryKey, isAutoIncrement: isAutoIncrement, indexes: indexes,
            foreignKeys: foreignKeys, search: search
        )
        self.relations = relations
        recordSQL = RecordSQL(name: name, columns: columns.map(\.name), primaryKey: primaryKey, isAutoIncrement: isAutoIncrement)
        number = Self.created.increment() - 1
    }
}

extension TableSchema {
    /// `CREATE TABLE IF NOT EXISTS`, its indexes' `CREATE INDEX IF NOT EXISTS` and its search index, as `dialect`
    /// writes them.
    public func createStatements(in dialect: some SchemaDialect) -> [String] {
        [dialect.createTable(definition)] + indexes.map { dialect.createIndex($0, on: name) } + dialect.searchStatements(for: definition)
    }

    /// The column named `name`, if the table has one.
    public func column(named name: String) -> ColumnSchema? {
        columns.first { $0.name == name }
    }
}

/// Static description of a relation declared on a model.
public struct RelationSchema: Sendable, Hashable {
    /// The kind of relation, with what the runtime needs to follow it.
    public enum Kind: Sendable, Hashable {
        /// This table holds `columns` referencing `targetColumns` of the target.
        case belongsTo(columns: [String], targetColumns: [String], isOptional: Bool)
        /// The target holds `targetColumns` referencing this table's `columns`.
        case hasMany(columns: [String], targetColumns: [String])
        /// Like `hasMany`, at most one target row.
        case hasOne(columns: [String], targetColumns: [String])
        /// Through `joinTable`: `joinColumns` reference this table's `columns`, `joinTargetColumns` the target's
        /// `targetColumns`; `positionColumn` orders the members when the relation is ordered.
        case manyToMany(
            joinTable: String,
            columns: [String],
            joinColumns: [String],
            targetColumns: [String],
            joinTargetColumns: [String],
            positionColumn: String?
        )
    }

    /// The relation's name in the schema (`books`, `author`).
    public let name: String
    /// The related table.
    public let targetTable: String
    public let kind: Kind

    /// Creates a relation description. Called by generated code.
    public init(name: String, targetTable: String, kind: Kind) {
        self.name = name
        self.targetTable = targetTable
        self.kind = kind
    }
}

/// Static description of one table, emitted by `ormgen` for every model and join table.
///
/// The generator renders the DDL (`createTableSQL`, each index's `sql`, each column's `definition`);
/// the runtime derives its DML (insert, update, upsert, delete, select) from the column list once,
/// when the schema value is created.
public final class TableSchema: Sendable {
    /// The table name, unquoted.
    public let name: String
    /// The stored columns, in the order the generated row codec reads and binds them.
    public let columns: [ColumnSchema]
    /// Names of the primary-key columns, in key order.
    public let primaryKey: [String]
    /// Whether the key is a single `INTEGER PRIMARY KEY` that SQLite assigns when the value's key is nil.
    public let isAutoIncrement: Bool
    /// Secondary indexes (not the primary key and not `UNIQUE` column constraints). `ormgen` lists here, after
    /// the declared ones, the indexes `addIndex` migration steps create and no later `dropIndex` removes.
    public let indexes: [IndexSchema]
    /// Foreign keys declared by this table.
    public let foreignKeys: [ForeignKeySchema]
    /// Relations declared on the model (navigation metadata; join tables are their own `TableSchema`).
    public let relations: [RelationSchema]
    /// `CREATE TABLE` statement for this table, exactly as `ormgen sql` prints it.
    public let createTableSQL: String
    /// The PostgreSQL `CREATE TABLE` statement, as `ormgen sql --dialect postgresql` prints it; nil in code
    /// generated before PostgreSQL support.
    public let postgresqlCreateTableSQL: String?
    /// The DML the record operations run (insert, update, delete, upsert, select), derived once here.
    @usableFromInline let recordSQL: RecordSQL

    /// Creates a table description. Called by generated code.
    public init(
        name: String,
        columns: [ColumnSchema],
        primaryKey: [String],
        isAutoIncrement: Bool,
        indexes: [IndexSchema] = [],
        foreignKeys: [ForeignKeySchema] = [],
        relations: [RelationSchema] = [],
        createTableSQL: String,
        postgresqlCreateTableSQL: String? = nil
    ) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.isAutoIncrement = isAutoIncrement
        self.indexes = indexes
        self.foreignKeys = foreignKeys
        self.relations = relations
        self.createTableSQL = createTableSQL
        self.postgresqlCreateTableSQL = postgresqlCreateTableSQL
        self.recordSQL = RecordSQL(name: name, columns: columns.map(\.name), primaryKey: primaryKey, isAutoIncrement: isAutoIncrement)
    }
}

/// Static description of one stored column.
public struct ColumnSchema: Sendable, Hashable {
    /// The column name, unquoted.
    public let name: String
    /// The declared SQL type: `INTEGER`, `REAL`, `TEXT`, `BLOB`, the field's `sqlType` (`NVARCHAR(160)`), or empty
    /// for converter columns without `sqlType`.
    public let type: String
    /// Whether the column accepts NULL.
    public let isNullable: Bool
    /// How a `Date`, `Decimal`, `UUID` or `Bool` field stores its values (`referenceSeconds`, `sqliteText`,
    /// `scaledInteger`, `text`, …, the schema's `storage:` names); nil for other types.
    public let storage: String?
    /// The `DEFAULT` expression as written in the DDL, if any (for example `0`, `'fiction'`).
    public let defaultSQL: String?
    /// Whether the column has a `UNIQUE` constraint.
    public let isUnique: Bool
    /// The `CHECK` expression, if any.
    public let check: String?
    /// The full column definition as it appears in `CREATE TABLE` (used by `ALTER TABLE ADD COLUMN`).
    public let definition: String
    /// The column on PostgreSQL (type, default, definition), as `ormgen sql --dialect postgresql` renders it;
    /// nil in code generated before PostgreSQL support.
    public let postgresql: DialectColumn?

    /// Creates a column description. Called by generated code.
    public init(
        name: String,
        type: String,
        isNullable: Bool,
        storage: String? = nil,
        defaultSQL: String? = nil,
        isUnique: Bool = false,
        check: String? = nil,
        definition: String,
        postgresql: DialectColumn? = nil
    ) {
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.storage = storage
        self.defaultSQL = defaultSQL
        self.isUnique = isUnique
        self.check = check
        self.definition = definition
        self.postgresql = postgresql
    }
}

/// Static description of one index.
/// A column as another SQL dialect declares it (PostgreSQL): what `ALTER TABLE` and the schema verifier use there.
public struct DialectColumn: Sendable, Hashable {
    /// The declared type: `BIGINT`, `DOUBLE PRECISION`, `NUMERIC(12, 2)`, `TIMESTAMPTZ`, `JSONB`, …
    public let type: String
    /// The `DEFAULT` expression, if any.
    public let defaultSQL: String?
    /// The full column definition as it appears in `CREATE TABLE` (used by `ALTER TABLE ADD COLUMN`).
    public let definition: String

    /// Creates a dialect column. Called by generated code.
    public init(type: String, defaultSQL: String? = nil, definition: String) {
        self.type = type
        self.defaultSQL = defaultSQL
        self.definition = definition
    }
}

public struct IndexSchema: Sendable, Hashable {
    /// The index name, unquoted.
    public let name: String
    /// The indexed column names, in order.
    public let columns: [String]
    /// Whether the index is `UNIQUE`.
    public let isUnique: Bool
    /// The `CREATE INDEX` statement.
    public let sql: String

    /// Creates an index description. Called by generated code.
    public init(name: String, columns: [String], isUnique: Bool, sql: String) {
        self.name = name
        self.columns = columns
        self.isUnique = isUnique
        self.sql = sql
    }
}

/// What SQLite does to referencing rows when the referenced row is deleted or its key updated.
public enum ForeignKeyAction: String, Sendable, Hashable {
    case cascade = "CASCADE"
    case setNull = "SET NULL"
    case setDefault = "SET DEFAULT"
    case restrict = "RESTRICT"
    case noAction = "NO ACTION"
}

/// Static description of one foreign key.
public struct ForeignKeySchema: Sendable, Hashable {
    /// Referencing columns in this table.
    public let columns: [String]
    /// The referenced table.
    public let targetTable: String
    /// Referenced columns in the target table, matching `columns` one to one.
    public let targetColumns: [String]
    public let onDelete: ForeignKeyAction
    public let onUpdate: ForeignKeyAction

    /// Creates a foreign-key description. Called by generated code.
    public init(
        columns: [String],
        targetTable: String,
        targetColumns: [String],
        onDelete: ForeignKeyAction = .noAction,
        onUpdate: ForeignKeyAction = .noAction
    ) {
        self.columns = columns
        self.targetTable = targetTable
        self.targetColumns = targetColumns
        self.onDelete = onDelete
        self.onUpdate = onUpdate
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

/// What every engine's DDL for one table is derived from: its name, columns, key, indexes and foreign keys.
/// The runtime's `TableSchema` and the generator's model both describe a table with one.
public struct TableDefinition: Sendable, Hashable {
    /// The table name, unquoted.
    public var name: String
    /// The stored columns, in declaration order.
    public var columns: [ColumnSchema]
    /// Names of the primary-key columns, in key order.
    public var primaryKey: [String]
    /// Whether the key is a single integer column the engine assigns when an insert leaves it out.
    public var isAutoIncrement: Bool
    /// Secondary indexes (not the primary key and not `UNIQUE` column constraints).
    public var indexes: [IndexSchema]
    /// Foreign keys, each of one column (declared in the column's definition).
    public var foreignKeys: [ForeignKeySchema]
    /// The full-text index the model declares (`search:`), if any.
    public var search: SearchSchema?

    /// A table definition.
    public init(
        name: String, columns: [ColumnSchema], primaryKey: [String], isAutoIncrement: Bool,
        indexes: [IndexSchema] = [], foreignKeys: [ForeignKeySchema] = [], search: SearchSchema? = nil
    ) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey
        self.isAutoIncrement = isAutoIncrement
        self.indexes = indexes
        self.foreignKeys = foreignKeys
        self.search = search
    }

    /// What an `ON CONFLICT (columns)` target must add to match a partial unique index on those columns (the
    /// live-rows-only uniques of a soft-deleted model): its `WHERE` clause, else empty.
    public func conflictCondition(for columns: [String]) -> String {
        let wanted = Set(columns.map { $0.lowercased() })
        return indexes.first { $0.isUniqueAmongLiveRows && Set($0.columns.map { $0.lowercased() }) == wanted }?.whereClause ?? ""
    }

    /// The foreign key `column` declares, if any.
    public func reference(of column: ColumnSchema) -> ForeignKeySchema? {
        foreignKeys.first { $0.columns == [column.name] }
    }

    /// Whether `column` is the table's single key column (a composite key is a table constraint).
    public func isSoleKey(_ column: ColumnSchema) -> Bool {
        primaryKey == [column.name]
    }
}

/// Static description of one index.
public struct IndexSchema: Sendable, Hashable {
    /// The index name, unquoted.
    public let name: String
    /// What the index orders by, in order: columns, or typed paths into JSON columns.
    public let keys: [IndexKey]
    /// Whether the index is `UNIQUE`.
    public let isUnique: Bool
    /// The column whose NULL rows alone the index covers (`WHERE "deleted_at" IS NULL`): the unique indexes of a
    /// model with `softDelete:` hold for live rows only. nil for an index of every row.
    public let onlyWhereNull: String?

    /// Creates an index on columns. Called by generated code.
    public init(name: String, columns: [String], isUnique: Bool, onlyWhereNull: String? = nil) {
        self.init(name: name, keys: columns.map(IndexKey.column), isUnique: isUnique, onlyWhereNull: onlyWhereNull)
    }

    /// Creates an index on columns and JSON paths. Called by generated code.
    public init(name: String, keys: [IndexKey], isUnique: Bool, onlyWhereNull: String? = nil) {
        self.name = name
        self.keys = keys
        self.isUnique = isUnique
        self.onlyWhereNull = onlyWhereNull
    }

    /// ` WHERE "column" IS NULL` for a partial index (``onlyWhereNull``), else empty: the index's own clause, and
    /// what an `ON CONFLICT` target on its columns must repeat for the engine to match it.
    public var whereClause: String {
        onlyWhereNull.map { " WHERE \(quoteIdentifier($0)) IS NULL" } ?? ""
    }

    /// The column each key reads, in order (a JSON path's column for a path).
    public var columns: [String] { keys.map(\.column) }

    /// Whether the index is unique among live rows only (a soft-deleted model's unique index, partial on
    /// `onlyWhereNull`): what the migrators look for where a `UNIQUE` constraint must give way to it.
    public var isUniqueAmongLiveRows: Bool { isUnique && onlyWhereNull != nil }
}

/// One key of an index: a column, or a typed path into a JSON column (an expression index).
public enum IndexKey: Sendable, Hashable {
    case column(String)
    /// The scalar at `keys` inside JSON column `column`, compared as `kind`.
    case jsonPath(column: String, keys: [String], kind: JSONScalarKind)

    /// The column the key reads.
    public var column: String {
        switch self {
        case .column(let name), .jsonPath(let name, _, _): name
        }
    }
}

/// What the engine does to referencing rows when the referenced row is deleted or its key updated.
public enum ForeignKeyAction: String, Sendable, Hashable, CaseIterable {
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
    /// What happens to this row when the referenced row is deleted.
    public let onDelete: ForeignKeyAction
    /// What happens to this row when the referenced key is updated.
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

import ORMKitSQLite

/// A table of the database as SQLite describes it (`PRAGMA table_xinfo`, `index_list`, `index_xinfo`,
/// `foreign_key_list`): the input of the mapping stage.
struct LiveTable {
    /// The exact table name.
    var name: String
    /// Stored columns in declaration order (generated columns are left out).
    var columns: [LiveColumn]
    /// Every index of the table, sorted by name.
    var indexes: [LiveIndex]
    /// Every foreign key, in order of their first column.
    var foreignKeys: [LiveForeignKey]

    /// The primary-key columns in key order; empty when the table declares no primary key.
    var primaryKey: [LiveColumn] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }
    }
}

/// A column of a `LiveTable`.
struct LiveColumn {
    /// The exact column name.
    var name: String
    /// The declared type as written (`NVARCHAR(120)`), empty when the column has none.
    var declaredType: String
    /// Whether the column is `NOT NULL`.
    var isNotNull: Bool
    /// The `DEFAULT` expression as SQL text, nil when there is none.
    var defaultSQL: String?
    /// 1-based position in the primary key, 0 when the column is not part of it.
    var primaryKeyPosition: Int
    /// Why the name cannot be declared, when the introspector already knows (`has a name that is not UTF-8 …`);
    /// `NameScreen` finds the other problems.
    var nameProblem: String? = nil
    /// Up to `ValueSampler.limit` non-NULL values, read only for columns whose type depends on the data.
    var sample: [SQLiteValue] = []
    /// The field's type when the engine's catalog says it (PostgreSQL); nil to derive it from `declaredType` and
    /// `sample` (SQLite).
    var catalogType: CatalogFieldType? = nil
}

/// A field's type read off a catalog that types every column (PostgreSQL's), so nothing is guessed from the data.
struct CatalogFieldType {
    /// The Swift type without `?`: `Int64`, `Decimal`, `[String]`.
    var swiftType: String
    /// `sqlType:`, when the column's type is not the one ormgen declares for `swiftType` on that engine.
    var sqlType: String?
    /// `storage:` (`json` for JSON columns).
    var storage: String?
    /// `scale:` of a `Decimal` from `numeric(p, s)`.
    var scale: Int?
    /// How the column's `DEFAULT` is read.
    var defaultKind: ColumnKind
    /// `check:`, the column's own `CHECK` as SQLite can compile it.
    var check: String? = nil
    /// A PostgreSQL enum type and its labels: an `enum:` field with `enumType:`.
    var enumeration: (typeName: String, labels: [String])? = nil
}

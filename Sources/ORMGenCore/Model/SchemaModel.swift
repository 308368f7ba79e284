import ORMSchema

/// The resolved schema: every name decided (Swift and SQL), every type and relation resolved.
/// The renderers read only this; it holds no YAML and needs no further checks.
struct Schema: Sendable {
    var name: String
    var version: Int
    /// `access:` at the top of the schema, when declared.
    var accessLevel: GeneratorOptions.AccessLevel?
    /// Sorted by name.
    var models: [Model]
    /// Sorted by name.
    var embeddables: [Embeddable]
    /// Every table in creation order: referenced tables first, join tables after the models they join.
    var tables: [Table]
    /// Join tables, in `tables` order.
    var joinTables: [JoinTable]
    var migrations: [Migration]
    var seed: [SeedRow]
    /// Every input path, sorted.
    var sourcePaths: [String]
    /// What the PostgreSQL DDL cannot say as the schema does (see `PostgreSQLValidator`).
    var postgresqlIssues: [DialectIssue] = []
}

/// One of the twelve built-in scalar types.
enum ScalarType: String, Sendable, CaseIterable {
    case bool = "Bool", int = "Int", int32 = "Int32", int64 = "Int64", double = "Double", float = "Float"
    case string = "String", data = "Data", date = "Date", uuid = "UUID", url = "URL", decimal = "Decimal"

    var swiftName: String {
        switch self {
        case .data, .date, .uuid, .url, .decimal: "Foundation.\(rawValue)"
        default: "Swift.\(rawValue)"
        }
    }

    var isFoundation: Bool { swiftName.hasPrefix("Foundation.") }

    var sqlType: String {
        switch self {
        case .bool, .int, .int32, .int64: "INTEGER"
        case .double, .float, .date: "REAL"
        case .string, .url, .decimal: "TEXT"
        case .data, .uuid: "BLOB"
        }
    }
}

/// A nested enum generated for an `enum:` field.
struct EnumType: Sendable {
    struct Case: Sendable {
        /// The Swift case name, unescaped.
        var name: String
        /// The raw value as written in Swift and SQL: a string's text or an integer's digits.
        var raw: String
    }

    var typeName: String
    var isIntegerRaw: Bool
    var cases: [Case]
    /// `enumType:`: the PostgreSQL enum type whose labels are the raw values (SQLite keeps TEXT).
    var databaseType: String? = nil
}

enum FieldType: Sendable {
    case scalar(ScalarType)
    case enumeration(EnumType)
    /// `storage: json`: any Codable Swift type, written as in the schema.
    case json(swiftType: String)
    case embedded(Embeddable)
    /// `converter: true`: a user type conforming to `DatabaseValueConvertible`.
    case converter(swiftType: String, sqlType: String)
}

/// A literal resolved for one field: its Swift expression, and the column default it stands for.
struct DefaultValue: Sendable {
    var swift: String
    /// The value a seed row gets for an omitted field: nil for `nil` and `now` (left to the database).
    var seed: SeedValue? = nil
    /// The default as typed dialects render it; nil for `nil`.
    var wire: WireDefault? = nil
}

struct Field: Sendable {
    /// The name in the schema (used in diagnostics and seed rows).
    var name: String
    /// The Swift property name, unescaped (differs from `name` only for names Swift cannot declare).
    var swiftName: String
    var type: FieldType
    var isOptional: Bool
    var defaultValue: DefaultValue?
    var isTransient: Bool
    var location: SchemaLocation
    /// A declared storage other than the type's own (`storage:`, `scale:`); nil otherwise.
    var storage: ScalarStorage? = nil
    /// `sqlType:`: the declared column type, when not the storage's default.
    var sqlType: String? = nil
    /// The key path of the field in the model's Codable payload (`["info", "age"]`); its name when not declared.
    var payloadPath: [String] = []
}

/// One stored column of a model, in `init(row:)` / `encode(to:)` order.
struct Column: Sendable {
    var name: String
    /// The field this column stores (its index in `Model.fields`), and for embedded fields the sub-field.
    var fieldIndex: Int
    var subfield: String?
    /// The member name in `Columns` (`shelfRow` for `shelf.row`).
    var memberName: String
    /// The `Column<Value>` type argument.
    var valueSwiftType: String
    /// The runtime storage type of a field with a declared storage (`ORMKit.NullableStorage<…>` when optional):
    /// its typed column is a `StoredColumn` and its codec passes `as:`. Nil for the type's own storage.
    var storageType: String? = nil
    var isJSON: Bool
    var definition: ColumnDefinition
}

/// What the DDL says about a column.
struct ColumnDefinition: Sendable {
    var name: String
    /// SQLite's declared type.
    var sqlType: String
    /// The field's `sqlType:` when the schema declares one.
    var declaredType: String? = nil
    /// What the column holds, for the dialects that type it from that (PostgreSQL).
    var content: ColumnContent
    /// The storage name of a Date, Decimal, UUID or Bool column (`referenceSeconds`, `sqliteText`, …), for the
    /// runtime's checks of a live file; nil for other types.
    var storage: String? = nil
    var isNullable: Bool
    var isPrimaryKey = false
    /// The default, in both value forms (`DefaultValue.column`); nil when the column has none.
    var defaultValue: ColumnDefault?
    var isUnique = false
    var check: String?
    var reference: ForeignKey?
    /// Where the column's name comes from in the schema (its `column:`, field, or relation), for diagnostics.
    var location: SchemaLocation? = nil
}

enum ForeignKeyAction: String, Sendable, CaseIterable {
    case cascade, setNull, setDefault, restrict, noAction

    var sql: String {
        switch self {
        case .cascade: "CASCADE"
        case .setNull: "SET NULL"
        case .setDefault: "SET DEFAULT"
        case .restrict: "RESTRICT"
        case .noAction: "NO ACTION"
        }
    }
}

struct ForeignKey: Sendable {
    var columns: [String]
    var targetTable: String
    var targetColumns: [String]
    var onDelete: ForeignKeyAction
    var onUpdate: ForeignKeyAction
}

struct Index: Sendable {
    var name: String
    var table: String
    /// What the index orders by: columns, or typed paths into JSON columns.
    var keys: [IndexKey]
    var isUnique: Bool
    /// Where the index's name comes from in the schema, for diagnostics.
    var location: SchemaLocation? = nil
    /// The column whose NULL rows alone the index covers: a soft-deleted model's unique indexes hold for live rows.
    var onlyWhereNull: String? = nil

    init(name: String, table: String, columns: [String], isUnique: Bool, location: SchemaLocation? = nil) {
        self.init(name: name, table: table, keys: columns.map(IndexKey.column), isUnique: isUnique, location: location)
    }

    init(name: String, table: String, keys: [IndexKey], isUnique: Bool, location: SchemaLocation? = nil) {
        self.name = name
        self.table = table
        self.keys = keys
        self.isUnique = isUnique
        self.location = location
    }

    /// The column each key reads; setting it renames the columns keys read (a renamed column keeps its paths).
    var columns: [String] {
        get { keys.map(\.column) }
        set {
            keys = zip(keys, newValue).map { key, column in
                switch key {
                case .column: .column(column)
                case let .jsonPath(_, path, kind): .jsonPath(column: column, keys: path, kind: kind)
                }
            }
        }
    }
}

enum RelationKindModel: Sendable {
    case belongsTo(columns: [String], targetColumns: [String], isOptional: Bool)
    case hasMany(columns: [String], targetColumns: [String])
    case hasOne(columns: [String], targetColumns: [String])
    case manyToMany(
        joinTable: String, columns: [String], joinColumns: [String], targetColumns: [String],
        joinTargetColumns: [String], positionColumn: String?)
}

struct Relation: Sendable {
    var name: String
    var targetTable: String
    var kind: RelationKindModel
}

/// What every table has, model or join table: enough to render `TableSchema` and the DDL.
struct Table: Sendable {
    var name: String
    var columns: [ColumnDefinition]
    var primaryKey: [String]
    var isAutoIncrement: Bool
    var indexes: [Index]
    var foreignKeys: [ForeignKey]
    var relations: [Relation]
    /// The full-text index (`search:`), if the model declares one.
    var search: SearchSchema? = nil
    /// The model's name, or nil for a join table.
    var modelName: String?
    /// Where the table's name comes from in the schema (`table:`, the model, the relation), for diagnostics.
    var location: SchemaLocation? = nil
}

enum KeyKind: Sendable {
    /// A single `Int64` key SQLite assigns: `Int64?` in the struct.
    case autoIncrement(fieldIndex: Int)
    case single(fieldIndex: Int)
    case composite(fieldIndexes: [Int])
}

struct Model: Sendable {
    var name: String
    var fields: [Field]
    var columns: [Column]
    var key: KeyKind
    var table: Table
    var enums: [EnumType]
    var sourcePath: String
    /// `codable: true`: the struct conforms to `Codable` through its fields' payload key paths.
    var isCodable = false
    /// Named eager-loading results (`results:`), rendered in the model's file.
    var results: [EagerResultModel] = []
    /// Named filters (`scopes:`), rendered in the model's file.
    var scopes: [ScopeModel] = []
    /// The filter every read applies (`defaultScope:`).
    var defaultScope: ScopeModel? = nil
    /// `softDelete:`: the member name in `Columns` of the `Date?` column deletes stamp.
    var softDeleteColumn: String? = nil

    /// Whether reads filter rows (a default scope or soft delete), so the model needs key conditions.
    var isScoped: Bool { defaultScope != nil || softDeleteColumn != nil }
}

/// A scope resolved: its Swift parameters and the typed conditions the generated request filters with.
struct ScopeModel: Sendable {
    struct Parameter: Sendable {
        /// The parameter's name, unescaped.
        var name: String
        var swiftType: String
    }

    /// The Swift name, unescaped.
    var name: String
    var parameters: [Parameter]
    /// Each condition as a Swift expression on the model's columns (`Book.Columns.genre == .fiction`).
    var conditions: [String]
    /// The conditions as the schema writes them, for the doc comment (`genre == fiction, pages >= 300`).
    var summary: String
}

/// A named eager-loading result: a struct with the model's record and one labelled property per relation it loads.
struct EagerResultModel: Sendable {
    /// What a relation attaches to each record: `T`, `T?` or `[T]`.
    enum Shape: Sendable {
        case one, optional, many
    }

    struct Member: Sendable {
        /// The relation's name, which is also the property's.
        var relation: String
        var shape: Shape
        /// The target model, or a result of it.
        var elementType: String
        /// Whether `elementType` is a result (loaded with `including(Result.self)`).
        var isResult: Bool
    }

    var name: String
    /// The property holding the record: the model's name in lowerCamelCase (`author`).
    var recordProperty: String
    var members: [Member]
    var location: SchemaLocation
}

struct Embeddable: Sendable {
    var name: String
    var fields: [Field]
    var sourcePath: String
    /// Whether a JSON field holds it (directly or nested): it then gets typed JSON paths.
    var isStoredAsJSON = false
}

struct JoinTable: Sendable {
    /// The static member of the schema enum holding this table (`bookReaders`).
    var memberName: String
    var table: Table
    /// The two models it joins.
    var models: [String]
}

enum MigrationStep: Sendable {
    case renameColumn(table: String, from: String, to: String)
    case renameTable(from: String, to: String)
    case dropColumn(table: String, column: String)
    case alterColumn(table: String, column: String)
    case addIndex(Index)
    case dropIndex(name: String)
    case sql(String)
    case hook(String)
}

struct Migration: Sendable {
    var version: Int
    var steps: [MigrationStep]
}

/// A seed value, already converted to its SQLite storage class.
enum SeedValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

struct SeedRow: Sendable {
    var table: String
    var columns: [String]
    var values: [SeedValue]
    /// The same values for typed engines (PostgreSQL), one per column.
    var wireValues: [WireLiteral] = []
}

/// A value read from YAML together with where it was written.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var location: SchemaLocation
}

/// A YAML scalar as written: its text and whether it was quoted (quoted text is never null or a number).
struct ScalarValue: Sendable {
    var text: String
    var isQuoted: Bool

    /// Plain `~`, `null`, `Null`, `NULL` or an empty plain scalar.
    var isNull: Bool { !isQuoted && ["", "~", "null", "Null", "NULL"].contains(text) }
}

/// A literal in a `default:` or a seed row: a scalar, or for embedded fields a mapping of sub-fields.
indirect enum LiteralValue: Sendable {
    case scalar(ScalarValue)
    case mapping([(key: Located<String>, value: Located<LiteralValue>)])
    case sequence([Located<LiteralValue>])
}

/// The raw, merged content of all schema files, with positions kept. Nothing is resolved yet.
struct SchemaDocument: Sendable {
    /// Every `name:` declared (one per file at most); they must agree.
    var names: [Located<String>] = []
    /// Every `version:` declared; they must agree.
    var versions: [Located<Int>] = []
    /// Every `naming:` declared (`snake_case` or `asIs`); they must agree.
    var namings: [Located<String>] = []
    /// Every `access:` declared (`public`, `package` or `internal`); they must agree.
    var accessLevels: [Located<String>] = []
    /// Every top-level `codable:` declared; they must agree.
    var codables: [Located<Bool>] = []
    var models: [ModelDeclaration] = []
    var embeddables: [EmbeddableDeclaration] = []
    var migrations: [MigrationDeclaration] = []
    var seed: [SeedDeclaration] = []
}

struct ModelDeclaration: Sendable {
    var name: Located<String>
    var table: Located<String>?
    var primaryKey: [Located<String>]?
    var primaryKeyLocation: SchemaLocation?
    /// `codable:` of the model (over the schema's).
    var isCodable: Located<Bool>?
    var fields: [FieldDeclaration] = []
    var indexes: [IndexDeclaration] = []
    var relations: [RelationDeclaration] = []
    /// Named eager-loading results (`results:`).
    var results: [ResultDeclaration] = []
    /// Named filters (`scopes:`).
    var scopes: [ScopeDeclaration] = []
    /// The filter every read applies (`defaultScope:`), named `defaultScope`.
    var defaultScope: ScopeDeclaration?
    /// `softDelete:`: the `Date?` field deletes stamp.
    var softDelete: Located<String>?
    /// `search:`: the full-text index.
    var search: SearchDeclaration?
}

/// A model's `search:`: the text fields a full-text index covers, the language whose word forms match, or SQLite's
/// FTS5 tokenizer as written.
struct SearchDeclaration: Sendable {
    var fields: [Located<String>]
    var language: Located<String>? = nil
    var tokenizer: Located<String>? = nil
    /// Where `search:` is written.
    var location: SchemaLocation
}

/// A named filter under a model's `scopes:`, or its `defaultScope:`: conditions on fields, all of which a row
/// must meet.
struct ScopeDeclaration: Sendable {
    var name: Located<String>
    var conditions: [ScopeConditionDeclaration]
}

/// One condition of a scope: `field: value` (`==`), `field: [a, b]` (`in`), or one of `field: { op: value }`
/// (`==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `notIn`). A value may be a parameter, `$name`.
struct ScopeConditionDeclaration: Sendable {
    var field: Located<String>
    var comparison: Located<String>
    var operand: Located<LiteralValue>
}

/// `AuthorWithBooks: [books, profile]` under a model's `results:`.
struct ResultDeclaration: Sendable {
    var name: Located<String>
    var members: [ResultMember]
}

/// One relation of a named result, with the type each loaded record takes (`BookWithReaders`); nil for the
/// relation's target model.
struct ResultMember: Sendable {
    var relation: Located<String>
    var type: Located<String>?
}

struct EmbeddableDeclaration: Sendable {
    var name: Located<String>
    var fields: [FieldDeclaration] = []
}

/// Enum values: `[a, b]` (String raw values equal to the case names, or Int 0, 1, …) or `{case: raw}`.
struct EnumDeclaration: Sendable {
    var cases: [(name: Located<String>, raw: Located<String>?)]
    var rawType: Located<String>? = nil
    /// `enumType:`: the PostgreSQL enum type (`CREATE TYPE … AS ENUM`) whose labels are the raw values.
    var databaseType: Located<String>? = nil
    var location: SchemaLocation
}

struct FieldDeclaration: Sendable {
    var name: Located<String>
    /// The `type` as written, including a trailing `?`; nil for enum fields without an explicit type.
    var type: Located<String>?
    var column: Located<String>?
    var defaultValue: Located<LiteralValue>?
    var isUnique: Located<Bool>?
    var isIndexed: Located<Bool>?
    var isTransient: Located<Bool>?
    var check: Located<String>?
    var storage: Located<String>?
    var isEmbedded: Located<Bool>?
    var isConverter: Located<Bool>?
    var sqlType: Located<String>?
    /// `scale:` of a `Decimal` stored as a scaled INTEGER.
    var scale: Located<Int>?
    /// `payload: info.age`: the key path of the field in the model's Codable payload.
    var payload: Located<String>?
    var enumeration: EnumDeclaration?
}

struct IndexDeclaration: Sendable {
    var fields: [Located<String>]
    var isUnique: Bool
    var name: Located<String>?
    var location: SchemaLocation
}

enum RelationKind: String, Sendable, CaseIterable {
    case belongsTo, hasMany, hasOne, manyToMany
}

struct RelationDeclaration: Sendable {
    var name: Located<String>
    var kind: RelationKind
    var target: Located<String>
    var isOptional: Located<Bool>?
    var onDelete: Located<String>?
    var onUpdate: Located<String>?
    var foreignKey: Located<String>?
    var inverse: Located<String>?
    var through: Located<String>?
    var isOrdered: Located<Bool>?
    /// `manyToMany` on an existing join table: its column pointing to the owner, and to the target.
    var ownerColumn: Located<String>?
    var targetColumn: Located<String>?
    /// `manyToMany`: the join table's indexes, by column name (nil: the default index on the target column).
    var indexes: [IndexDeclaration]?
}

struct MigrationDeclaration: Sendable {
    var version: Located<Int>
    var steps: [MigrationStepDeclaration]
}

enum MigrationStepKind: String, Sendable, CaseIterable {
    case renameColumn, renameModel, renameTable, dropColumn, alterColumn, addIndex, dropIndex, sql, hook
}

struct MigrationStepDeclaration: Sendable {
    var kind: MigrationStepKind
    /// The step's arguments by key (`model`, `from`, …); for `sql` and `hook` the single value is under `value`.
    var arguments: [String: Located<String>]
    /// `addIndex` columns.
    var columns: [Located<String>]
    var isUnique: Bool
    var location: SchemaLocation
}

struct SeedDeclaration: Sendable {
    var model: Located<String>
    var rows: [SeedRowDeclaration]
}

struct SeedRowDeclaration: Sendable {
    var values: [(field: Located<String>, value: Located<LiteralValue>)]
    var location: SchemaLocation
}

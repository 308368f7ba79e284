/// The schema the pull writes, in the schema language's terms: the output of the mapping stage and the input
/// of `SchemaYAML`.
struct SchemaDescription {
    /// The schema enum's name (`ChinookSchema`).
    var name: String
    var naming: NamingStrategy
    /// Sorted by name.
    var models: [ModelDescription]
}

/// One model: a table with a primary key.
struct ModelDescription {
    var name: String
    /// The table name, when the naming strategy would not derive it from `name`.
    var explicitTable: String?
    /// Key field names, nil for the default (a single field called `id`).
    var explicitPrimaryKey: [String]?
    /// In column order.
    var fields: [FieldDescription]
    var indexes: [IndexDescription]
    /// belongsTo relations in column order, then hasMany, then manyToMany.
    var relations: [RelationDescription]
    /// `search:`, from an external-content FTS5 table over this model's table.
    var search: SearchDescription? = nil
}

/// `search:`: a model's full-text index.
struct SearchDescription: Equatable {
    /// The indexed fields, in the FTS table's column order.
    var fields: [String]
    /// `language:` (`english` for the Porter stemmer), nil for none.
    var language: String?
    /// `tokenizer:`, the FTS5 `tokenize` text when it is not the one a language (or none) stands for.
    var tokenizer: String?
}

/// One field: a stored column.
struct FieldDescription {
    var name: String
    /// The column name, when the naming strategy would not derive it from `name`.
    var explicitColumn: String?
    /// The Swift type without `?`.
    var type: String
    var isOptional: Bool
    /// The declared column type, when it is not the one ormgen writes for `type`.
    var sqlType: String?
    /// `storage:` for dates, UUIDs and decimals.
    var storage: String?
    /// `scale:` of a `Decimal` (PostgreSQL's `numeric(p, s)`).
    var scale: Int? = nil
    var defaultValue: DefaultLiteral?
    /// A single-column `UNIQUE` constraint.
    var isUnique: Bool
    /// `check:`.
    var check: String? = nil
    /// `enum:` (case names and raw values) and `enumType:`, for a PostgreSQL enum type's column.
    var enumeration: (cases: [(name: String, raw: String)], typeName: String)? = nil
}

/// One entry of `indexes:`.
struct IndexDescription {
    /// Field names.
    var fields: [String]
    var isUnique: Bool
    /// The exact index name; nil lets the generator name it (for `UNIQUE` constraints' automatic indexes,
    /// whose `sqlite_autoindex_` names cannot be created).
    var name: String?
}

/// One entry of `relations:`.
struct RelationDescription {
    /// The kinds the pull writes, with their options.
    enum Kind {
        case belongsTo(target: String, foreignKey: String, isOptional: Bool, onDelete: String?, onUpdate: String?)
        case hasMany(target: String, inverse: String)
        /// `indexes` are the join table's own (by column name).
        case manyToMany(target: String, through: String, ownerColumn: String, targetColumn: String, onDelete: String, indexes: [IndexDescription])
    }

    var name: String
    var kind: Kind
}

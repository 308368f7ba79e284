import ORMSchema

/// A model while the resolver builds it: fields grow as relations add foreign-key fields.
struct ModelDraft {
    var declaration: ModelDeclaration
    var tableName: String
    var fields: [Field] = []
    /// The declaration of each field in `fields`; nil for fields the generator adds (implicit `id`, foreign keys).
    var fieldDeclarations: [FieldDeclaration?] = []
    /// `belongsTo` foreign keys by the index of the field holding them.
    var references: [Int: PendingReference] = [:]
    /// Resolved key field indexes (empty until keys are resolved).
    var keyIndexes: [Int] = []
    var isAutoIncrement = false
    /// `codable:` of the model, else of the schema.
    var isCodable = false
    var columns: [Column] = []
    var indexes: [Index] = []
    var relations: [Relation] = []
    var results: [EagerResultModel] = []
    var scopes: [ScopeModel] = []
    var defaultScope: ScopeModel?
    var softDeleteColumn: String?
    /// `search:` resolved to columns.
    var search: SearchSchema?

    var name: String { declaration.name.value }

    func fieldIndex(named name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    /// Whether the model declares a field `name` that did not resolve (an unknown type): its own error is reported,
    /// so what names it (a key, an index, a scope, `softDelete:`, `search:`) adds none.
    func declaresUnresolvedField(_ name: String) -> Bool {
        fieldIndex(named: name) == nil && declaration.fields.contains { $0.name.value == name }
    }

    /// The SQL column of a single-column field.
    func columnName(ofField index: Int) -> String? {
        columns.first { $0.fieldIndex == index && $0.subfield == nil }?.name
    }

    var keyColumns: [String] {
        keyIndexes.compactMap { columnName(ofField: $0) }
    }
}

/// A `belongsTo` reference before column names are known.
struct PendingReference {
    var relation: String
    var target: String
    var onDelete: ForeignKeyAction
    var onUpdate: ForeignKeyAction
    var isOptional: Bool
}

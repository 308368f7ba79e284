/// The YAML writing stage: a schema description as the schema language's YAML. Models are block mappings;
/// fields, indexes and relations are one line each (a short `name: Type` or a `{ … }` mapping).
enum SchemaYAML {
    /// The whole document: `version`, `name`, `naming`, then `models`.
    static func document(for schema: SchemaDescription, version: Int) -> String {
        YAMLEmitter.document([
            ("version", .inline(.scalar(.integer(version)))),
            ("name", .inline(.scalar(.text(schema.name)))),
            ("naming", .inline(.scalar(.text(schema.naming.rawValue)))),
            ("models", .mapping(schema.models.map { ($0.name, model($0)) })),
        ])
    }

    private static func model(_ model: ModelDescription) -> YAMLBlock {
        var entries: [(key: String, value: YAMLBlock)] = []
        if let table = model.explicitTable { entries.append(("table", .inline(.scalar(.text(table))))) }
        if let key = model.explicitPrimaryKey {
            entries.append(("primaryKey", .inline(key.count == 1 ? .scalar(.text(key[0])) : .sequence(key.map { .text($0) }))))
        }
        entries.append(("fields", .mapping(model.fields.map { ($0.name, .inline(field($0))) })))
        if !model.indexes.isEmpty { entries.append(("indexes", .sequence(model.indexes.map(index)))) }
        if let search = model.search { entries.append(("search", .inline(self.search(search)))) }
        if !model.relations.isEmpty {
            entries.append(("relations", .mapping(model.relations.map { ($0.name, .inline(relation($0.kind))) })))
        }
        return .mapping(entries)
    }

    /// `Name: String?` when only the type is needed, else `{ type: …, column: …, sqlType: "…", storage: …,
    /// default: …, unique: true }`.
    private static func field(_ field: FieldDescription) -> YAMLInline {
        let type = YAMLInline.scalar(.text(field.type + (field.isOptional ? "?" : "")))
        var options: [(key: String, value: YAMLInline)] = []
        if let column = field.explicitColumn { options.append(("column", .scalar(.text(column)))) }
        if let sqlType = field.sqlType { options.append(("sqlType", .scalar(.quoted(sqlType)))) }
        if let storage = field.storage { options.append(("storage", .scalar(.text(storage)))) }
        if let enumeration = field.enumeration {
            let cases = enumeration.cases
            let values: YAMLInline = cases.allSatisfy { $0.name == $0.raw }
                ? .sequence(cases.map { .text($0.raw) })
                : .mapping(cases.map { ($0.name, .scalar(.quoted($0.raw))) })
            options += [("enum", values), ("enumType", .scalar(.text(enumeration.typeName)))]
        }
        if let scale = field.scale { options.append(("scale", .scalar(.integer(scale)))) }
        if let value = field.defaultValue { options.append(("default", .scalar(defaultScalar(value)))) }
        if field.isUnique { options.append(("unique", .scalar(.bool(true)))) }
        if let check = field.check { options.append(("check", .scalar(.quoted(check)))) }
        if field.enumeration != nil { return .mapping(field.isOptional ? [("type", .scalar(.text("String?")))] + options : options) }
        return options.isEmpty ? type : .mapping([("type", type)] + options)
    }

    private static func defaultScalar(_ value: DefaultLiteral) -> YAMLScalar {
        switch value {
        case .number(let text): .number(text)
        case .text(let text): .quoted(text)
        case .bool(let value): .bool(value)
        case .now: .text("now")
        }
    }

    /// `{ columns: [a, b], unique: false, name: exact_name }`.
    private static func index(_ index: IndexDescription) -> YAMLInline {
        var entries: [(key: String, value: YAMLInline)] = [
            ("columns", .sequence(index.fields.map { .text($0) })),
            ("unique", .scalar(.bool(index.isUnique))),
        ]
        if let name = index.name { entries.append(("name", .scalar(.text(name)))) }
        return .mapping(entries)
    }

    /// `{ fields: [title, summary], language: english }` or `{ fields: [title], tokenizer: "trigram" }`.
    private static func search(_ search: SearchDescription) -> YAMLInline {
        var entries: [(key: String, value: YAMLInline)] = [("fields", .sequence(search.fields.map { .text($0) }))]
        if let language = search.language { entries.append(("language", .scalar(.text(language)))) }
        if let tokenizer = search.tokenizer { entries.append(("tokenizer", .scalar(.quoted(tokenizer)))) }
        return .mapping(entries)
    }

    private static func relation(_ kind: RelationDescription.Kind) -> YAMLInline {
        var entries: [(key: String, value: YAMLInline)]
        switch kind {
        case let .belongsTo(target, foreignKey, isOptional, onDelete, onUpdate):
            entries = [("belongsTo", .scalar(.text(target))), ("foreignKey", .scalar(.text(foreignKey)))]
            if isOptional { entries.append(("optional", .scalar(.bool(true)))) }
            if let onDelete { entries.append(("onDelete", .scalar(.text(onDelete)))) }
            if let onUpdate { entries.append(("onUpdate", .scalar(.text(onUpdate)))) }
        case let .hasMany(target, inverse):
            entries = [("hasMany", .scalar(.text(target))), ("inverse", .scalar(.text(inverse)))]
        case let .manyToMany(target, through, ownerColumn, targetColumn, onDelete, indexes):
            entries = [
                ("manyToMany", .scalar(.text(target))), ("through", .scalar(.text(through))),
                ("ownerColumn", .scalar(.text(ownerColumn))), ("targetColumn", .scalar(.text(targetColumn))),
                ("onDelete", .scalar(.text(onDelete))),
            ]
            if !indexes.isEmpty { entries.append(("indexes", .list(indexes.map(index)))) }
        }
        return .mapping(entries)
    }
}

import Yams

/// Reads one file's node tree into a `SchemaDocument`, checking keys and shapes (not meaning).
struct DocumentReader {
    static let topLevelKeys = ["name", "version", "naming", "access", "codable", "models", "embeddables", "migrations", "seed"]
    static let modelKeys = [
        "table", "primaryKey", "codable", "fields", "indexes", "relations", "results", "scopes", "defaultScope", "softDelete",
        "search",
    ]
    static let searchKeys = ["fields", "language", "tokenizer"]
    /// The comparisons of a scope condition (`field: { op: value }`).
    static let scopeComparisons = ["==", "!=", "<", "<=", ">", ">=", "in", "notIn"]
    static let embeddableKeys = ["fields"]
    static let fieldKeys = [
        "type", "column", "default", "unique", "index", "transient", "check", "storage", "embedded",
        "converter", "sqlType", "scale", "payload", "enum", "rawType", "enumType",
    ]
    static let indexKeys = ["columns", "on", "unique", "name"]
    static let relationOptions: [RelationKind: [String]] = [
        .belongsTo: ["optional", "onDelete", "onUpdate", "foreignKey"],
        .hasMany: ["inverse"],
        .hasOne: ["inverse"],
        .manyToMany: ["through", "ordered", "ownerColumn", "targetColumn", "onDelete", "indexes"],
    ]
    static let stepArguments: [MigrationStepKind: [String]] = [
        .renameColumn: ["model", "from", "to"],
        .renameModel: ["from", "to"],
        .renameTable: ["from", "to"],
        .dropColumn: ["model", "column"],
        .alterColumn: ["model", "column"],
        .addIndex: ["model", "columns", "unique", "name"],
        .dropIndex: ["name"],
    ]

    private var reader: NodeReader

    init(path: String) {
        reader = NodeReader(path: path)
    }

    /// Reads `root` (nil for an empty file) and appends what it declares to `document`.
    static func read(_ root: Node?, path: String, into document: inout SchemaDocument) -> [Diagnostic] {
        var instance = DocumentReader(path: path)
        guard let root else {
            instance.reader.diagnostics.warning(
                "schema file is empty", at: SchemaLocation(path: path, line: 1, column: 1))
            return instance.reader.diagnostics.all
        }
        instance.readRoot(root, into: &document)
        return instance.reader.diagnostics.all
    }

    private mutating func readRoot(_ root: Node, into document: inout SchemaDocument) {
        guard let pairs = reader.pairs(root, what: "a schema file") else { return }
        reader.checkKeys(pairs, allowed: Self.topLevelKeys) { "unknown top-level key '\($0)'" }
        for (key, value) in pairs {
            switch key.value {
            case "name":
                if let name = reader.name(value, what: "'name'") { document.names.append(name) }
            case "version":
                if let version = reader.integer(value, what: "'version'") { document.versions.append(version) }
            case "naming":
                if let naming = reader.name(value, what: "'naming'") { document.namings.append(naming) }
            case "access":
                if let access = reader.name(value, what: "'access'") { document.accessLevels.append(access) }
            case "codable":
                if let codable = reader.bool(value, what: "'codable'") { document.codables.append(codable) }
            case "models":
                document.models += entries(value, what: "'models'").compactMap { model(name: $0.key, $0.value) }
            case "embeddables":
                document.embeddables += entries(value, what: "'embeddables'").compactMap {
                    embeddable(name: $0.key, $0.value)
                }
            case "migrations":
                document.migrations += entries(value, what: "'migrations'").compactMap {
                    migration(version: $0.key, $0.value)
                }
            case "seed":
                document.seed += entries(value, what: "'seed'").compactMap { seed(model: $0.key, $0.value) }
            default:
                break
            }
        }
    }

    /// The pairs of a mapping; a null value (`models:` with nothing under it) is an empty mapping.
    private mutating func entries(_ node: Node, what: String) -> [(key: Located<String>, value: Node)] {
        if case let .scalar(scalar) = node, ScalarValue(text: scalar.string, isQuoted: false).isNull,
            scalar.style == .plain || scalar.style == .any
        {
            return []
        }
        return reader.pairs(node, what: what) ?? []
    }

    // MARK: Models

    private mutating func model(name: Located<String>, _ node: Node) -> ModelDeclaration? {
        var model = ModelDeclaration(name: name)
        let pairs = entries(node, what: "model '\(name.value)'")
        reader.checkKeys(pairs, allowed: Self.modelKeys) { "unknown key '\($0)' in model '\(name.value)'" }
        for (key, value) in pairs {
            switch key.value {
            case "table":
                model.table = reader.name(value, what: "'table' of model '\(name.value)'")
            case "codable":
                model.isCodable = reader.bool(value, what: "'codable' of model '\(name.value)'")
            case "primaryKey":
                model.primaryKey = reader.names(value, what: "'primaryKey' of model '\(name.value)'")
                model.primaryKeyLocation = reader.location(value)
            case "fields":
                model.fields = entries(value, what: "'fields' of model '\(name.value)'").compactMap {
                    field(owner: name.value, name: $0.key, $0.value)
                }
            case "indexes":
                model.indexes = indexes(value, of: "model '\(name.value)'")
            case "relations":
                model.relations = entries(value, what: "'relations' of model '\(name.value)'").compactMap {
                    relation(owner: name.value, name: $0.key, $0.value)
                }
            case "results":
                model.results = entries(value, what: "'results' of model '\(name.value)'").compactMap {
                    result(owner: name.value, name: $0.key, $0.value)
                }
            case "scopes":
                model.scopes = entries(value, what: "'scopes' of model '\(name.value)'").map {
                    scope(owner: name.value, name: $0.key, $0.value)
                }
            case "softDelete":
                model.softDelete = reader.name(value, what: "'softDelete' of model '\(name.value)'")
            case "defaultScope":
                model.defaultScope = scope(owner: name.value, name: Located(value: "defaultScope", location: key.location), value)
            case "search":
                model.search = search(value, of: name.value, at: key.location)
            default:
                break
            }
        }
        return model
    }

    /// `search: { fields: [title, summary], language: english, tokenizer: "…" }`.
    private mutating func search(_ node: Node, of model: String, at location: SchemaLocation) -> SearchDeclaration? {
        let what = "'search' of model '\(model)'"
        guard let pairs = reader.pairs(node, what: what) else { return nil }
        reader.checkKeys(pairs, allowed: Self.searchKeys) { "unknown key '\($0)' in \(what)" }
        var search = SearchDeclaration(fields: [], location: location)
        for (key, value) in pairs {
            switch key.value {
            case "fields": search.fields = reader.names(value, what: "'fields' of \(what)") ?? []
            case "language": search.language = reader.name(value, what: "'language' of \(what)")
            case "tokenizer": search.tokenizer = reader.name(value, what: "'tokenizer' of \(what)")
            default: break
            }
        }
        guard !search.fields.isEmpty else {
            reader.diagnostics.error("\(what) must list the text fields it indexes: `search: { fields: [title, summary] }`", at: location)
            return nil
        }
        return search
    }

    /// A named eager-loading result: `[books, profile]` (relations loaded as records), or
    /// `{ books: BookWithReaders, profile: AuthorProfile }` (each relation's target model or a result of it).
    private mutating func result(owner: String, name: Located<String>, _ node: Node) -> ResultDeclaration? {
        let what = "result '\(owner).\(name.value)'"
        switch node {
        case .sequence:
            guard let relations = reader.names(node, what: "the relations of \(what)") else { return nil }
            return ResultDeclaration(name: name, members: relations.map { ResultMember(relation: $0, type: nil) })
        case .mapping:
            let pairs = entries(node, what: "the relations of \(what)")
            return ResultDeclaration(name: name, members: pairs.compactMap { key, value in
                reader.name(value, what: "the type of '\(key.value)' in \(what)").map { ResultMember(relation: key, type: $0) }
            })
        default:
            reader.diagnostics.error(
                "\(what) must list relations: `[books, profile]`, or map each relation to its model or a result of it: `{ books: BookWithReaders }`",
                at: reader.location(node))
            return nil
        }
    }

    /// A scope: `{ field: condition, … }`, each condition a value (`==`), a list (`in`) or `{ op: value, … }`.
    private mutating func scope(owner: String, name: Located<String>, _ node: Node) -> ScopeDeclaration {
        let what = name.value == "defaultScope" ? "the default scope of '\(owner)'" : "scope '\(owner).\(name.value)'"
        var conditions: [ScopeConditionDeclaration] = []
        let pairs = reader.pairs(node, what: what)
        for (field, value) in pairs ?? [] {
            let location = reader.location(value)
            if case .mapping = value {
                for (comparison, operand) in entries(value, what: "the condition on '\(field.value)' in \(what)") {
                    guard Self.scopeComparisons.contains(comparison.value) else {
                        reader.diagnostics.error(
                            "unknown comparison '\(comparison.value)' on '\(field.value)' in \(what); use \(Self.scopeComparisons.joined(separator: ", "))"
                                + Suggestion.didYouMean(comparison.value, among: Self.scopeComparisons),
                            at: comparison.location)
                        continue
                    }
                    if let operand = reader.literal(operand, what: "the value compared with '\(field.value)' in \(what)") {
                        conditions.append(ScopeConditionDeclaration(field: field, comparison: comparison, operand: operand))
                    }
                }
            } else if let operand = reader.literal(value, what: "the value of '\(field.value)' in \(what)") {
                let comparison = if case .sequence = value { "in" } else { "==" }
                conditions.append(ScopeConditionDeclaration(
                    field: field, comparison: Located(value: comparison, location: location), operand: operand))
            }
        }
        if pairs?.isEmpty == true {
            reader.diagnostics.error(
                "\(what) has no condition; map fields to values, like `{ status: published, year: { \">=\": 2000 } }`",
                at: name.location)
        }
        return ScopeDeclaration(name: name, conditions: conditions)
    }

    private mutating func embeddable(name: Located<String>, _ node: Node) -> EmbeddableDeclaration? {
        var embeddable = EmbeddableDeclaration(name: name)
        let pairs = entries(node, what: "embeddable '\(name.value)'")
        reader.checkKeys(pairs, allowed: Self.embeddableKeys) {
            "unknown key '\($0)' in embeddable '\(name.value)'"
        }
        for (key, value) in pairs where key.value == "fields" {
            embeddable.fields = entries(value, what: "'fields' of embeddable '\(name.value)'").compactMap {
                field(owner: name.value, name: $0.key, $0.value)
            }
        }
        return embeddable
    }

    private mutating func field(owner: String, name: Located<String>, _ node: Node) -> FieldDeclaration? {
        let path = "\(owner).\(name.value)"
        var field = FieldDeclaration(name: name)
        if case .scalar = node {
            field.type = reader.name(node, what: "the type of field '\(path)'")
            return field
        }
        guard let pairs = reader.pairs(node, what: "field '\(path)' (a type name or a mapping of options)")
        else { return nil }
        reader.checkKeys(pairs, allowed: Self.fieldKeys) { "unknown option '\($0)' for field '\(path)'" }
        for (key, value) in pairs {
            let what = "option '\(key.value)' of field '\(path)'"
            switch key.value {
            case "type": field.type = reader.name(value, what: what)
            case "column": field.column = reader.name(value, what: what)
            case "default": field.defaultValue = reader.literal(value, what: "the default of field '\(path)'")
            case "unique": field.isUnique = reader.bool(value, what: what)
            case "index": field.isIndexed = reader.bool(value, what: what)
            case "transient": field.isTransient = reader.bool(value, what: what)
            case "check": field.check = reader.name(value, what: what)
            case "storage": field.storage = reader.name(value, what: what)
            case "embedded": field.isEmbedded = reader.bool(value, what: what)
            case "converter": field.isConverter = reader.bool(value, what: what)
            case "sqlType": field.sqlType = reader.string(value, what: what)
            case "scale": field.scale = reader.integer(value, what: what)
            case "payload": field.payload = reader.name(value, what: what)
            case "enum": field.enumeration = enumeration(value, path: path)
            default: break
            }
        }
        for option in ["rawType", "enumType"] {
            guard let pair = pairs.first(where: { $0.key.value == option }) else { continue }
            let value = reader.name(pair.value, what: "option '\(option)' of field '\(path)'")
            if field.enumeration == nil {
                if value != nil {
                    reader.diagnostics.error(
                        "option '\(option)' of field '\(path)' needs an 'enum' option", at: pair.key.location)
                }
            } else if option == "rawType" {
                field.enumeration?.rawType = value
            } else {
                field.enumeration?.databaseType = value
            }
        }
        return field
    }

    private mutating func enumeration(_ node: Node, path: String) -> EnumDeclaration? {
        let here = reader.location(node)
        switch node {
        case let .sequence(sequence):
            let names = sequence.compactMap { reader.name($0, what: "an enum value of field '\(path)'") }
            return EnumDeclaration(cases: names.map { ($0, nil) }, location: here)
        case .mapping:
            let pairs = reader.pairs(node, what: "the enum of field '\(path)'") ?? []
            let cases = pairs.map { pair in
                (pair.key, reader.name(pair.value, what: "the raw value of enum case '\(pair.key.value)' of '\(path)'"))
            }
            return EnumDeclaration(cases: cases, location: here)
        default:
            reader.diagnostics.error(
                "option 'enum' of field '\(path)' must be a list of values or a mapping of case names to raw values",
                at: here)
            return nil
        }
    }

    private mutating func indexes(_ node: Node, of subject: String) -> [IndexDeclaration] {
        guard case let .sequence(sequence) = node else {
            reader.diagnostics.error(
                "'indexes' of \(subject) must be a list of field names or {columns, unique, name} mappings",
                at: reader.location(node))
            return []
        }
        var result: [IndexDeclaration] = []
        for entry in sequence {
            let here = reader.location(entry)
            switch entry {
            case .scalar:
                if let field = reader.name(entry, what: "an index of \(subject)") {
                    result.append(IndexDeclaration(fields: [field], isUnique: false, name: nil, location: here))
                }
            case .sequence:
                if let fields = reader.names(entry, what: "an index of \(subject)") {
                    result.append(IndexDeclaration(fields: fields, isUnique: false, name: nil, location: here))
                }
            default:
                guard let pairs = reader.pairs(entry, what: "an index of \(subject)") else { continue }
                reader.checkKeys(pairs, allowed: Self.indexKeys) { "unknown key '\($0)' in an index of \(subject)" }
                var index = IndexDeclaration(fields: [], isUnique: false, name: nil, location: here)
                var hasColumns = false
                for (key, value) in pairs {
                    switch key.value {
                    case "columns", "on":
                        hasColumns = true
                        index.fields = reader.names(value, what: "'\(key.value)' of an index of \(subject)") ?? []
                    case "unique":
                        index.isUnique = reader.bool(value, what: "'unique' of an index of \(subject)")?.value ?? false
                    case "name":
                        index.name = reader.name(value, what: "'name' of an index of \(subject)")
                    default:
                        break
                    }
                }
                if !hasColumns {
                    reader.diagnostics.error("an index of \(subject) needs 'columns'", at: here)
                    continue
                }
                result.append(index)
            }
        }
        return result
    }

    private mutating func relation(owner: String, name: Located<String>, _ node: Node) -> RelationDeclaration? {
        let path = "\(owner).\(name.value)"
        guard let pairs = reader.pairs(node, what: "relation '\(path)'") else { return nil }
        let kinds = pairs.compactMap { pair in RelationKind(rawValue: pair.key.value).map { (pair.key, $0, pair.value) } }
        guard let (kindKey, kind, targetNode) = kinds.first else {
            reader.diagnostics.error(
                "relation '\(path)' needs one of belongsTo, hasMany, hasOne or manyToMany", at: name.location)
            for (key, _) in pairs {
                if let guess = Suggestion.closest(to: key.value, among: RelationKind.allCases.map(\.rawValue)) {
                    reader.diagnostics.error(
                        "unknown key '\(key.value)' in relation '\(path)'; did you mean '\(guess)'?", at: key.location)
                }
            }
            return nil
        }
        for extra in kinds.dropFirst() {
            reader.diagnostics.error(
                "relation '\(path)' declares both '\(kind.rawValue)' and '\(extra.1.rawValue)'; declare one kind per relation",
                at: extra.0.location)
        }
        guard let target = reader.name(targetNode, what: "the target model of relation '\(path)'") else { return nil }
        let allowed = Self.relationOptions[kind] ?? []
        var relation = RelationDeclaration(name: name, kind: kind, target: target)
        for (key, value) in pairs where key.value != kindKey.value {
            let what = "option '\(key.value)' of relation '\(path)'"
            guard allowed.contains(key.value) else {
                let everyOption = Self.relationOptions.values.flatMap { $0 }
                if everyOption.contains(key.value) {
                    reader.diagnostics.error(
                        "option '\(key.value)' does not apply to a \(kind.rawValue) relation ('\(path)'); it takes "
                            + (allowed.map { "'\($0)'" }.joined(separator: ", ")),
                        at: key.location)
                } else {
                    reader.diagnostics.error(
                        "unknown option '\(key.value)' for relation '\(path)'"
                            + Suggestion.didYouMean(key.value, among: allowed), at: key.location)
                }
                continue
            }
            switch key.value {
            case "optional": relation.isOptional = reader.bool(value, what: what)
            case "onDelete": relation.onDelete = reader.name(value, what: what)
            case "onUpdate": relation.onUpdate = reader.name(value, what: what)
            case "foreignKey": relation.foreignKey = reader.name(value, what: what)
            case "inverse": relation.inverse = reader.name(value, what: what)
            case "through": relation.through = reader.name(value, what: what)
            case "ordered": relation.isOrdered = reader.bool(value, what: what)
            case "ownerColumn": relation.ownerColumn = reader.name(value, what: what)
            case "targetColumn": relation.targetColumn = reader.name(value, what: what)
            case "indexes": relation.indexes = indexes(value, of: "relation '\(path)'")
            default: break
            }
        }
        return relation
    }

    // MARK: Migrations and seed

    private mutating func migration(version key: Located<String>, _ node: Node) -> MigrationDeclaration? {
        guard let number = Int(key.value), number > 0 else {
            reader.diagnostics.error(
                "migration keys are schema versions (positive integers), not '\(key.value)'", at: key.location)
            return nil
        }
        guard case let .sequence(sequence) = node else {
            reader.diagnostics.error("migration \(number) must be a list of steps", at: reader.location(node))
            return nil
        }
        let steps = sequence.compactMap { step($0, version: number) }
        return MigrationDeclaration(version: Located(value: number, location: key.location), steps: steps)
    }

    private mutating func step(_ node: Node, version: Int) -> MigrationStepDeclaration? {
        let here = reader.location(node)
        guard let pairs = reader.pairs(node, what: "a step of migration \(version)") else { return nil }
        guard pairs.count == 1, let (key, value) = pairs.first else {
            reader.diagnostics.error(
                "a step of migration \(version) must have exactly one key, the step kind (renameColumn, sql, …)",
                at: here)
            return nil
        }
        guard let kind = MigrationStepKind(rawValue: key.value) else {
            reader.diagnostics.error(
                "unknown migration step '\(key.value)'"
                    + Suggestion.didYouMean(key.value, among: MigrationStepKind.allCases.map(\.rawValue)),
                at: key.location)
            return nil
        }
        var step = MigrationStepDeclaration(kind: kind, arguments: [:], columns: [], isUnique: false, location: key.location)
        guard let allowed = Self.stepArguments[kind] else {
            guard let text = reader.name(value, what: "the \(kind.rawValue) step of migration \(version)") else {
                return nil
            }
            step.arguments["value"] = text
            return step
        }
        guard let arguments = reader.pairs(value, what: "the \(kind.rawValue) step of migration \(version)") else {
            return nil
        }
        reader.checkKeys(arguments, allowed: allowed) { "unknown key '\($0)' in a \(kind.rawValue) step" }
        for (name, argument) in arguments where allowed.contains(name.value) {
            let what = "'\(name.value)' of a \(kind.rawValue) step"
            switch name.value {
            case "columns": step.columns = reader.names(argument, what: what) ?? []
            case "unique": step.isUnique = reader.bool(argument, what: what)?.value ?? false
            default:
                if let text = reader.name(argument, what: what) { step.arguments[name.value] = text }
            }
        }
        let required = allowed.filter { !["unique", "name"].contains($0) || kind == .dropIndex }
        for name in required where !arguments.contains(where: { $0.key.value == name }) {
            reader.diagnostics.error("a \(kind.rawValue) step needs '\(name)'", at: key.location)
            return nil
        }
        return step
    }

    private mutating func seed(model: Located<String>, _ node: Node) -> SeedDeclaration? {
        guard case let .sequence(sequence) = node else {
            reader.diagnostics.error(
                "seed for '\(model.value)' must be a list of rows (mappings of field names to values)",
                at: reader.location(node))
            return nil
        }
        var rows: [SeedRowDeclaration] = []
        for entry in sequence {
            guard let pairs = reader.pairs(entry, what: "a seed row for '\(model.value)'") else { continue }
            var row = SeedRowDeclaration(values: [], location: reader.location(entry))
            for (key, value) in pairs {
                if let literal = reader.literal(value, what: "seed value '\(model.value).\(key.value)'") {
                    row.values.append((key, literal))
                }
            }
            rows.append(row)
        }
        return SeedDeclaration(model: model, rows: rows)
    }
}

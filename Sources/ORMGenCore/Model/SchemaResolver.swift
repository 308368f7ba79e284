/// The model stage: turns the merged `SchemaDocument` into a resolved `Schema`, reporting every problem.
///
/// Passes, in order: schema name and version, embeddables, models' own fields, `belongsTo` foreign-key
/// fields, primary keys, columns and indexes, the other relations and join tables, payload paths, named results,
/// scopes, table-wide name checks,
/// migrations (in `Validation/`; the indexes their `addIndex` steps leave join their tables' indexes), table
/// order, then seed rows (in `Validation/`).
struct SchemaResolver {
    var diagnostics = DiagnosticBag()
    let document: SchemaDocument
    let sourcePaths: [String]
    var embeddables: [String: Embeddable] = [:]
    /// Drafts by model name; only the first declaration of a duplicated name.
    var drafts: [String: ModelDraft] = [:]
    var joinTables: [JoinTable] = []
    /// Generated file names, lowercased (case-insensitive file systems), to the type that takes them.
    var fileNameOwners: [String: String] = [:]
    /// How table and column names default (`naming:`).
    var naming = NamingStyle.snakeCase
    /// The access level the schema asks for (`access:`).
    var accessLevel: GeneratorOptions.AccessLevel?

    init(document: SchemaDocument, sourcePaths: [String]) {
        self.document = document
        self.sourcePaths = sourcePaths.sorted()
    }

    var sortedModelNames: [String] { drafts.keys.sorted() }

    mutating func resolve() -> Schema? {
        let (name, version) = resolveHeader()
        resolveEmbeddables()
        resolveModelDeclarations()
        for model in sortedModelNames { resolveOwnFields(of: model) }
        for model in sortedModelNames { resolveBelongsTo(of: model) }
        for model in sortedModelNames { resolveKey(of: model) }
        for model in sortedModelNames { resolveColumns(of: model) }
        let checkValidator = CheckValidator()
        for model in sortedModelNames { validateChecks(of: model, with: checkValidator) }
        for model in sortedModelNames { resolveIndexes(of: model) }
        for model in sortedModelNames { resolveOtherRelations(of: model) }
        for model in sortedModelNames { resolvePayload(of: model) }
        resolveResults()
        resolveScopes()
        resolveSearch()
        checkTableNames()
        checkIndexNames()
        var migrationResolver = MigrationResolver(drafts: drafts, schemaVersion: version)
        let migrations = migrationResolver.resolve(document.migrations)
        addMigrationIndexes(migrations)
        let models = sortedModelNames.compactMap { drafts[$0].map(finish) }
        let tables = TableOrder.order(models: models, joinTables: joinTables)
        var seedResolver = SeedResolver(drafts: drafts)
        let seed = seedResolver.resolve(document.seed, tableOrder: tables.map(\.name))
        diagnostics.append(contentsOf: migrationResolver.diagnostics.all + seedResolver.diagnostics.all)
        guard !diagnostics.hasErrors else { return nil }
        let jsonEmbeddables = storedAsJSON(models)
        warnAboutHiddenPaths(in: models)
        var schema = Schema(
            name: name, version: version, accessLevel: accessLevel, models: models,
            embeddables: embeddables.keys.sorted().compactMap { name in
                embeddables[name].map { var embeddable = $0; embeddable.isStoredAsJSON = jsonEmbeddables.contains(name); return embeddable }
            },
            tables: tables, joinTables: tables.compactMap { table in joinTables.first { $0.table.name == table.name } },
            migrations: migrations, seed: seed, sourcePaths: sourcePaths)
        schema.postgresqlIssues = PostgreSQLValidator.issues(in: schema)
        return schema
    }

    // MARK: Header

    private mutating func resolveHeader() -> (String, Int) {
        var name = "AppSchema"
        if let first = document.names.first {
            if Naming.isIdentifier(first.value) && !Naming.reservedTypeNames.contains(first.value)
                && !Naming.swiftKeywords.contains(first.value)
            {
                if fileNameFits(first, kind: "schema") { name = first.value }
            } else {
                diagnostics.error(
                    "schema name '\(first.value)' is not a usable Swift type name; use letters, digits and underscores, starting with a letter",
                    at: first.location)
            }
            for other in document.names.dropFirst() where other.value != first.value {
                diagnostics.error("schema name '\(other.value)' conflicts with '\(first.value)' declared at \(first.location)", at: other.location)
            }
        }
        if let first = document.namings.first {
            if let style = NamingStyle(rawValue: first.value) {
                naming = style
            } else {
                let styles = NamingStyle.allCases.map(\.rawValue)
                diagnostics.error(
                    "unknown naming '\(first.value)'; use \(styles.joined(separator: " or "))" + Suggestion.didYouMean(first.value, among: styles),
                    at: first.location)
            }
            for other in document.namings.dropFirst() where other.value != first.value {
                diagnostics.error("naming '\(other.value)' conflicts with '\(first.value)' declared at \(first.location)", at: other.location)
            }
        }
        if let first = document.accessLevels.first {
            if let level = GeneratorOptions.AccessLevel(rawValue: first.value) {
                accessLevel = level
            } else {
                let levels = GeneratorOptions.AccessLevel.allCases.map(\.rawValue)
                diagnostics.error(
                    "unknown access '\(first.value)'; use \(levels.joined(separator: ", "))" + Suggestion.didYouMean(first.value, among: levels),
                    at: first.location)
            }
            for other in document.accessLevels.dropFirst() where other.value != first.value {
                diagnostics.error("access '\(other.value)' conflicts with '\(first.value)' declared at \(first.location)", at: other.location)
            }
        }
        var version = 1
        if let first = document.versions.first {
            if first.value >= 1 {
                version = first.value
            } else {
                diagnostics.error("'version' must be 1 or more, not \(first.value)", at: first.location)
            }
            for other in document.versions.dropFirst() where other.value != first.value {
                diagnostics.error("version \(other.value) conflicts with version \(first.value) declared at \(first.location)", at: other.location)
            }
        }
        return (name, version)
    }

    // MARK: Codable payloads

    /// `codable:` (model over schema) and each field's `payload:` key path; two fields may not share a path,
    /// and a path may not run through another field's key.
    private mutating func resolvePayload(of model: String) {
        guard var draft = drafts[model] else { return }
        draft.isCodable = draft.declaration.isCodable?.value ?? document.codables.first?.value ?? false
        var seen: [String: String] = [:]
        for index in draft.fields.indices {
            let field = draft.fields[index]
            var path = [field.name]
            if let payload = draft.fieldDeclarations[index]?.payload {
                let parts = payload.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard !parts.contains(where: \.isEmpty) else {
                    diagnostics.error(
                        "payload '\(payload.value)' of field '\(model).\(field.name)' is not a key path; write keys separated by dots, like info.age",
                        at: payload.location)
                    continue
                }
                guard draft.isCodable else {
                    diagnostics.error(
                        "field '\(model).\(field.name)' has a payload key path but model '\(model)' is not codable; add 'codable: true' to the model or the schema",
                        at: payload.location)
                    continue
                }
                path = parts
            }
            let joined = path.joined(separator: ".")
            if let other = seen[joined] {
                diagnostics.error(
                    "fields '\(model).\(other)' and '\(model).\(field.name)' have the same payload key path '\(joined)'; give one another 'payload:'",
                    at: draft.fieldDeclarations[index]?.payload?.location ?? field.location)
            }
            seen[joined] = field.name
            draft.fields[index].payloadPath = path
        }
        for (path, name) in seen {
            for prefixLength in 1..<max(1, path.split(separator: ".").count) {
                let prefix = path.split(separator: ".").prefix(prefixLength).joined(separator: ".")
                if let other = seen[prefix] {
                    diagnostics.error(
                        "the payload key path of field '\(model).\(name)' ('\(path)') runs through the value of field '\(model).\(other)' ('\(prefix)'); move one of them",
                        at: draft.fields.first { $0.name == name }?.location ?? draft.declaration.name.location)
                }
            }
        }
        drafts[model] = draft
    }

    // MARK: Embeddables and models

    private mutating func resolveEmbeddables() {
        var firsts: [String: SchemaLocation] = [:]
        let modelNames = Set(document.models.map(\.name.value))
        let fieldResolver = FieldResolver(
            embeddables: [:], modelNames: modelNames, embeddableNames: Set(document.embeddables.map(\.name.value)))
        for declaration in document.embeddables {
            let name = declaration.name
            guard checkTypeName(name, kind: "embeddable") else { continue }
            if let first = firsts[name.value] {
                reportDuplicate("embeddable '\(name.value)'", at: name.location, first: first)
                continue
            }
            firsts[name.value] = name.location
            guard claimFileName(for: name, kind: "embeddable") else { continue }
            if modelNames.contains(name.value) {
                diagnostics.error("embeddable '\(name.value)' has the name of a model; rename one of them", at: name.location)
            }
            var fields: [Field] = []
            var seen: [String: SchemaLocation] = [:]
            for fieldDeclaration in declaration.fields {
                guard let field = fieldResolver.resolve(fieldDeclaration, owner: name.value, inEmbeddable: true, diagnostics: &diagnostics)
                else { continue }
                if let first = seen[field.swiftName.lowercased()] {
                    reportDuplicate("field '\(name.value).\(field.name)'", at: field.location, first: first)
                    continue
                }
                seen[field.swiftName.lowercased()] = field.location
                fields.append(field)
            }
            if declaration.fields.isEmpty {
                diagnostics.error("embeddable '\(name.value)' needs at least one field", at: name.location)
            }
            embeddables[name.value] = Embeddable(name: name.value, fields: fields, sourcePath: name.location.path)
        }
        checkEmbeddableCycles()
    }

    /// The embeddables a JSON field of `models` holds, directly or inside other embeddables and collections: those
    /// that get typed paths.
    private func storedAsJSON(_ models: [Model]) -> Set<String> {
        let names = Set(embeddables.keys)
        func objects(in shape: JSONShape) -> [String] {
            switch shape {
            case .scalar: []
            case let .object(name): [name]
            case let .array(element), let .dictionary(element): objects(in: element)
            }
        }
        func objects(of fields: [Field]) -> [String] {
            fields.flatMap { field -> [String] in
                guard case let .json(swiftType) = field.type, let shape = JSONShape(type: swiftType, embeddables: names) else { return [] }
                return objects(in: shape)
            }
        }
        var found: Set<String> = []
        var pending = models.flatMap { objects(of: $0.fields) }
        while let name = pending.popLast() {
            guard found.insert(name).inserted else { continue }
            pending += objects(of: embeddables[name]?.fields ?? [])
        }
        return found
    }

    /// A field named like a property of a typed column (`name`, `table`, …) has a path under another object
    /// (`Book.metadata.publisher.name`) but not at the top of a JSON column, where the column's property wins.
    private mutating func warnAboutHiddenPaths(in models: [Model]) {
        let columnProperties: Set<String> = ["name", "table", "sqlExpression", "jsonLocation", "isNull", "isNotNull", "asc", "desc", "ordering"]
        let names = Set(embeddables.keys)
        let roots = Set(models.flatMap(\.fields).compactMap { field -> String? in
            guard case let .json(swiftType) = field.type else { return nil }
            return JSONShape(type: swiftType, embeddables: names)?.objectName
        })
        for name in roots.sorted() {
            for field in embeddables[name]?.fields ?? [] where columnProperties.contains(field.swiftName) {
                diagnostics.warning(
                    "at the top of a JSON column, '\(field.swiftName)' is the column's own property, so field '\(name).\(field.name)' has no "
                        + "typed path there; rename the field, or reach it with `jsonMember(\"\(field.swiftName)\", as: \(field.swiftType).self)`",
                    at: field.location)
            }
        }
    }

    /// An embeddable that holds itself, directly or through other embeddables (not through an array or dictionary),
    /// would be a Swift struct of infinite size.
    private mutating func checkEmbeddableCycles() {
        let names = Set(embeddables.keys)
        func held(by name: String) -> [(field: Field, target: String)] {
            embeddables[name]?.fields.compactMap { field in
                guard case let .json(swiftType) = field.type,
                    let target = JSONShape(type: swiftType, embeddables: names)?.objectName
                else { return nil }
                return (field, target)
            } ?? []
        }
        for start in embeddables.keys.sorted() {
            var path: [String] = []
            var visited: Set<String> = []
            func reaches(_ name: String) -> Bool {
                for (field, target) in held(by: name) {
                    path.append("'\(name).\(field.name)'")
                    if target == start { return true }
                    if visited.insert(target).inserted, reaches(target) { return true }
                    path.removeLast()
                }
                return false
            }
            guard reaches(start), let first = held(by: start).first(where: { path.first == "'\(start).\($0.field.name)'" }) else { continue }
            diagnostics.error(
                "embeddable '\(start)' holds itself through \(path.joined(separator: " → ")); hold it in an array ([\(start)]) "
                    + "or leave one of these fields out", at: first.field.location)
        }
    }

    private mutating func resolveModelDeclarations() {
        var firsts: [String: SchemaLocation] = [:]
        for declaration in document.models {
            let name = declaration.name
            guard checkTypeName(name, kind: "model") else { continue }
            if let first = firsts[name.value] {
                reportDuplicate("model '\(name.value)'", at: name.location, first: first)
                continue
            }
            firsts[name.value] = name.location
            guard claimFileName(for: name, kind: "model") else { continue }
            let table = declaration.table?.value ?? naming.sqlName(name.value)
            drafts[name.value] = ModelDraft(declaration: declaration, tableName: table)
        }
    }

    /// The longest file name most file systems accept, in bytes.
    static let longestFileName = 255

    /// Reserves `<name>.swift`; two types whose names differ only in case would overwrite each other's file on
    /// case-insensitive file systems.
    mutating func claimFileName(for name: Located<String>, kind: String) -> Bool {
        guard fileNameFits(name, kind: kind) else { return false }
        let key = name.value.lowercased()
        if fileNameOwners.isEmpty { fileNameOwners[(document.names.first?.value ?? "AppSchema").lowercased()] = "the schema enum" }
        if let owner = fileNameOwners[key], owner != "\(kind) '\(name.value)'" {
            diagnostics.error(
                "\(kind) '\(name.value)' and \(owner) would both generate '\(name.value).swift' (file names compare case-insensitively); rename one",
                at: name.location)
            return false
        }
        fileNameOwners[key] = "\(kind) '\(name.value)'"
        return true
    }

    /// Whether `<name>.swift` fits in a file name; reports it at the name when not.
    mutating func fileNameFits(_ name: Located<String>, kind: String) -> Bool {
        let limit = Self.longestFileName - ".swift".utf8.count
        guard name.value.utf8.count > limit else { return true }
        diagnostics.error(
            "\(kind) name '\(name.value.prefix(24))…' is \(name.value.utf8.count) characters long; its file '<name>.swift' would pass "
                + "the \(Self.longestFileName)-byte limit of file names, so use at most \(limit) characters",
            at: name.location)
        return false
    }

    mutating func checkTypeName(_ name: Located<String>, kind: String) -> Bool {
        guard Naming.isIdentifier(name.value) else {
            diagnostics.error(
                "'\(name.value)' is not a valid \(kind) name; use letters, digits and underscores, starting with a letter",
                at: name.location)
            return false
        }
        if Naming.reservedTypeNames.contains(name.value) || name.value == document.names.first?.value {
            diagnostics.error("'\(name.value)' cannot be a \(kind) name: the generated code needs that name", at: name.location)
            return false
        }
        return true
    }

    mutating func reportDuplicate(_ what: String, at location: SchemaLocation, first: SchemaLocation) {
        diagnostics.error("duplicate \(what); it is already declared at \(first)", at: location)
        diagnostics.note("\(what) first declared here", at: first)
    }

    private mutating func resolveOwnFields(of model: String) {
        guard var draft = drafts[model] else { return }
        let resolver = FieldResolver(embeddables: embeddables, modelNames: Set(drafts.keys))
        var seen: [String: SchemaLocation] = [:]
        for declaration in draft.declaration.fields {
            guard let field = resolver.resolve(declaration, owner: model, inEmbeddable: false, diagnostics: &diagnostics)
            else { continue }
            if let first = seen[field.swiftName.lowercased()] {
                diagnostics.error(
                    "field '\(model).\(field.name)' collides with the field declared at \(first) (names differ only in case)",
                    at: field.location)
                continue
            }
            seen[field.swiftName.lowercased()] = field.location
            draft.fields.append(field)
            draft.fieldDeclarations.append(declaration)
        }
        if draft.declaration.primaryKey == nil && draft.fieldIndex(named: "id") == nil {
            let implicit = Field(
                name: "id", swiftName: "id", type: .scalar(.int64), isOptional: false, defaultValue: nil,
                isTransient: false, location: draft.declaration.name.location)
            draft.fields.insert(implicit, at: 0)
            draft.fieldDeclarations.insert(nil, at: 0)
        }
        drafts[model] = draft
    }

    // MARK: Keys

    private mutating func resolveKey(of model: String) {
        guard var draft = drafts[model] else { return }
        let names = draft.declaration.primaryKey ?? [Located(value: "id", location: draft.declaration.name.location)]
        if names.isEmpty, let location = draft.declaration.primaryKeyLocation {
            diagnostics.error("'primaryKey' of model '\(model)' names no field", at: location)
        }
        var seen = Set<String>()
        for name in names {
            guard let index = draft.fieldIndex(named: name.value) else {
                if !draft.declaresUnresolvedField(name.value) {
                    diagnostics.error(
                        "primary key of model '\(model)' names unknown field '\(name.value)'"
                            + Suggestion.didYouMean(name.value, among: draft.fields.map(\.name)), at: name.location)
                }
                continue
            }
            guard seen.insert(name.value).inserted else {
                diagnostics.error("primary key of model '\(model)' names '\(name.value)' twice", at: name.location)
                continue
            }
            let field = draft.fields[index]
            if field.isOptional {
                diagnostics.error("primary-key field '\(model).\(field.name)' cannot be optional; remove the '?'", at: name.location)
            }
            switch field.type {
            case .scalar, .enumeration, .converter:
                if field.isTransient {
                    diagnostics.error("primary-key field '\(model).\(field.name)' cannot be transient", at: name.location)
                }
            case .json, .embedded:
                diagnostics.error(
                    "primary-key field '\(model).\(field.name)' must be a scalar, enum or converter field", at: name.location)
            }
            draft.keyIndexes.append(index)
        }
        if draft.keyIndexes.count == 1, let index = draft.keyIndexes.first,
            case .scalar(.int64) = draft.fields[index].type, draft.references[index] == nil
        {
            draft.isAutoIncrement = true
        }
        drafts[model] = draft
    }

    /// The Swift type and SQL type of `model`'s single key field, following keys that are foreign keys.
    /// The suffix of a generated foreign-key field: `Id` when the target's key field is spelled that way
    /// (`userId` → `ownerId`), `ID` otherwise (`id` → `authorID`), so a schema spells identifiers one way.
    func foreignKeySuffix(of target: String) -> String {
        let keyName = drafts[target]?.declaration.primaryKey?.first?.value ?? "id"
        return keyName.hasSuffix("Id") ? "Id" : "ID"
    }

    func keyType(of model: String, depth: Int = 0) -> Field? {
        guard depth < 8, let draft = drafts[model] else { return nil }
        let names = draft.declaration.primaryKey?.map(\.value) ?? ["id"]
        guard names.count == 1, let name = names.first else { return nil }
        if let index = draft.fieldIndex(named: name) { return draft.fields[index] }
        for relation in draft.declaration.relations where relation.kind == .belongsTo {
            if (relation.foreignKey?.value ?? relation.name.value + foreignKeySuffix(of: relation.target.value)) == name {
                return keyType(of: relation.target.value, depth: depth + 1)
            }
        }
        return nil
    }

    // MARK: Migration indexes

    /// Adds to each model's indexes those created by `addIndex` steps and not dropped by a later `dropIndex`
    /// (unless an index of that name is declared), as the runtime does: a fresh database gets them too, so
    /// the table metadata, `createStatements` and `ormgen sql` describe the schema a migrated database has.
    private mutating func addMigrationIndexes(_ migrations: [Migration]) {
        var added: [Index] = []
        for step in migrations.flatMap(\.steps) {
            switch step {
            case let .addIndex(index):
                added.removeAll { $0.name == index.name }
                added.append(index)
            case let .dropIndex(name):
                added.removeAll { $0.name == name }
            default:
                break
            }
        }
        let declared = Set(drafts.values.flatMap { $0.indexes.map(\.name) } + joinTables.flatMap { $0.table.indexes.map(\.name) })
        for index in added where !declared.contains(index.name) {
            guard let model = drafts.values.first(where: { $0.tableName == index.table })?.name else { continue }
            drafts[model]?.indexes.append(index)
        }
    }

    // MARK: Finish

    private func finish(_ draft: ModelDraft) -> Model {
        let key: KeyKind
        if draft.isAutoIncrement, let index = draft.keyIndexes.first {
            key = .autoIncrement(fieldIndex: index)
        } else if draft.keyIndexes.count == 1, let index = draft.keyIndexes.first {
            key = .single(fieldIndex: index)
        } else {
            key = .composite(fieldIndexes: draft.keyIndexes)
        }
        var definitions = draft.columns.map(\.definition)
        if draft.keyIndexes.count == 1, let keyColumn = draft.keyColumns.first,
            let position = definitions.firstIndex(where: { $0.name == keyColumn })
        {
            definitions[position].isPrimaryKey = true
        }
        let table = Table(
            name: draft.tableName, columns: definitions, primaryKey: draft.keyColumns,
            isAutoIncrement: draft.isAutoIncrement, indexes: draft.indexes,
            foreignKeys: draft.columns.compactMap(\.definition.reference), relations: draft.relations, search: draft.search,
            modelName: draft.name, location: draft.declaration.table?.location ?? draft.declaration.name.location)
        let enums = draft.fields.compactMap { field -> EnumType? in
            if case let .enumeration(enumType) = field.type { return enumType }
            return nil
        }
        return Model(
            name: draft.name, fields: draft.fields, columns: draft.columns, key: key, table: table, enums: enums,
            sourcePath: draft.declaration.name.location.path, isCodable: draft.isCodable, results: draft.results,
            scopes: draft.scopes, defaultScope: draft.defaultScope, softDeleteColumn: draft.softDeleteColumn)
    }
}

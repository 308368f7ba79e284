import ORMSchema

extension SchemaResolver {
    /// Columns of `model` in field order, with collision checks (SQL names compare case-insensitively).
    mutating func resolveColumns(of model: String) {
        guard var draft = drafts[model] else { return }
        var columns: [Column] = []
        for (index, field) in draft.fields.enumerated() where !field.isTransient {
            let declaration = draft.fieldDeclarations[index]
            let columnName = declaration?.column?.value ?? naming.sqlName(field.name)
            if case let .embedded(embeddable) = field.type {
                for subfield in embeddable.fields {
                    let definition = ColumnDefinition(
                        name: columnName + "_" + Naming.snakeCase(subfield.name), sqlType: subfield.type.sqlType,
                        content: subfield.content ?? .json, isNullable: subfield.isOptional, defaultValue: subfield.defaultValue?.column,
                        location: declaration?.column?.location ?? field.location)
                    columns.append(Column(
                        name: definition.name, fieldIndex: index, subfield: subfield.swiftName,
                        memberName: Naming.camelJoin(field.swiftName, subfield.swiftName),
                        valueSwiftType: subfield.swiftType, isJSON: false, definition: definition))
                }
                continue
            }
            var definition = ColumnDefinition(
                name: columnName, sqlType: field.sqlType ?? field.storage?.sqlType ?? field.type.sqlType, content: field.content ?? .json,
                isNullable: field.isOptional, defaultValue: field.defaultValue?.column, isUnique: declaration?.isUnique?.value ?? false,
                check: declaration?.check?.value,
                location: declaration?.column?.location ?? field.location)
            if let pending = draft.references[index] {
                definition.reference = ForeignKey(
                    columns: [columnName], targetTable: drafts[pending.target]?.tableName ?? pending.target,
                    targetColumns: keyColumnNames(of: pending.target), onDelete: pending.onDelete, onUpdate: pending.onUpdate)
            }
            definition.storage = field.storageName
            definition.declaredType = field.sqlType
            let isKeyOfAutoIncrement = draft.isAutoIncrement && draft.keyIndexes == [index]
            columns.append(Column(
                name: columnName, fieldIndex: index, subfield: nil, memberName: field.swiftName,
                valueSwiftType: isKeyOfAutoIncrement ? field.type.swiftType : field.swiftType,
                storageType: field.storageType,
                isJSON: { if case .json = field.type { return true } else { return false } }(),
                definition: definition))
        }
        var seenColumns: [String: Int] = [:]
        var seenMembers: [String: Int] = [:]
        for column in columns {
            let field = draft.fields[column.fieldIndex]
            let location = draft.fieldDeclarations[column.fieldIndex]?.column?.location ?? field.location
            if let other = seenColumns[column.name.lowercased()], other != column.fieldIndex {
                diagnostics.error(
                    "column '\(column.name)' of field '\(model).\(field.name)' is already used by field '\(model).\(draft.fields[other].name)'; set a different 'column:'",
                    at: location)
            }
            seenColumns[column.name.lowercased()] = column.fieldIndex
            if let other = seenMembers[column.memberName], other != column.fieldIndex {
                diagnostics.error(
                    "typed column '\(model).Columns.\(column.memberName)' of field '\(model).\(field.name)' collides with field '\(model).\(draft.fields[other].name)'; rename one of them",
                    at: field.location)
            }
            seenMembers[column.memberName] = column.fieldIndex
        }
        draft.columns = columns
        drafts[model] = draft
    }

    /// Key column names of `model`, computable before its columns are resolved.
    func keyColumnNames(of model: String) -> [String] {
        guard let draft = drafts[model] else { return [] }
        let names = draft.declaration.primaryKey?.map(\.value) ?? ["id"]
        return names.map { name in
            let declaration = draft.fieldIndex(named: name).flatMap { draft.fieldDeclarations[$0] }
            return declaration?.column?.value ?? naming.sqlName(name)
        }
    }

    /// Field-level `index: true` first (field order), then the `indexes:` list.
    mutating func resolveIndexes(of model: String) {
        guard var draft = drafts[model] else { return }
        var indexes: [Index] = []
        for (index, declaration) in draft.fieldDeclarations.enumerated() {
            guard let declaration, declaration.isIndexed?.value == true, !draft.fields[index].isTransient else { continue }
            let columns = draft.columns.filter { $0.fieldIndex == index }.map(\.name)
            indexes.append(Index(
                name: draft.tableName + "_" + columns.joined(separator: "_"), table: draft.tableName, columns: columns,
                isUnique: false, location: declaration.isIndexed?.location))
        }
        for declaration in draft.declaration.indexes {
            if declaration.fields.isEmpty {
                diagnostics.error("an index of model '\(model)' names no columns", at: declaration.location)
                continue
            }
            var keys: [IndexKey] = []
            var isComplete = true
            for name in declaration.fields {
                if name.value.contains(".") {
                    if let path = indexPath(for: name, in: draft, model: model) { keys.append(path) } else { isComplete = false }
                } else if let resolved = indexColumns(for: name, in: draft, model: model, context: "index on model '\(model)'") {
                    keys += resolved.map(IndexKey.column)
                } else {
                    isComplete = false
                }
            }
            guard isComplete else { continue }
            let nameParts = keys.map { key in
                if case let .jsonPath(column, path, _) = key { ([column] + path.map(Naming.snakeCase)).joined(separator: "_") } else { key.column }
            }
            let name = declaration.name?.value ?? draft.tableName + "_" + nameParts.joined(separator: "_")
            indexes.append(Index(
                name: name, table: draft.tableName, keys: keys, isUnique: declaration.isUnique,
                location: declaration.name?.location ?? declaration.location))
        }
        draft.indexes = indexes
        drafts[model] = draft
    }

    /// The key of an index on a typed JSON path (`metadata.publisher.city`): a field stored as JSON whose type is an
    /// embeddable, then a field of each embeddable on the way, ending at a scalar. Reports where the path breaks.
    mutating func indexPath(for name: Located<String>, in draft: ModelDraft, model: String) -> IndexKey? {
        let steps = name.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let context = "index path '\(name.value)' of model '\(model)'"
        guard let fieldIndex = draft.fieldIndex(named: steps[0]) else {
            diagnostics.error(
                "\(context) starts at unknown field '\(steps[0])'" + Suggestion.didYouMean(steps[0], among: draft.fields.map(\.name)),
                at: name.location)
            return nil
        }
        let field = draft.fields[fieldIndex]
        guard case let .json(swiftType) = field.type, !field.isTransient,
            case let .object(root)? = JSONShape(type: swiftType, embeddables: Set(embeddables.keys))
        else {
            diagnostics.error(
                "\(context) starts at field '\(field.name)', which is not stored as JSON with an embeddable type; "
                    + "a path index needs a field like '{ type: Metadata, storage: json }'", at: name.location)
            return nil
        }
        var current = root
        var keys: [String] = []
        for (position, step) in steps.dropFirst().enumerated() {
            let fields = embeddables[current]?.fields ?? []
            guard let member = fields.first(where: { $0.name == step }) else {
                diagnostics.error(
                    "\(context): '\(step)' is not a field of embeddable '\(current)'" + Suggestion.didYouMean(step, among: fields.map(\.name)),
                    at: name.location)
                return nil
            }
            keys.append(member.swiftName)
            let isLast = position == steps.count - 2
            switch member.type {
            case let .scalar(scalar) where isLast:
                guard let kind = scalar.jsonScalarKind else {
                    diagnostics.error(
                        "\(context) ends at a \(scalar.rawValue), which JSON does not hold in a form SQL compares exactly; index a scalar of another type",
                        at: name.location)
                    return nil
                }
                guard let column = draft.columns.first(where: { $0.fieldIndex == fieldIndex })?.name else { return nil }
                return .jsonPath(column: column, keys: keys, kind: kind)
            case let .json(memberType) where !isLast:
                if case let .object(next)? = JSONShape(type: memberType, embeddables: Set(embeddables.keys)) {
                    current = next
                    continue
                }
                fallthrough
            default:
                diagnostics.error(
                    "\(context): '\(step)' (\(member.swiftType)) \(isLast ? "is not a scalar; an index path ends at a scalar field" : "is not an embeddable, so the path cannot go on")",
                    at: name.location)
                return nil
            }
        }
        diagnostics.error("\(context) names no field inside '\(steps[0])'", at: name.location)
        return nil
    }

    /// The columns an index or migration names by field (or column) name; reports unknown and transient fields.
    mutating func indexColumns(for name: Located<String>, in draft: ModelDraft, model: String, context: String) -> [String]? {
        if let index = draft.fieldIndex(named: name.value) {
            if draft.fields[index].isTransient {
                diagnostics.error(
                    "\(context) names transient field '\(name.value)'; transient fields are not stored", at: name.location)
                return nil
            }
            return draft.columns.filter { $0.fieldIndex == index }.map(\.name)
        }
        if let column = draft.columns.first(where: { $0.name == name.value }) {
            return [column.name]
        }
        if draft.declaresUnresolvedField(name.value) { return nil }
        diagnostics.error(
            "\(context) names unknown field '\(name.value)'" + Suggestion.didYouMean(name.value, among: draft.fields.map(\.name)),
            at: name.location)
        return nil
    }

    /// Table names are unique across models and join tables (SQLite compares them case-insensitively).
    mutating func checkTableNames() {
        var owners: [String: String] = [:]
        for model in sortedModelNames {
            guard let draft = drafts[model] else { continue }
            let location = draft.declaration.table?.location ?? draft.declaration.name.location
            if draft.tableName.lowercased().hasPrefix("sqlite_") {
                diagnostics.error("table name '\(draft.tableName)' of model '\(model)' is reserved by SQLite (prefix 'sqlite_')", at: location)
            }
            if let owner = owners[draft.tableName.lowercased()] {
                diagnostics.error(
                    "table '\(draft.tableName)' of model '\(model)' is already used by model '\(owner)'; set a different 'table:'",
                    at: location)
            }
            owners[draft.tableName.lowercased()] = model
        }
    }

    /// Index names share one namespace per database, with tables.
    mutating func checkIndexNames() {
        var owners: [String: String] = [:]
        let tableNames = Set(drafts.values.map { $0.tableName.lowercased() } + joinTables.map { $0.table.name.lowercased() })
        for model in sortedModelNames {
            guard let draft = drafts[model] else { continue }
            for index in draft.indexes {
                let declared = draft.declaration.indexes.first { $0.name?.value == index.name }
                let location = declared?.name?.location ?? draft.declaration.name.location
                if let owner = owners[index.name.lowercased()] {
                    diagnostics.error(
                        "index name '\(index.name)' on model '\(model)' is already used by an index on '\(owner)'; set a different 'name:'",
                        at: location)
                } else if tableNames.contains(index.name.lowercased()) {
                    diagnostics.error("index name '\(index.name)' on model '\(model)' is also a table name; set a different 'name:'", at: location)
                }
                owners[index.name.lowercased()] = model
            }
        }
        for join in joinTables {
            for index in join.table.indexes {
                guard let location = index.location ?? join.table.location else { continue }
                if let owner = owners[index.name.lowercased()] {
                    diagnostics.error(
                        "index name '\(index.name)' of join table '\(join.table.name)' is already used by an index on '\(owner)'; "
                            + "set a different 'name:'", at: location)
                } else if tableNames.contains(index.name.lowercased()) {
                    diagnostics.error(
                        "index name '\(index.name)' of join table '\(join.table.name)' is also a table name; set a different 'name:'",
                        at: location)
                }
                owners[index.name.lowercased()] = join.table.name
            }
        }
    }
}

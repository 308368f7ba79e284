extension SchemaResolver {
    /// Resolves every model's `results:` (named eager-loading results) once relations are known: names, the
    /// relations they load, the types they load them as, and no result nesting itself.
    mutating func resolveResults() {
        let owners = collectResultNames()
        for model in sortedModelNames {
            guard var draft = drafts[model] else { continue }
            draft.results = draft.declaration.results.compactMap { declaration in
                guard owners[declaration.name.value]?.model == model else { return nil }
                return resolveResult(declaration, of: draft, owners: owners)
            }
            drafts[model] = draft
        }
        reportResultCycles()
    }

    /// Result names to the model declaring them and where; reports invalid and duplicate names.
    private mutating func collectResultNames() -> [String: (model: String, location: SchemaLocation)] {
        var owners: [String: (model: String, location: SchemaLocation)] = [:]
        let otherTypes = Set(drafts.keys).union(embeddables.keys)
        for model in sortedModelNames {
            for declaration in drafts[model]?.declaration.results ?? [] {
                let name = declaration.name
                guard checkTypeName(name, kind: "result") else { continue }
                if otherTypes.contains(name.value) {
                    diagnostics.error("result '\(name.value)' has the name of a model or embeddable; rename the result", at: name.location)
                } else if let first = owners[name.value] {
                    reportDuplicate("result '\(name.value)'", at: name.location, first: first.location)
                } else {
                    owners[name.value] = (model, name.location)
                }
            }
        }
        return owners
    }

    private mutating func resolveResult(
        _ declaration: ResultDeclaration, of draft: ModelDraft, owners: [String: (model: String, location: SchemaLocation)]
    ) -> EagerResultModel? {
        let path = "result '\(draft.name).\(declaration.name.value)'"
        guard !declaration.members.isEmpty else {
            diagnostics.error("\(path) loads no relation; list at least one of '\(draft.name)'", at: declaration.name.location)
            return nil
        }
        if draft.fields.contains(where: { field in
            guard field.name == "relations", case .enumeration = field.type else { return false }
            return true
        }) {
            diagnostics.error(
                "\(path) needs '\(draft.name).Relations', which the enum field 'relations' takes; rename the field", at: declaration.name.location)
            return nil
        }
        let recordProperty = Naming.lowerFirstWord(draft.name)
        var seen: Set<String> = []
        var members: [EagerResultModel.Member] = []
        for member in declaration.members {
            let name = member.relation
            guard let relation = draft.relations.first(where: { $0.name == name.value }) else {
                diagnostics.error(
                    "\(path) loads '\(name.value)', which is not a relation of '\(draft.name)'"
                        + Suggestion.didYouMean(name.value, among: draft.declaration.relations.map(\.name.value)),
                    at: name.location)
                continue
            }
            guard seen.insert(name.value).inserted else {
                diagnostics.error("\(path) loads '\(name.value)' twice; list each relation once", at: name.location)
                continue
            }
            guard name.value != recordProperty else {
                diagnostics.error(
                    "\(path) cannot load '\(name.value)': the result names its '\(draft.name)' record '\(recordProperty)'; rename the relation",
                    at: name.location)
                continue
            }
            guard relation.isSingleColumn, let target = drafts.values.first(where: { $0.tableName == relation.targetTable }) else {
                diagnostics.error(
                    "\(path) cannot load '\(name.value)': only relations that link one column to one column are loaded", at: name.location)
                continue
            }
            var element = target.name
            var isResult = false
            if let type = member.type, type.value != target.name {
                let targetResults = target.declaration.results.map(\.name.value)
                guard owners[type.value]?.model == target.name else {
                    diagnostics.error(
                        "\(path) loads '\(name.value)' as '\(type.value)', which is neither '\(target.name)' nor a result of it"
                            + Suggestion.didYouMean(type.value, among: [target.name] + targetResults),
                        at: type.location)
                    continue
                }
                element = type.value
                isResult = true
            }
            members.append(EagerResultModel.Member(
                relation: name.value, shape: relation.loadedShape, elementType: element, isResult: isResult))
        }
        guard members.count == declaration.members.count else { return nil }
        return EagerResultModel(
            name: declaration.name.value, recordProperty: recordProperty, members: members, location: declaration.name.location)
    }

    /// Reports results that nest themselves (`A` loads `B`, which loads `A`): their types and loading would never end.
    private mutating func reportResultCycles() {
        let results = drafts.values.flatMap(\.results)
        let nested = Dictionary(uniqueKeysWithValues: results.map { result in
            (result.name, result.members.filter(\.isResult).map(\.elementType))
        })
        for result in results.sorted(by: { $0.name < $1.name }) {
            var stack = nested[result.name] ?? []
            var visited: Set<String> = []
            while let next = stack.popLast() {
                if next == result.name {
                    diagnostics.error(
                        "result '\(result.name)' nests itself through its relations; a result cannot load itself at any depth",
                        at: result.location)
                    break
                }
                if visited.insert(next).inserted { stack += nested[next] ?? [] }
            }
        }
    }
}

extension Relation {
    /// Whether the relation links one column to one column (what generated relation values follow).
    var isSingleColumn: Bool {
        switch kind {
        case let .belongsTo(columns, targetColumns, _), let .hasMany(columns, targetColumns), let .hasOne(columns, targetColumns):
            columns.count == 1 && targetColumns.count == 1
        case let .manyToMany(_, columns, joinColumns, targetColumns, joinTargetColumns, _):
            columns.count == 1 && joinColumns.count == 1 && targetColumns.count == 1 && joinTargetColumns.count == 1
        }
    }

    /// What eager loading attaches to each owner.
    var loadedShape: EagerResultModel.Shape {
        switch kind {
        case let .belongsTo(_, _, isOptional): isOptional ? .optional : .one
        case .hasOne: .optional
        case .hasMany, .manyToMany: .many
        }
    }
}

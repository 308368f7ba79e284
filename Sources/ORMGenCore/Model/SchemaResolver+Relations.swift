extension SchemaResolver {
    /// Adds (or reuses) the foreign-key field of every `belongsTo` relation of `model`.
    mutating func resolveBelongsTo(of model: String) {
        guard var draft = drafts[model] else { return }
        for relation in draft.declaration.relations {
            let path = "\(model).\(relation.name.value)"
            guard relation.kind == .belongsTo, Naming.isIdentifier(relation.name.value),
                let target = knownTarget(relation, path: path)
            else { continue }
            guard let targetKey = keyType(of: target) else {
                diagnostics.error(
                    "belongsTo relation '\(path)' needs model '\(target)' to have a single-field primary key",
                    at: relation.target.location)
                continue
            }
            let isOptional = relation.isOptional?.value ?? false
            let onDelete = action(relation.onDelete, path: path, isOptional: isOptional)
            let onUpdate = action(relation.onUpdate, path: path, isOptional: isOptional)
            let fieldName = relation.foreignKey?.value ?? relation.name.value + foreignKeySuffix(of: target)
            guard Naming.isIdentifier(fieldName) else {
                diagnostics.error(
                    "foreign key '\(fieldName)' of relation '\(path)' is not a valid field name",
                    at: relation.foreignKey?.location ?? relation.name.location)
                continue
            }
            let pending = PendingReference(
                relation: relation.name.value, target: target, onDelete: onDelete, onUpdate: onUpdate, isOptional: isOptional)
            if let index = draft.fieldIndex(named: fieldName) {
                let existing = draft.fields[index]
                if existing.storage != targetKey.storage {
                    diagnostics.error(
                        "field '\(model).\(fieldName)' stores its values as '\(existing.storageName ?? "")' but the key of '\(target)' as '\(targetKey.storageName ?? "")'; give the foreign key the key's 'storage:' so they compare",
                        at: relation.foreignKey?.location ?? relation.name.location)
                    continue
                }
                if existing.type.swiftType != targetKey.type.swiftType || existing.isOptional != isOptional || draft.references[index] != nil {
                    diagnostics.error(
                        "field '\(model).\(fieldName)' cannot hold the foreign key of relation '\(path)': it must have type '\(targetKey.type.swiftType.split(separator: ".").last ?? "")\(isOptional ? "?" : "")' and no other relation; set 'foreignKey:' to another name",
                        at: relation.foreignKey?.location ?? relation.name.location)
                    continue
                }
                draft.references[index] = pending
                continue
            }
            var field = Field(
                name: fieldName, swiftName: Naming.propertyName(for: fieldName), type: targetKey.type, isOptional: isOptional,
                defaultValue: nil, isTransient: false, location: relation.name.location)
            field.storage = targetKey.storage
            field.sqlType = targetKey.sqlType
            draft.fields.append(field)
            draft.fieldDeclarations.append(nil)
            draft.references[draft.fields.count - 1] = pending
        }
        drafts[model] = draft
    }

    private mutating func knownTarget(_ relation: RelationDeclaration, path: String) -> String? {
        let target = relation.target.value
        guard drafts[target] != nil else {
            var message = "relation '\(path)' refers to unknown model '\(target)'"
            if embeddables[target] != nil {
                message += "; '\(target)' is an embeddable, use a field with 'embedded: true'"
            } else {
                message += Suggestion.didYouMean(target, among: sortedModelNames)
            }
            diagnostics.error(message, at: relation.target.location)
            return nil
        }
        return target
    }

    private mutating func action(_ value: Located<String>?, path: String, isOptional: Bool) -> ForeignKeyAction {
        guard let value else { return .noAction }
        guard let action = ForeignKeyAction(rawValue: value.value) else {
            let names = ForeignKeyAction.allCases.map(\.rawValue)
            let hint = Suggestion.didYouMean(value.value, among: names)
            diagnostics.error(
                "unknown action '\(value.value)' for relation '\(path)'"
                    + (hint.isEmpty ? "; use one of \(names.joined(separator: ", "))" : hint), at: value.location)
            return .noAction
        }
        if action == .setNull && !isOptional {
            diagnostics.error(
                "relation '\(path)' uses setNull but is not optional; add 'optional: true' or choose another action",
                at: value.location)
        }
        return action
    }

    /// Relation metadata in declaration order, plus join tables for `manyToMany`.
    mutating func resolveOtherRelations(of model: String) {
        guard var draft = drafts[model] else { return }
        var seen: [String: SchemaLocation] = [:]
        for relation in draft.declaration.relations {
            let path = "\(model).\(relation.name.value)"
            guard Naming.isIdentifier(relation.name.value) else {
                diagnostics.error(
                    "'\(relation.name.value)' is not a valid relation name; use letters, digits and underscores, not starting with a digit",
                    at: relation.name.location)
                continue
            }
            if let first = seen[relation.name.value] {
                reportDuplicate("relation '\(path)'", at: relation.name.location, first: first)
                continue
            }
            seen[relation.name.value] = relation.name.location
            if draft.fieldIndex(named: relation.name.value) != nil && relation.kind != .belongsTo {
                diagnostics.warning(
                    "relation '\(path)' has the name of a field of '\(model)'; rename one of them to keep them apart",
                    at: relation.name.location)
            }
            guard let target = drafts[relation.target.value] else {
                if relation.kind != .belongsTo { _ = knownTarget(relation, path: path) }
                continue
            }
            let targetName = target.name
            switch relation.kind {
            case .belongsTo:
                guard let index = draft.references.first(where: { $0.value.relation == relation.name.value })?.key,
                    let column = draft.columnName(ofField: index)
                else { continue }
                draft.relations.append(Relation(
                    name: relation.name.value, targetTable: target.tableName,
                    kind: .belongsTo(columns: [column], targetColumns: keyColumnNames(of: targetName),
                                     isOptional: relation.isOptional?.value ?? false)))
            case .hasMany, .hasOne:
                guard let foreignColumn = inverseColumn(of: relation, model: model, target: target, path: path) else { continue }
                let columns = keyColumnNames(of: model)
                let kind: RelationKindModel = relation.kind == .hasMany
                    ? .hasMany(columns: columns, targetColumns: [foreignColumn])
                    : .hasOne(columns: columns, targetColumns: [foreignColumn])
                draft.relations.append(Relation(name: relation.name.value, targetTable: target.tableName, kind: kind))
            case .manyToMany:
                if let through = relation.through, let joinModel = modelTable(named: through.value) {
                    if let declared = relation.indexes?.first {
                        diagnostics.error(
                            "'indexes' of relation '\(path)' do not apply when 'through' names a model; declare them in the indexes of "
                                + "model '\(through.value)'", at: declared.location)
                    }
                    if let link = modelJoin(relation, through: joinModel, model: model, target: targetName, path: path) {
                        draft.relations.append(Relation(
                            name: relation.name.value, targetTable: target.tableName,
                            kind: .manyToMany(
                                joinTable: joinModel.tableName, columns: keyColumnNames(of: model), joinColumns: [link.owner],
                                targetColumns: keyColumnNames(of: targetName), joinTargetColumns: [link.target], positionColumn: nil)))
                    }
                    continue
                }
                drafts[model] = draft
                guard let join = joinTable(for: relation, model: model, target: targetName, path: path) else {
                    draft = drafts[model] ?? draft
                    continue
                }
                draft = drafts[model] ?? draft
                let columns = join.table.columns.map(\.name)
                let isReversed = join.models.first != model
                let ownColumn = isReversed ? columns[1] : columns[0]
                let targetColumn = isReversed ? columns[0] : columns[1]
                draft.relations.append(Relation(
                    name: relation.name.value, targetTable: target.tableName,
                    kind: .manyToMany(
                        joinTable: join.table.name, columns: keyColumnNames(of: model), joinColumns: [ownColumn],
                        targetColumns: keyColumnNames(of: targetName), joinTargetColumns: [targetColumn],
                        positionColumn: columns.count > 2 ? columns[2] : nil)))
            }
        }
        drafts[model] = draft
    }

    /// The foreign-key column in `target` that a hasMany/hasOne of `model` follows.
    private mutating func inverseColumn(
        of relation: RelationDeclaration, model: String, target: ModelDraft, path: String
    ) -> String? {
        let candidates = target.declaration.relations.filter { $0.kind == .belongsTo && $0.target.value == model }
        let chosen: RelationDeclaration
        if let inverse = relation.inverse {
            guard let match = candidates.first(where: { $0.name.value == inverse.value }) else {
                diagnostics.error(
                    "inverse '\(inverse.value)' of relation '\(path)' is not a belongsTo relation on '\(target.name)' pointing to '\(model)'"
                        + Suggestion.didYouMean(inverse.value, among: candidates.map(\.name.value)),
                    at: inverse.location)
                return nil
            }
            chosen = match
        } else if candidates.count == 1, let only = candidates.first {
            chosen = only
        } else if candidates.isEmpty {
            diagnostics.error(
                "relation '\(path)' needs a belongsTo relation on '\(target.name)' pointing to '\(model)'; add one to '\(target.name)' or set 'inverse:'",
                at: relation.target.location)
            return nil
        } else {
            diagnostics.error(
                "relation '\(path)' is ambiguous: '\(target.name)' has several belongsTo relations to '\(model)' (\(candidates.map(\.name.value).joined(separator: ", "))); set 'inverse:'",
                at: relation.name.location)
            return nil
        }
        guard let index = target.references.first(where: { $0.value.relation == chosen.name.value })?.key else { return nil }
        return target.columnName(ofField: index)
    }

    /// The model whose name or table is `name`: a `through:` naming a model declared in the schema.
    private func modelTable(named name: String) -> ModelDraft? {
        drafts[name] ?? drafts.values.first { $0.tableName.lowercased() == name.lowercased() }
    }

    /// The join columns of a manyToMany whose `through:` names a model: `ownerColumn` and `targetColumn` must be
    /// columns of that model (and, where they are foreign keys, point to the owner's and the target's tables).
    private mutating func modelJoin(
        _ relation: RelationDeclaration, through joinModel: ModelDraft, model: String, target: String, path: String
    ) -> (owner: String, target: String)? {
        let available = joinModel.columns.map(\.name)
        var found: [String] = []
        for (option, value, pointsTo) in [("ownerColumn", relation.ownerColumn, model), ("targetColumn", relation.targetColumn, target)] {
            guard let value else {
                diagnostics.error(
                    "manyToMany relation '\(path)' goes through model '\(joinModel.name)'; name its column pointing to '\(pointsTo)' with '\(option):'",
                    at: relation.through?.location ?? relation.name.location)
                return nil
            }
            guard let column = joinModel.columns.first(where: { $0.name.lowercased() == value.value.lowercased() }) else {
                diagnostics.error(
                    "'\(option)' of relation '\(path)' names '\(value.value)', which is not a column of model '\(joinModel.name)' (table '\(joinModel.tableName)'); its columns are \(available.joined(separator: ", "))"
                        + Suggestion.didYouMean(value.value, among: available), at: value.location)
                return nil
            }
            if let reference = column.definition.reference, let expected = drafts[pointsTo]?.tableName,
                reference.targetTable.lowercased() != expected.lowercased()
            {
                diagnostics.error(
                    "'\(option)' of relation '\(path)' names '\(column.name)', which references '\(reference.targetTable)', not '\(expected)'",
                    at: value.location)
                return nil
            }
            found.append(column.name)
        }
        return (found[0], found[1])
    }

    /// Creates the join table of a manyToMany relation, or reuses the one its reverse relation declared. An existing
    /// join table names its columns (`ownerColumn`, `targetColumn`) and delete action (`onDelete`, default cascade);
    /// ormgen then adds no index to it.
    private mutating func joinTable(for relation: RelationDeclaration, model: String, target: String, path: String) -> JoinTable? {
        guard let source = drafts[model], let destination = drafts[target] else { return nil }
        guard let sourceKey = keyType(of: model), let targetKey = keyType(of: target) else {
            diagnostics.error(
                "manyToMany relation '\(path)' needs '\(model)' and '\(target)' to have single-field primary keys",
                at: relation.target.location)
            return nil
        }
        let name = relation.through?.value ?? source.tableName + "_" + Naming.snakeCase(relation.name.value)
        if let existing = joinTables.first(where: { $0.table.name.lowercased() == name.lowercased() }) {
            if existing.models == [target, model] && model != target {
                if let declared = relation.indexes?.first {
                    diagnostics.error(
                        "join table '\(name)' is declared by relation '\(existing.models[0]).…' too; declare its 'indexes' on one of "
                            + "the two relations", at: declared.location)
                }
                return existing
            }
            diagnostics.error(
                "join table '\(name)' of relation '\(path)' is already used by another relation; set a different 'through:'",
                at: relation.through?.location ?? relation.name.location)
            return nil
        }
        if drafts.values.contains(where: { $0.tableName.lowercased() == name.lowercased() }) {
            diagnostics.error(
                "join table '\(name)' of relation '\(path)' has the name of a model's table; set a different 'through:'",
                at: relation.through?.location ?? relation.name.location)
            return nil
        }
        let sourceKeyColumns = keyColumnNames(of: model)
        let targetKeyColumns = keyColumnNames(of: target)
        let ownColumn = relation.ownerColumn?.value ?? naming.sqlName(model) + "_" + (sourceKeyColumns.first ?? "id")
        var targetColumn = relation.targetColumn?.value ?? naming.sqlName(target) + "_" + (targetKeyColumns.first ?? "id")
        if targetColumn == ownColumn && relation.targetColumn == nil {
            targetColumn = naming.sqlName(relation.name.value) + "_" + (targetKeyColumns.first ?? "id")
            if targetColumn == ownColumn { targetColumn = "related_" + targetColumn }
        }
        if targetColumn.lowercased() == ownColumn.lowercased() {
            diagnostics.error(
                "manyToMany relation '\(path)' uses column '\(ownColumn)' for both sides of its join table; set different 'ownerColumn:' and 'targetColumn:'",
                at: relation.targetColumn?.location ?? relation.name.location)
            return nil
        }
        let deleteAction = relation.onDelete == nil ? ForeignKeyAction.cascade : action(relation.onDelete, path: path, isOptional: false)
        let ownReference = ForeignKey(
            columns: [ownColumn], targetTable: source.tableName, targetColumns: sourceKeyColumns, onDelete: deleteAction, onUpdate: .noAction)
        let targetReference = ForeignKey(
            columns: [targetColumn], targetTable: destination.tableName, targetColumns: targetKeyColumns, onDelete: deleteAction,
            onUpdate: .noAction)
        var columns = [
            ColumnDefinition(
                name: ownColumn, sqlType: keySQLType(of: model, key: sourceKey), content: keyContent(of: model, key: sourceKey),
                isNullable: false, reference: ownReference, location: relation.ownerColumn?.location ?? relation.name.location),
            ColumnDefinition(
                name: targetColumn, sqlType: keySQLType(of: target, key: targetKey), content: keyContent(of: target, key: targetKey),
                isNullable: false, reference: targetReference, location: relation.targetColumn?.location ?? relation.name.location),
        ]
        // The key's declared type too, so an engine that honours it (PostgreSQL's `INTEGER`) types both alike.
        columns[0].declaredType = keyDeclaredType(of: model)
        columns[1].declaredType = keyDeclaredType(of: target)
        if relation.isOrdered?.value == true {
            columns.append(ColumnDefinition(
                name: "position", sqlType: "INTEGER", content: .scalar(.int, storage: nil), isNullable: false,
                defaultValue: .value(stored: .integer(0), wire: .integer(0)), location: relation.isOrdered?.location))
        }
        let table = Table(
            name: name, columns: columns, primaryKey: [ownColumn, targetColumn], isAutoIncrement: false,
            indexes: relation.indexes.map { joinIndexes($0, table: name, columns: columns.map(\.name), path: path) }
                ?? (relation.ownerColumn == nil && relation.targetColumn == nil
                    ? [Index(name: name + "_" + targetColumn, table: name, columns: [targetColumn], isUnique: false, location: relation.name.location)]
                    : []),
            foreignKeys: [ownReference, targetReference], relations: [], modelName: nil,
            location: relation.through?.location ?? relation.name.location)
        let join = JoinTable(memberName: Self.memberName(forTable: name), table: table, models: [model, target])
        joinTables.append(join)
        return join
    }

    /// The join table's declared indexes, by column name (`[TrackId]`, `{ columns: [a, b], unique: true, name: n }`);
    /// an index naming a column the join table does not have is reported and left out.
    private mutating func joinIndexes(_ declared: [IndexDeclaration], table: String, columns: [String], path: String) -> [Index] {
        declared.compactMap { declaration in
            var names: [String] = []
            for field in declaration.fields {
                guard let column = columns.first(where: { $0.lowercased() == field.value.lowercased() }) else {
                    diagnostics.error(
                        "an index of relation '\(path)' names '\(field.value)', which is not a column of join table '\(table)' "
                            + "(\(columns.joined(separator: ", ")))" + Suggestion.didYouMean(field.value, among: columns),
                        at: field.location)
                    return nil
                }
                names.append(column)
            }
            guard !names.isEmpty else {
                diagnostics.error("an index of relation '\(path)' names no columns", at: declaration.location)
                return nil
            }
            return Index(
                name: declaration.name?.value ?? table + "_" + names.joined(separator: "_"), table: table, columns: names,
                isUnique: declaration.isUnique, location: declaration.name?.location ?? declaration.location)
        }
    }

    /// The declared SQL type of `model`'s single key column (its `sqlType:` or storage type when it has one).
    private func keySQLType(of model: String, key: Field) -> String {
        let keyColumn = keyColumnNames(of: model).first
        return drafts[model]?.columns.first { $0.name == keyColumn }?.definition.sqlType ?? key.type.sqlType
    }

    /// The `sqlType:` of `model`'s single key column, if it declares one.
    private func keyDeclaredType(of model: String) -> String? {
        let keyColumn = keyColumnNames(of: model).first
        return drafts[model]?.columns.first { $0.name == keyColumn }?.definition.declaredType
    }

    /// What `model`'s single key column holds (a join table's column pointing to it holds the same).
    private func keyContent(of model: String, key: Field) -> ColumnContent {
        let keyColumn = keyColumnNames(of: model).first
        return drafts[model]?.columns.first { $0.name == keyColumn }?.definition.content ?? key.content ?? .json
    }

    /// `book_readers` → `bookReaders`, avoiding the schema enum's own members.
    static func memberName(forTable name: String) -> String {
        let parts = name.split(whereSeparator: { !($0.isLetter || $0.isNumber) || !$0.isASCII })
        var result = parts.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : Naming.upperFirst($0.element.lowercased()) }
            .joined()
        if result.isEmpty || result.first?.isNumber == true { result = "table" + Naming.upperFirst(result) }
        if ["version", "tables", "migrations", "seed", "createStatements"].contains(result) { result += "Table" }
        return result
    }
}

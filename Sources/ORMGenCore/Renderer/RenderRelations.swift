extension SwiftRenderer {
    /// The relation values of a model (`enum Relations`), mirrored as static members (`Book.author`) and
    /// instance accessors (`book.author`) unless the name collides with a field, a typed column, a nested
    /// type or the runtime's API. Relations whose columns cannot be followed by a single field (no single
    /// key) are left to their `RelationSchema` metadata.
    func renderRelations(_ model: Model, into writer: inout CodeWriter) {
        let relations = model.table.relations.enumerated().compactMap { index, relation in
            renderedRelation(relation, index: index, of: model)
        }
        // A nested enum named `Relations` (from a field called `relations`) keeps the name.
        guard !relations.isEmpty, !model.enums.contains(where: { $0.typeName == "Relations" }) else { return }
        let typeName = Naming.swift(model.name)
        writer.line()
        writer.block("extension \(typeName) {") { writer in
            writer.line("/// Relations for navigation, joins, relation filters, eager loading and graph saves. Also mirrored as static")
            writer.line("/// members (`\(model.name).\(relations[0].name)`) and instance accessors unless the name is taken by a field or the runtime.")
            writer.block("\(modifier)enum Relations {") { writer in
                for relation in relations {
                    writer.line("\(modifier)static let \(Naming.swift(relation.name)) = \(relation.type)(\(relation.arguments))")
                }
            }
            let taken = reservedMemberNames(of: model)
            let mirrored = relations.filter { !taken.contains($0.name) }
            for relation in mirrored {
                let name = Naming.swift(relation.name)
                writer.line()
                writer.line("\(modifier)static var \(name): \(relation.type) { Relations.\(name) }")
                writer.line("\(modifier)var \(name): \(relation.accessorType) { \(relation.accessorBody(name)) }")
            }
        }
    }

    /// Names a relation mirror must not take: fields, typed columns, nested types, `id`, runtime API.
    private func reservedMemberNames(of model: Model) -> Set<String> {
        var names = Naming.runtimeAPINames.union(["id", "Relations"])
        names.formUnion(model.fields.map(\.swiftName))
        names.formUnion(model.columns.map(\.memberName))
        names.formUnion(model.enums.map(\.typeName))
        return names
    }

    private func renderedRelation(_ relation: Relation, index: Int, of model: Model) -> RenderedRelation? {
        guard let target = schema.models.first(where: { $0.table.name == relation.targetTable }) else { return nil }
        let owner = Naming.swift(model.name)
        let targetName = Naming.swift(target.name)
        let types = "<\(owner), \(targetName)>"
        let schemaArgument = "\(owner).schema.relations[\(index)]"
        switch relation.kind {
        case let .belongsTo(columns, targetColumns, isOptional):
            guard let ownerField = singleField(columns, in: model), let targetField = singleField(targetColumns, in: target) else { return nil }
            return RenderedRelation(
                name: relation.name, type: "ORMKit.\(isOptional ? "OptionalBelongsTo" : "BelongsTo")\(types)",
                arguments: "\(schemaArgument), ownerKey: \(ownerField), targetKey: \(targetField)",
                membersType: nil, ownerName: owner, targetName: targetName)
        case let .hasMany(columns, targetColumns), let .hasOne(columns, targetColumns):
            guard let ownerField = singleField(columns, in: model), let targetField = singleField(targetColumns, in: target) else { return nil }
            let alias = if case .hasMany = relation.kind { "HasMany" } else { "HasOne" }
            return RenderedRelation(
                name: relation.name, type: "ORMKit.\(alias)\(types)",
                arguments: "\(schemaArgument), ownerKey: \(ownerField), targetKey: \(targetField), "
                    + "assign: { $0.\(targetField.name) = $1\(targetField.storedKey == nil ? "" : ".value") }",
                membersType: nil, ownerName: owner, targetName: targetName)
        case let .manyToMany(_, columns, _, targetColumns, _, positionColumn):
            guard let ownerField = singleField(columns, in: model), let targetField = singleField(targetColumns, in: target) else { return nil }
            let ordered = positionColumn == nil ? "" : "Ordered"
            return RenderedRelation(
                name: relation.name, type: "ORMKit.\(ordered)ManyToMany\(types)",
                arguments: "\(schemaArgument), ownerKey: \(ownerField), targetKey: \(targetField)",
                membersType: "ORMKit.\(ordered)ManyToManyRecords", ownerName: owner, targetName: targetName)
        }
    }

    /// The Swift property (escaped) holding the one column in `columns`, with the key type that wraps it when the
    /// field declares a storage; nil when there is no single such column.
    private func singleField(_ columns: [String], in model: Model) -> KeyField? {
        guard columns.count == 1, let column = model.columns.first(where: { $0.name == columns[0] }), column.subfield == nil else {
            return nil
        }
        let field = model.fields[column.fieldIndex]
        guard case let .scalar(scalar) = field.type, let storage = field.storage?.runtimeType(for: scalar) else {
            return KeyField(name: Naming.swift(field.swiftName), storedKey: nil, isOptional: field.isOptional)
        }
        return KeyField(name: Naming.swift(field.swiftName), storedKey: "ORMKit.StoredKey<\(storage)>", isOptional: field.isOptional)
    }
}

/// A relation's key field as the relation reads it: `{ $0.id }`, or wrapped in `ORMKit.StoredKey<Storage>` for a
/// declared storage, so navigation and eager loading bind keys as the column stores them.
private struct KeyField: CustomStringConvertible {
    var name: String
    var storedKey: String?
    var isOptional: Bool

    /// The key closure.
    var description: String {
        guard let storedKey else { return "{ $0.\(name) }" }
        return isOptional ? "{ $0.\(name).map(\(storedKey).init) }" : "{ \(storedKey)($0.\(name)) }"
    }
}

/// One relation as the generated code spells it.
private struct RenderedRelation {
    var name: String
    /// `ORMKit.BelongsTo<Book, Author>`.
    var type: String
    /// The initializer's arguments.
    var arguments: String
    /// `ORMKit.ManyToManyRecords` or `ORMKit.OrderedManyToManyRecords` for a many-to-many relation, else nil.
    var membersType: String?
    var ownerName: String
    var targetName: String

    /// The instance accessor's type: a request, or the members of a many-to-many relation.
    var accessorType: String {
        membersType.map { "\($0)<\(ownerName), \(targetName)>" } ?? "ORMKit.QueryRequest<\(targetName)>"
    }

    func accessorBody(_ escapedName: String) -> String {
        membersType.map { "\($0)(Relations.\(escapedName), owner: self)" } ?? "Relations.\(escapedName).request(for: self)"
    }
}

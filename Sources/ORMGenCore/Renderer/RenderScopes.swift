extension SwiftRenderer {
    /// The model's named scopes (`scopes:`): a static request on the model and the same filter on its requests, so
    /// scopes chain with each other and with every query method (`Book.published.recent(since: date).order(…)`).
    func renderScopes(_ model: Model, into writer: inout CodeWriter) {
        guard !model.scopes.isEmpty else { return }
        let typeName = Naming.swift(model.name)
        writer.line()
        writer.block("extension \(typeName) {") { writer in
            for (index, scope) in model.scopes.enumerated() {
                if index > 0 { writer.line() }
                writer.line("/// Scope `\(scope.name)` (\(model.sourcePath)): `\(scope.summary)`.")
                let (declaration, call) = signature(scope)
                let request = "ORMKit.QueryRequest<\(typeName)>"
                writer.line("\(modifier)static \(declaration(request)) { all().\(call) }")
            }
        }
        writer.line()
        writer.block("extension ORMKit.QueryRequest where R == \(typeName) {") { writer in
            for (index, scope) in model.scopes.enumerated() {
                if index > 0 { writer.line() }
                writer.line("/// Keeps the rows of scope `\(scope.name)` (\(model.sourcePath)): `\(scope.summary)`.")
                let filters = scope.conditions.map { "filter(\($0))" }.joined(separator: ".")
                writer.line("\(modifier)\(signature(scope).declaration("Self")) { \(filters) }")
            }
        }
    }

    /// What a model whose reads filter rows implements of `Record` (inside its conformance): its default scope,
    /// its soft-delete column, and the key conditions its reads and deletes by key use.
    func renderScopedReads(_ model: Model, into writer: inout CodeWriter) {
        guard model.isScoped else { return }
        let typeName = Naming.swift(model.name)
        if let scope = model.defaultScope {
            writer.line()
            writer.line("/// `defaultScope:` (\(model.sourcePath)): `\(scope.summary)`.")
            writer.block("\(modifier)static var defaultScope: ORMKit.QueryExpression<Swift.Bool>? {") { writer in
                writer.line(scope.conditions.joined(separator: " && "))
            }
        }
        if let softDelete = model.softDeleteColumn {
            let column = "\(typeName).Columns.\(Naming.swift(softDelete))"
            writer.line()
            writer.line("/// `softDelete:` (\(model.sourcePath)): deletes stamp `\(softDelete)`, reads leave stamped rows out.")
            writer.block("\(modifier)static var softDelete: ORMKit.SoftDelete? {") { writer in
                writer.line("ORMKit.SoftDelete(column: \(column), stamp: { \(column).set(to: $0) })")
            }
            let cascades = softDeleteCascades(to: model)
            if !cascades.isEmpty {
                writer.line()
                writer.line("/// `onDelete: cascade` under soft delete: a soft delete stamps the live rows of these children too.")
                writer.block("\(modifier)static var softDeleteCascades: [ORMKit.SoftDeleteCascade] {") { writer in
                    writer.line("[" + cascades.map { "ORMKit.SoftDeleteCascade(\($0))" }.joined(separator: ", ") + "]")
                }
            }
        }
        let keyColumns = keyFieldIndexes(model).compactMap { index in
            model.columns.first { $0.fieldIndex == index && $0.subfield == nil }.map { (model.fields[index], $0) }
        }
        let isComposite: Bool = { if case .composite = model.key { return true } else { return false } }()
        func conditions(_ value: (Field) -> String) -> String {
            keyColumns.map { field, column in "\(typeName).Columns.\(Naming.swift(column.memberName)) == \(value(field))" }
                .joined(separator: " && ")
        }
        writer.line()
        writer.line("/// The row with primary key `key`, for reads and deletes by key (which apply the scope).")
        writer.block("\(modifier)static func keyCondition(_ key: PrimaryKey) -> ORMKit.QueryExpression<Swift.Bool>? {") { writer in
            writer.line(conditions { isComposite ? "key.\(Naming.swift($0.swiftName))" : "key" })
        }
        writer.line()
        writer.line("/// This record's row, for its own deletes.")
        writer.block("\(modifier)var rowCondition: ORMKit.QueryExpression<Swift.Bool>? {") { writer in
            if case .autoIncrement = model.key, let (field, column) = keyColumns.first {
                // nil until inserted: no row (`IN ()` is false).
                let member = "\(typeName).Columns.\(Naming.swift(column.memberName))"
                writer.line("\(member).`in`([self.\(Naming.swift(field.swiftName))].compactMap { $0 })")
            } else {
                writer.line(conditions { "self.\(Naming.swift($0.swiftName))" })
            }
        }
    }

    /// `var name: T` or `func name(_ a: A) -> T` for a scope returning `T`, and the call that forwards to it.
    private func signature(_ scope: ScopeModel) -> (declaration: (String) -> String, call: String) {
        let name = Naming.swift(scope.name)
        guard !scope.parameters.isEmpty else { return ({ "var \(name): \($0)" }, name) }
        let isSingle = scope.parameters.count == 1
        let parameters = scope.parameters.map { parameter in
            (isSingle ? "_ " : "") + "\(Naming.swift(parameter.name)): \(parameter.swiftType)"
        }
        let arguments = scope.parameters.map { parameter in
            (isSingle ? "" : "\(Naming.argumentLabel(parameter.name)): ") + Naming.swift(parameter.name)
        }
        return (
            { "func \(name)(\(parameters.joined(separator: ", "))) -> \($0)" },
            "\(name)(\(arguments.joined(separator: ", ")))"
        )
    }

    /// The `belongsTo` relations (`Child.Relations.owner`) of models with `softDelete:` whose foreign key to `model`
    /// has `onDelete: cascade`: the children a soft delete of `model` stamps.
    private func softDeleteCascades(to model: Model) -> [String] {
        schema.models.flatMap { child -> [String] in
            guard child.softDeleteColumn != nil, !child.enums.contains(where: { $0.typeName == "Relations" }) else { return [] }
            return child.table.relations.compactMap { relation in
                guard case let .belongsTo(columns, _, _) = relation.kind, relation.targetTable == model.table.name,
                    child.table.foreignKeys.contains(where: { $0.columns == columns && $0.onDelete == .cascade })
                else { return nil }
                return "\(Naming.swift(child.name)).Relations.\(Naming.swift(relation.name))"
            }
        }
    }
}

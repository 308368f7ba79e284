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

    /// The model's default scope and the key condition its reads by key use (`Record.defaultScope`,
    /// `Record.keyCondition(_:)`), inside its `Record` conformance.
    func renderDefaultScope(_ model: Model, into writer: inout CodeWriter) {
        guard let scope = model.defaultScope else { return }
        writer.line()
        writer.line("/// `defaultScope:` (\(model.sourcePath)): `\(scope.summary)`.")
        writer.block("\(modifier)static var defaultScope: ORMKit.QueryExpression<Swift.Bool>? {") { writer in
            writer.line(scope.conditions.joined(separator: " && "))
        }
        writer.line()
        let keyColumns = keyFieldIndexes(model).compactMap { index in
            model.columns.first { $0.fieldIndex == index && $0.subfield == nil }.map { (model.fields[index], $0) }
        }
        let isComposite: Bool = { if case .composite = model.key { return true } else { return false } }()
        let conditions = keyColumns.map { field, column in
            "\(Naming.swift(model.name)).Columns.\(Naming.swift(column.memberName)) == key"
                + (isComposite ? ".\(Naming.swift(field.swiftName))" : "")
        }
        writer.line("/// The row with primary key `key`, for reads by key (which apply the default scope).")
        writer.block("\(modifier)static func keyCondition(_ key: PrimaryKey) -> ORMKit.QueryExpression<Swift.Bool>? {") { writer in
            writer.line(conditions.joined(separator: " && "))
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
}

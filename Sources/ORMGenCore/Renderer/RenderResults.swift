extension SwiftRenderer {
    /// The model's named eager-loading results (`results:`): one struct each, conforming to `ORMKit.EagerResult`.
    func renderResults(_ model: Model, into writer: inout CodeWriter) {
        for result in model.results {
            writer.line()
            renderResult(result, of: model, into: &writer)
        }
    }

    private func renderResult(_ result: EagerResultModel, of model: Model, into writer: inout CodeWriter) {
        let typeName = Naming.swift(model.name)
        let record = Naming.swift(result.recordProperty)
        let members = result.members.map { member in
            (name: Naming.swift(member.relation), type: loadedType(member), member: member)
        }
        let described = members.map { "`\($0.member.relation)`" }.joined(separator: ", ")
        writer.line("/// `\(model.name)` with \(described) loaded eagerly, declared under `results:` in \(model.sourcePath):")
        writer.line("/// `try \(model.name).all().including(\(result.name).self).fetchAll(db)`, one query per relation level.")
        writer.line("@dynamicMemberLookup")
        writer.block("\(modifier)struct \(result.name): ORMKit.EagerResult, Swift.Sendable, Swift.Hashable {") { writer in
            writer.line("\(modifier)var \(record): \(typeName)")
            for member in members {
                writer.line("\(modifier)var \(member.name): \(member.type)")
            }
            writer.line()
            let parameters = [(record, typeName)] + members.map { ($0.name, $0.type) }
            writer.block("\(modifier)init(\(parameters.map { "\($0.0): \($0.1)" }.joined(separator: ", "))) {") { writer in
                for (name, _) in parameters {
                    writer.line("self.\(name) = \(name)")
                }
            }
            writer.line()
            writer.line("/// Reads a property of the \(result.recordProperty): `item.name` is `item.\(result.recordProperty).name`.")
            writer.block("\(modifier)subscript<Property>(dynamicMember keyPath: Swift.KeyPath<\(typeName), Property>) -> Property {") { writer in
                writer.line("\(record)[keyPath: keyPath]")
            }
            writer.line()
            let loaded = pairedType(members.map(\.type))
            writer.block("\(modifier)static var loading: ORMKit.Including<\(typeName), \(loaded)> {") { writer in
                let steps = result.members.map { member in
                    let relation = "\(typeName).Relations.\(Naming.swift(member.relation))"
                    return member.isResult ? "\(relation).including(\(member.elementType).self)" : relation
                }
                let chain = steps.dropFirst().reduce(steps[0] + (steps.count == 1 ? ".eagerLoad" : "")) { "\($0).and(\($1))" }
                writer.line(chain)
            }
            writer.line()
            writer.block("\(modifier)init(record: \(typeName), loaded: \(loaded)) {") { writer in
                let accessors = pairedAccessors(count: members.count, base: "loaded")
                let arguments = [("\(record)", "record")] + zip(members, accessors).map { ($0.name, $1) }
                writer.line("self.init(\(arguments.map { "\($0.0): \($0.1)" }.joined(separator: ", ")))")
            }
        }
    }

    /// `[Book]`, `AuthorProfile?`, `Author`, or the result type in that shape.
    private func loadedType(_ member: EagerResultModel.Member) -> String {
        let element = Naming.swift(member.elementType)
        switch member.shape {
        case .one: return element
        case .optional: return element + "?"
        case .many: return "[\(element)]"
        }
    }
}

/// The type `and(_:)` builds from loading steps in order: `A`, `(A, B)`, `((A, B), C)`.
func pairedType(_ types: [String]) -> String {
    types.dropFirst().reduce(types[0]) { "(\($0), \($1))" }
}

/// How to read each of `count` values out of `pairedType`'s nesting: `loaded` for one; `loaded.0`, `loaded.1`
/// for two; `loaded.0.0`, `loaded.0.1`, `loaded.1` for three.
func pairedAccessors(count: Int, base: String) -> [String] {
    guard count > 1 else { return [base] }
    return pairedAccessors(count: count - 1, base: base + ".0") + [base + ".1"]
}

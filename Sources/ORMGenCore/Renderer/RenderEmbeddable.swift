extension SwiftRenderer {
    func renderEmbeddableFile(_ embeddable: Embeddable) -> String {
        var writer = CodeWriter()
        let usesFoundation = embeddable.fields.contains { $0.type.usesFoundation }
        writeHeader(
            &writer, sources: [embeddable.sourcePath], foundation: usesFoundation ? .inDeclarations : .none,
            ormKit: embeddable.isStoredAsJSON ? .inDeclarations : .inImplementation)
        writer.block("\(modifier)struct \(Naming.swift(embeddable.name)): Swift.Sendable, Swift.Hashable, Swift.Codable {") { writer in
            for field in embeddable.fields {
                writer.line("\(modifier)var \(Naming.swift(field.swiftName)): \(Self.spelledOptional(field.swiftType))")
            }
            writer.line()
            renderMemberwiseInit(
                fields: embeddable.fields.map { ($0, $0.swiftType, $0.defaultValue?.swift ?? ($0.isOptional ? "nil" : nil)) },
                into: &writer)
        }
        if embeddable.isStoredAsJSON { renderJSONPaths(of: embeddable, into: &writer) }
        return writer.text
    }

    /// Typed paths into a JSON column (or path) holding this embeddable, `Book.metadata.publisher.city`: a member per
    /// field, typed `JSONPath<FieldType>`; under an optional embeddable every member is optional.
    private func renderJSONPaths(of embeddable: Embeddable, into writer: inout CodeWriter) {
        let typeName = Naming.swift(embeddable.name)
        for isOptional in [false, true] {
            writer.line()
            writer.line("/// Typed paths into \(isOptional ? "an optional " : "")`\(embeddable.name)` stored as JSON (`storage: json`).")
            writer.block("extension ORMKit.JSONPathExpression where Value == \(typeName)\(isOptional ? "?" : "") {") { writer in
                for field in embeddable.fields {
                    guard let memberType = Self.jsonPathType(of: field) else { continue }
                    let type = isOptional && !field.isOptional ? memberType + "?" : memberType + (field.isOptional ? "?" : "")
                    let refusesNull = isOptional && !field.isOptional ? ", refusesNull: true" : ""
                    writer.line("/// `\(field.name)` inside the JSON.")
                    writer.line(
                        "\(modifier)var \(Naming.swift(field.swiftName)): ORMKit.JSONPath<\(Self.spelledOptional(type))> "
                            + "{ jsonMember(\(SwiftLiteral.string(field.swiftName))\(refusesNull)) }")
                }
            }
        }
    }

    /// The type of a field's path, without optionality; nil for `Data` and `Decimal`, which JSON does not hold in
    /// a form SQL compares exactly.
    private static func jsonPathType(of field: Field) -> String? {
        switch field.type {
        case let .scalar(scalar): scalar.jsonScalarKind == nil ? nil : scalar.swiftName
        case let .json(swiftType): swiftType
        case .enumeration, .embedded, .converter: nil
        }
    }
}

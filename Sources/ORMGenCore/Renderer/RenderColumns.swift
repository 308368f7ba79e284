extension SwiftRenderer {
    func renderColumns(_ model: Model, into writer: inout CodeWriter) {
        let typeName = Naming.swift(model.name)
        writer.block("extension \(typeName) {") { writer in
            writer.line("/// Typed columns for the query builder. Also mirrored as static members (`\(model.name).name`) unless the")
            writer.line("/// name collides with the runtime's query API.")
            writer.block("\(modifier)enum Columns {") { writer in
                for column in model.columns {
                    writer.line(
                        "\(modifier)static let \(Naming.swift(column.memberName)) = ORMKit.Column<\(column.valueSwiftType)>"
                            + "(\(SwiftLiteral.string(column.name)), table: \(SwiftLiteral.string(model.table.name)))")
                }
            }
            let nestedTypes = Set(model.enums.map(\.typeName))
            let mirrored = model.columns.filter {
                !Naming.runtimeAPINames.contains($0.memberName) && !nestedTypes.contains($0.memberName)
            }
            if !mirrored.isEmpty { writer.line() }
            for column in mirrored {
                let name = Naming.swift(column.memberName)
                writer.line("\(modifier)static var \(name): ORMKit.Column<\(column.valueSwiftType)> { Columns.\(name) }")
            }
        }
    }

    func renderEmbeddableFile(_ embeddable: Embeddable) -> String {
        var writer = CodeWriter()
        let usesFoundation = embeddable.fields.contains { $0.type.usesFoundation }
        writeHeader(&writer, sources: [embeddable.sourcePath], foundation: usesFoundation ? .inDeclarations : .none, ormKit: .inImplementation)
        writer.block("\(modifier)struct \(Naming.swift(embeddable.name)): Swift.Sendable, Swift.Hashable, Swift.Codable {") { writer in
            for field in embeddable.fields {
                writer.line("\(modifier)var \(Naming.swift(field.swiftName)): \(field.swiftType)")
            }
            writer.line()
            renderMemberwiseInit(
                fields: embeddable.fields.map { ($0, $0.swiftType, $0.defaultValue?.swift ?? ($0.isOptional ? "nil" : nil)) },
                into: &writer)
        }
        return writer.text
    }
}

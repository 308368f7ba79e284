extension SwiftRenderer {
    func renderEmbeddableFile(_ embeddable: Embeddable) -> String {
        var writer = CodeWriter()
        let usesFoundation = embeddable.fields.contains { $0.type.usesFoundation }
        writeHeader(&writer, sources: [embeddable.sourcePath], foundation: usesFoundation ? .inDeclarations : .none, ormKit: .inImplementation)
        writer.block("\(modifier)struct \(Naming.swift(embeddable.name)): Swift.Sendable, Swift.Hashable, Swift.Codable {") { writer in
            for field in embeddable.fields {
                writer.line("\(modifier)var \(Naming.swift(field.swiftName)): \(Self.spelledOptional(field.swiftType))")
            }
            writer.line()
            renderMemberwiseInit(
                fields: embeddable.fields.map { ($0, $0.swiftType, $0.defaultValue?.swift ?? ($0.isOptional ? "nil" : nil)) },
                into: &writer)
        }
        return writer.text
    }
}

extension SwiftRenderer {
    func renderEnums(_ model: Model, into writer: inout CodeWriter) {
        writer.block("extension \(Naming.swift(model.name)) {") { writer in
            for (offset, enumType) in model.enums.enumerated() {
                if offset > 0 { writer.line() }
                let raw = enumType.isIntegerRaw ? "Swift.Int" : "Swift.String"
                let conformances = [raw, "Swift.Sendable", "Swift.Hashable", "Swift.CaseIterable", "Swift.Codable", "ORMKit.ColumnValue"]
                writer.block("\(modifier)enum \(enumType.typeName): \(conformances.joined(separator: ", ")) {") { writer in
                    for enumCase in enumType.cases {
                        let name = Naming.swift(enumCase.name)
                        if enumType.isIntegerRaw {
                            writer.line("case \(name) = \(enumCase.raw)")
                        } else if enumCase.raw == enumCase.name {
                            writer.line("case \(name)")
                        } else {
                            writer.line("case \(name) = \(SwiftLiteral.string(enumCase.raw))")
                        }
                    }
                }
            }
        }
    }
}

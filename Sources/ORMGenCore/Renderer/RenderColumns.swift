extension SwiftRenderer {
    func renderColumns(_ model: Model, into writer: inout CodeWriter) {
        let typeName = Naming.swift(model.name)
        writer.block("extension \(typeName) {") { writer in
            writer.line("/// Typed columns for the query builder. Also mirrored as static members (`\(model.name).name`) unless the")
            writer.line("/// name collides with the runtime's query API.")
            writer.block("\(modifier)enum Columns {") { writer in
                for column in model.columns {
                    atSchemaLine(of: model.fields[column.fieldIndex], &writer) { writer in
                        writer.line(
                            "\(modifier)static let \(Naming.swift(column.memberName)) = \(column.typedColumnType)"
                                + "(\(SwiftLiteral.string(column.name)), table: \(SwiftLiteral.string(model.table.name)))")
                    }
                }
            }
            let nestedTypes = Set(model.enums.map(\.typeName))
            let mirrored = model.columns.filter {
                !Naming.runtimeAPINames.contains($0.memberName) && !nestedTypes.contains($0.memberName)
            }
            if !mirrored.isEmpty { writer.line() }
            for column in mirrored {
                let name = Naming.swift(column.memberName)
                atSchemaLine(of: model.fields[column.fieldIndex], &writer) { writer in
                    writer.line("\(modifier)static var \(name): \(column.typedColumnType) { Columns.\(name) }")
                }
            }
        }
    }
}

extension Column {
    /// `ORMKit.Column<Value>`, or `ORMKit.StoredColumn<Storage>` for a declared storage.
    var typedColumnType: String {
        storageType.map { "ORMKit.StoredColumn<\($0)>" } ?? "ORMKit.Column<\(valueSwiftType)>"
    }
}

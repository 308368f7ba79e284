extension SwiftRenderer {
    func renderModelFile(_ model: Model) -> String {
        var writer = CodeWriter()
        let usesFoundation = model.isCodable || model.fields.contains { $0.type.usesFoundation }
        writeHeader(&writer, sources: [model.sourcePath], foundation: usesFoundation ? .inDeclarations : .inImplementation)
        renderStruct(model, into: &writer)
        if !model.enums.isEmpty {
            writer.line()
            renderEnums(model, into: &writer)
        }
        writer.line()
        renderRecordConformance(model, into: &writer)
        writer.line()
        renderColumns(model, into: &writer)
        if model.isCodable {
            writer.line()
            renderCodable(model, into: &writer)
        }
        renderRelations(model, into: &writer)
        renderResults(model, into: &writer)
        renderScopes(model, into: &writer)
        return writer.text
    }

    /// The Swift type of a field's stored property (auto-increment keys are optional until inserted).
    func propertyType(_ field: Field, in model: Model) -> String {
        if case let .autoIncrement(index) = model.key, model.fields[index].name == field.name {
            return field.type.swiftType + "?"
        }
        return field.swiftType
    }

    /// The type of a field's stored property declaration: `propertyType`, with an optional spelled
    /// `Swift.Optional<T>`. A `var x: T?` property is implicitly initialized to nil before every initializer runs,
    /// and in a struct of more than a few fields that made Swift 6.3's optimizer keep a copy of the whole value
    /// (a retain and a release of every reference it holds) at the end of each initializer: ~260 instructions per
    /// record decoded in the benchmark's 10-field model. Spelled `Optional<T>`, a property has no implicit value.
    func storedPropertyType(_ field: Field, in model: Model) -> String {
        Self.spelledOptional(propertyType(field, in: model))
    }

    /// `T?` as `Swift.Optional<T>` (see `storedPropertyType`); other types unchanged.
    static func spelledOptional(_ type: String) -> String {
        type.hasSuffix("?") ? "Swift.Optional<\(type.dropLast())>" : type
    }

    /// The init parameter default: the field's default, or `nil` for optional properties.
    func parameterDefault(_ field: Field, in model: Model) -> String? {
        if let value = field.defaultValue { return value.swift }
        return propertyType(field, in: model).hasSuffix("?") ? "nil" : nil
    }

    private func renderStruct(_ model: Model, into writer: inout CodeWriter) {
        var conformances = ["Swift.Sendable", "Swift.Hashable"]
        let identity = identityField(of: model)
        if identity != nil || model.fields.contains(where: { $0.swiftName == "id" }) {
            if case .composite = model.key {} else { conformances.append("Swift.Identifiable") }
        }
        writer.block("\(modifier)struct \(Naming.swift(model.name)): \(conformances.joined(separator: ", ")) {") { writer in
            for field in model.fields {
                atSchemaLine(of: field, &writer) { writer in
                    writer.line("\(modifier)var \(Naming.swift(field.swiftName)): \(storedPropertyType(field, in: model))")
                }
            }
            if let identity, !model.fields.contains(where: { $0.swiftName == "id" }) {
                writer.line()
                writer.line("\(modifier)var id: \(propertyType(identity, in: model)) { self.\(Naming.swift(identity.swiftName)) }")
            }
            writer.line()
            let fields = model.fields.map { ($0, propertyType($0, in: model), parameterDefault($0, in: model)) }
            if let userTyped = model.fields.first(where: \.usesUserType) {
                atSchemaLine(of: userTyped, &writer) { writer in renderMemberwiseInit(fields: fields, into: &writer) }
            } else {
                renderMemberwiseInit(fields: fields, into: &writer)
            }
        }
    }

    /// Writes `body` under `#sourceLocation` pointing at `field`'s YAML line when its type is the app's own
    /// (converter and json fields), so the compiler reports a type it cannot see, or one less visible than the
    /// generated code (an internal `Color` in public models), at the schema line that uses it.
    func atSchemaLine(of field: Field, _ writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        guard field.usesUserType else {
            body(&writer)
            return
        }
        writer.line("#sourceLocation(file: \(SwiftLiteral.string(field.location.path)), line: \(field.location.line))")
        body(&writer)
        writer.line("#sourceLocation()")
    }

    /// The single key field when the model has a single-field key.
    private func identityField(of model: Model) -> Field? {
        switch model.key {
        case let .autoIncrement(index), let .single(index): model.fields[index]
        case .composite: nil
        }
    }

    /// `init(a: A, b: B = 0) { self.a = a … }`, one parameter per line.
    func renderMemberwiseInit(fields: [(Field, String, String?)], into writer: inout CodeWriter) {
        guard !fields.isEmpty else {
            writer.line("\(modifier)init() {}")
            return
        }
        writer.line("\(modifier)init(")
        for (offset, (field, type, defaultValue)) in fields.enumerated() {
            let comma = offset == fields.count - 1 ? "" : ","
            let suffix = defaultValue.map { " = \($0)" } ?? ""
            writer.line("    \(Naming.swift(field.swiftName)): \(type)\(suffix)\(comma)")
        }
        writer.block(") {") { writer in
            let splitsBlocks = fields.count > Self.wideModelFieldCount
            if splitsBlocks { writer.line("// Each `if Bool(true) {}` ends a basic block: it keeps this initializer's compile time linear.") }
            for (offset, (field, _, _)) in fields.enumerated() {
                if splitsBlocks, offset > 0, offset % Self.assignmentsPerBlock == 0 { writer.line("if Bool(true) {}") }
                writer.line("self.\(Naming.swift(field.swiftName)) = \(Naming.swift(field.swiftName))")
            }
        }
    }

    /// Assignments per basic block in a wide initializer. Swift's definite-initialization check walks a block's
    /// instructions for each assignment in it, so one block of n assignments compiles in time growing faster than
    /// n² (500 fields: 6 s; 2,000: minutes); blocks of 4 keep it linear (2,000 fields: 2.6 s).
    static let assignmentsPerBlock = 4
}

/// `codable: true`: a `Codable` conformance that reads and writes each field at its payload key path
/// (`payload: info.age`, or the field's name), with one nested container per shared path prefix, plus
/// `init(payload:decoder:)` for JSON. Optional fields and fields with a default may be absent.
extension SwiftRenderer {
    func renderCodable(_ model: Model, into writer: inout CodeWriter) {
        let tree = PayloadTree(model.fields.map { ($0, $0.payloadPath) })
        writer.block("extension \(Naming.swift(model.name)): Swift.Codable {") { writer in
            writer.line("/// Decodes a payload: each field at its key path (`payload:` in the schema, else its name).")
            writer.block("\(modifier)init(from decoder: any Swift.Decoder) throws {") { writer in
                writer.line("let container = try decoder.container(keyedBy: ORMKit.PayloadKey.self)")
                var counter = 0
                renderDecoding(tree, container: "container", model: model, counter: &counter, into: &writer)
            }
            writer.line()
            writer.line("/// Encodes the fields at their payload key paths.")
            writer.block("\(modifier)func encode(to encoder: any Swift.Encoder) throws {") { writer in
                writer.line("var container = encoder.container(keyedBy: ORMKit.PayloadKey.self)")
                var counter = 0
                renderEncoding(tree, container: "container", model: model, counter: &counter, into: &writer)
            }
            writer.line()
            writer.line("/// Decodes a JSON payload, such as an API response.")
            writer.line("///")
            writer.line("/// - Throws: `DecodingError` naming the key path of a missing or mistyped value.")
            writer.block("\(modifier)init(payload: Foundation.Data, decoder: Foundation.JSONDecoder = Foundation.JSONDecoder()) throws {") { writer in
                writer.line("self = try decoder.decode(Self.self, from: payload)")
            }
        }
    }

    private func renderDecoding(_ tree: PayloadTree, container: String, model: Model, counter: inout Int, into writer: inout CodeWriter) {
        for leaf in tree.leaves {
            let (field, key) = leaf
            let target = "self.\(Naming.swift(field.swiftName))"
            let type = field.type.swiftType
            let fallback = field.defaultValue.map { " ?? \($0.swift)" }
            atSchemaLine(of: field, &writer) { writer in
                if propertyType(field, in: model).hasSuffix("?") {
                    writer.line("\(target) = try \(container).decodeIfPresent(\(type).self, forKey: \(SwiftLiteral.string(key)))")
                } else if let fallback {
                    writer.line("\(target) = try \(container).decodeIfPresent(\(type).self, forKey: \(SwiftLiteral.string(key)))\(fallback)")
                } else {
                    writer.line("\(target) = try \(container).decode(\(type).self, forKey: \(SwiftLiteral.string(key)))")
                }
            }
        }
        for (key, subtree) in tree.branches {
            counter += 1
            let nested = "nested\(counter)"
            let opener = "let \(nested) = try \(container).nestedContainer(keyedBy: ORMKit.PayloadKey.self, forKey: \(SwiftLiteral.string(key)))"
            let mayBeAbsent = subtree.allFields.allSatisfy { propertyType($0, in: model).hasSuffix("?") || $0.defaultValue != nil }
            if mayBeAbsent {
                writer.block("if \(container).contains(\(SwiftLiteral.string(key))) {") { writer in
                    writer.line(opener)
                    renderDecoding(subtree, container: nested, model: model, counter: &counter, into: &writer)
                }
                writer.block("else {") { writer in
                    for field in subtree.allFields {
                        writer.line("self.\(Naming.swift(field.swiftName)) = \(field.defaultValue?.swift ?? "nil")")
                    }
                }
            } else {
                writer.line(opener)
                renderDecoding(subtree, container: nested, model: model, counter: &counter, into: &writer)
            }
        }
    }

    private func renderEncoding(_ tree: PayloadTree, container: String, model: Model, counter: inout Int, into writer: inout CodeWriter) {
        for (field, key) in tree.leaves {
            let method = propertyType(field, in: model).hasSuffix("?") ? "encodeIfPresent" : "encode"
            writer.line("try \(container).\(method)(self.\(Naming.swift(field.swiftName)), forKey: \(SwiftLiteral.string(key)))")
        }
        for (key, subtree) in tree.branches {
            counter += 1
            let nested = "nested\(counter)"
            writer.block("do {") { writer in
                writer.line("var \(nested) = \(container).nestedContainer(keyedBy: ORMKit.PayloadKey.self, forKey: \(SwiftLiteral.string(key)))")
                renderEncoding(subtree, container: nested, model: model, counter: &counter, into: &writer)
            }
        }
    }
}

/// Fields grouped by their payload key paths: the fields whose path ends here (with their last key), and the
/// subtrees under each shared next key, in field order.
struct PayloadTree {
    var leaves: [(Field, String)] = []
    var branches: [(String, PayloadTree)] = []

    init(_ entries: [(Field, [String])]) {
        for (field, path) in entries {
            guard let first = path.first else { continue }
            if path.count == 1 {
                leaves.append((field, first))
            } else if let index = branches.firstIndex(where: { $0.0 == first }) {
                branches[index].1.add(field, Array(path.dropFirst()))
            } else {
                branches.append((first, PayloadTree([(field, Array(path.dropFirst()))])))
            }
        }
    }

    private mutating func add(_ field: Field, _ path: [String]) {
        self = PayloadTree(entries + [(field, path)])
    }

    /// The entries this tree was built from, with their remaining paths.
    private var entries: [(Field, [String])] {
        leaves.map { ($0.0, [$0.1]) } + branches.flatMap { key, tree in tree.entries.map { ($0.0, [key] + $0.1) } }
    }

    /// Every field under this tree.
    var allFields: [Field] { leaves.map(\.0) + branches.flatMap { $0.1.allFields } }
}

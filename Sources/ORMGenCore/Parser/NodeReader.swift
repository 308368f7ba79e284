import Yams

/// Shape checks over Yams nodes for one file: every accessor reports a diagnostic at the node's mark
/// when the node is not what the schema language expects, and returns nil so reading can go on.
struct NodeReader {
    let path: String
    var diagnostics = DiagnosticBag()
    /// Literal nodes left to read in this file: aliases can make a small file expand enormously.
    private var literalBudget = 100_000

    init(path: String) {
        self.path = path
    }

    func location(_ node: Node) -> SchemaLocation {
        let mark = node.mark
        return SchemaLocation(path: path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    /// The pairs of a mapping with scalar keys, in YAML order.
    mutating func pairs(_ node: Node, what: String) -> [(key: Located<String>, value: Node)]? {
        guard case let .mapping(mapping) = node else {
            diagnostics.error("\(what) must be a mapping of keys to values", at: location(node))
            return nil
        }
        var result: [(key: Located<String>, value: Node)] = []
        for (key, value) in mapping {
            guard case let .scalar(scalar) = key else {
                diagnostics.error("keys in \(what) must be plain names", at: location(key))
                continue
            }
            result.append((Located(value: scalar.string, location: location(key)), value))
        }
        return result
    }

    /// Reports keys not in `allowed`, with a did-you-mean hint.
    mutating func checkKeys(
        _ pairs: [(key: Located<String>, value: Node)], allowed: [String], describe: (String) -> String
    ) {
        for (key, _) in pairs where !allowed.contains(key.value) {
            diagnostics.error(
                describe(key.value) + Suggestion.didYouMean(key.value, among: allowed), at: key.location)
        }
    }

    mutating func string(_ node: Node, what: String) -> Located<String>? {
        guard case let .scalar(scalar) = node else {
            diagnostics.error("\(what) must be a single value, not a list or mapping", at: location(node))
            return nil
        }
        return Located(value: scalar.string, location: location(node))
    }

    mutating func name(_ node: Node, what: String) -> Located<String>? {
        guard let value = string(node, what: what) else { return nil }
        if value.value.isEmpty {
            diagnostics.error("\(what) must not be empty", at: value.location)
            return nil
        }
        return value
    }

    mutating func bool(_ node: Node, what: String) -> Located<Bool>? {
        guard let text = string(node, what: what) else { return nil }
        switch text.value {
        case "true": return Located(value: true, location: text.location)
        case "false": return Located(value: false, location: text.location)
        default:
            diagnostics.error("\(what) must be true or false, not '\(text.value)'", at: text.location)
            return nil
        }
    }

    mutating func integer(_ node: Node, what: String) -> Located<Int>? {
        guard let text = string(node, what: what) else { return nil }
        guard let value = Int(text.value) else {
            diagnostics.error("\(what) must be an integer, not '\(text.value)'", at: text.location)
            return nil
        }
        return Located(value: value, location: text.location)
    }

    /// A list of names; a single scalar counts as a one-element list.
    mutating func names(_ node: Node, what: String) -> [Located<String>]? {
        switch node {
        case .scalar:
            return name(node, what: what).map { [$0] }
        case let .sequence(sequence):
            return sequence.compactMap { name($0, what: what) }
        default:
            diagnostics.error("\(what) must be a name or a list of names", at: location(node))
            return nil
        }
    }

    /// A literal for a default or a seed value; nested at most `depth` levels.
    mutating func literal(_ node: Node, what: String, depth: Int = 4) -> Located<LiteralValue>? {
        let here = location(node)
        literalBudget -= 1
        if literalBudget == 0 {
            diagnostics.error("\(what): too many values in one file (more than 100000)", at: here)
        }
        guard literalBudget > 0 else { return nil }
        switch node {
        case let .scalar(scalar):
            let quoted = scalar.style != .plain && scalar.style != .any
            return Located(value: .scalar(ScalarValue(text: scalar.string, isQuoted: quoted)), location: here)
        case let .mapping(mapping):
            guard depth > 0 else { return tooDeep(what, at: here) }
            var entries: [(key: Located<String>, value: Located<LiteralValue>)] = []
            for (key, value) in mapping {
                guard let key = name(key, what: "a key in \(what)"),
                    let value = literal(value, what: what, depth: depth - 1)
                else { continue }
                entries.append((key, value))
            }
            return Located(value: .mapping(entries), location: here)
        case let .sequence(sequence):
            guard depth > 0 else { return tooDeep(what, at: here) }
            let elements = sequence.compactMap { literal($0, what: what, depth: depth - 1) }
            return Located(value: .sequence(elements), location: here)
        case .alias:
            diagnostics.error("\(what) must not be a YAML alias", at: here)
            return nil
        }
    }

    private mutating func tooDeep(_ what: String, at location: SchemaLocation) -> Located<LiteralValue>? {
        diagnostics.error("\(what) is nested too deeply", at: location)
        return nil
    }
}

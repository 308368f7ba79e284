import Yams

/// The exact check behind `KeyGuard`: finds a mapping key that is an alias or a list or mapping by composing the
/// text with every `*` replaced, so that no alias is expanded and Yams' hashing of keys stays linear.
///
/// An alias (`*name`) then reads as a plain scalar starting with `placeholder`, which no plain scalar of the real
/// text can start with (`*` there always begins an alias), and a collection key is a collection node. Only when no
/// key is either does the loader compose the real text, whose keys are then all plain text: hashing them cannot
/// walk an alias of nested anchors (2^depth nodes). Costs a second compose, only for text holding a `*`.
enum AliasKeyGuard {
    /// Stands for `*` while checking: U+FFFD, which the loader refuses in schema files (so it is never in the text)
    /// and libyaml reads as an ordinary character that may begin a plain scalar.
    static let placeholder: Unicode.Scalar = "\u{FFFD}"

    /// The first (by line and column) key of `text` that is an alias or a collection, as KeyGuard reports it;
    /// nil when there is none. `text` must not hold `placeholder`.
    ///
    /// - Throws: `YamlError` when the text with `*` replaced is not valid YAML (the error the real text has, in
    ///   all but contrived cases such as a `*` inside a tag); a duplicate key's name may hold `placeholder`.
    static func firstComplexKey(in text: String) throws -> (line: Int, column: Int, message: String)? {
        guard text.unicodeScalars.contains("*") else { return nil }
        var replaced = String.UnicodeScalarView()
        replaced.append(contentsOf: text.unicodeScalars.lazy.map { $0 == "*" ? placeholder : $0 })
        guard let root = try Yams.compose(yaml: String(replaced)) else { return nil }

        var found: (line: Int, column: Int, message: String)?
        func report(_ key: Node, _ message: String) {
            let line = key.mark?.line ?? 1
            let column = key.mark?.column ?? 1
            if found.map({ (line, column) < ($0.line, $0.column) }) ?? true { found = (line, column, message) }
        }
        var pending = [root]   // a tree without aliases: each node is visited once
        while let node = pending.popLast() {
            switch node {
            case .scalar, .alias:
                break
            case let .sequence(sequence):
                pending.append(contentsOf: sequence)
            case let .mapping(mapping):
                for (key, value) in mapping {
                    switch key {
                    case let .scalar(scalar) where scalar.style == .plain && scalar.string.unicodeScalars.first == placeholder:
                        report(key, KeyGuard.aliasKeyMessage)
                    case .sequence, .mapping:
                        report(key, KeyGuard.collectionKeyMessage)
                    default:
                        break
                    }
                    pending.append(value)
                }
            }
        }
        return found
    }
}

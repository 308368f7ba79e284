/// Finds mapping keys that are not plain text, before Yams composes the file: an alias (`*name: value`), an
/// explicit key (`? key`) or a list or mapping used as a key (`[a, b]: value`).
///
/// Schema keys are always names, and such keys are how a few hundred bytes can hang the loader: Yams hashes
/// every key to find duplicates, and hashing an alias of nested anchors (`&a [*b, *b]`, `&b [*c, *c]`, …)
/// walks the whole expansion, 2^depth nodes. Rejecting them keeps loading linear in the text.
///
/// This is a line-by-line reading that gives the messages users see for the usual spellings; it cannot follow
/// every YAML construct (a quoted string over several lines, `key:"x"` in a flow mapping), so `AliasKeyGuard`
/// checks the keys exactly afterwards. Lines and columns are YAML's (`YAMLText`).
enum KeyGuard {
    static let aliasKeyMessage = "an alias ('*name') cannot be a mapping key in schema files; write the key itself"
    static let collectionKeyMessage = "a list or mapping cannot be a mapping key in schema files; keys are names"

    /// The first non-text key's line, column and a description, or nil.
    static func firstComplexKey(in text: String) -> (line: Int, column: Int, message: String)? {
        var lineNumber = 0
        for line in YAMLText.lines(of: text) {
            lineNumber += 1
            if let (column, message) = firstComplexKey(inLine: line) {
                return (lineNumber, column, message)
            }
        }
        return nil
    }

    private static func firstComplexKey(inLine characters: [Unicode.Scalar]) -> (Int, String)? {
        var quote: Unicode.Scalar?
        var previous: Unicode.Scalar?   // the last character outside quotes that is not a space
        for (index, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "#" where index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t":
                return nil
            case "\"", "'":
                quote = character
            case "?" where startsNode(after: previous) && endsToken(next):
                return (index + 1, "explicit mapping keys ('? key') are not supported in schema files; write 'key: value'")
            case "*" where startsNode(after: previous) && isFollowedByKeyColon(characters, from: index + 1, skippingName: true):
                return (index + 1, aliasKeyMessage)
            case let closer where (closer == "]" || closer == "}") && isFollowedByKeyColon(characters, from: index + 1, skippingName: false):
                return (index + 1, collectionKeyMessage)
            default:
                break
            }
            if character != " " && character != "\t" { previous = character }
        }
        return nil
    }

    /// Whether a node may start after `previous` (line start, a sequence dash, a flow opener or separator, a colon).
    private static func startsNode(after previous: Unicode.Scalar?) -> Bool {
        guard let previous else { return true }
        return ["-", "[", "{", ",", ":", "?"].contains(previous)
    }

    private static func endsToken(_ next: Unicode.Scalar?) -> Bool {
        guard let next else { return true }
        return next == " " || next == "\t"
    }

    /// Whether `characters[start...]`, after an alias name when `skippingName`, then spaces, is a key's `:`
    /// (followed by a space, the line's end or a flow indicator).
    private static func isFollowedByKeyColon(_ characters: [Unicode.Scalar], from start: Int, skippingName: Bool) -> Bool {
        var index = start
        if skippingName {
            // libyaml's anchor names: ASCII letters and digits, '_' and '-'.
            while index < characters.count, isAnchorCharacter(characters[index]) { index += 1 }
        }
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        guard index < characters.count, characters[index] == ":" else { return false }
        let after = index + 1 < characters.count ? characters[index + 1] : nil
        return after == nil || [" ", "\t", ",", "}", "]"].contains(after)
    }

    /// Whether libyaml allows `scalar` in an anchor or alias name: an ASCII letter or digit, '_' or '-'.
    private static func isAnchorCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
        default: false
        }
    }
}

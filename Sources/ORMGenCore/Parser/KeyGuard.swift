/// Finds mapping keys that are not plain text, before Yams composes the file: an alias (`*name: value`), an
/// explicit key (`? key`) or a list or mapping used as a key (`[a, b]: value`).
///
/// Schema keys are always names, and such keys are how a few hundred bytes can hang the loader: Yams hashes
/// every key to find duplicates, and hashing an alias of nested anchors (`&a [*b, *b]`, `&b [*c, *c]`, …)
/// walks the whole expansion, 2^depth nodes. Rejecting them keeps loading linear in the text.
enum KeyGuard {
    /// The first non-text key's line, column and a description, or nil.
    static func firstComplexKey(in text: String) -> (line: Int, column: Int, message: String)? {
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let (column, message) = firstComplexKey(inLine: Array(line)) {
                return (lineNumber, column, message)
            }
        }
        return nil
    }

    private static func firstComplexKey(inLine characters: [Character]) -> (Int, String)? {
        var quote: Character?
        var previous: Character?   // the last character outside quotes that is not a space
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
                return (index + 1, "an alias ('*name') cannot be a mapping key in schema files; write the key itself")
            case let closer where (closer == "]" || closer == "}") && isFollowedByKeyColon(characters, from: index + 1, skippingName: false):
                return (index + 1, "a list or mapping cannot be a mapping key in schema files; keys are names")
            default:
                break
            }
            if character != " " && character != "\t" { previous = character }
        }
        return nil
    }

    /// Whether a node may start after `previous` (line start, a sequence dash, a flow opener or separator, a colon).
    private static func startsNode(after previous: Character?) -> Bool {
        guard let previous else { return true }
        return ["-", "[", "{", ",", ":", "?"].contains(previous)
    }

    private static func endsToken(_ next: Character?) -> Bool {
        guard let next else { return true }
        return next == " " || next == "\t"
    }

    /// Whether `characters[start...]`, after an alias name when `skippingName`, then spaces, is a key's `:`
    /// (followed by a space, the line's end or a flow indicator).
    private static func isFollowedByKeyColon(_ characters: [Character], from start: Int, skippingName: Bool) -> Bool {
        var index = start
        if skippingName {
            while index < characters.count, characters[index].isLetter || characters[index].isNumber
                || characters[index] == "_" || characters[index] == "-"
            {
                index += 1
            }
        }
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        guard index < characters.count, characters[index] == ":" else { return false }
        let after = index + 1 < characters.count ? characters[index + 1] : nil
        return after == nil || [" ", "\t", ",", "}", "]"].contains(after)
    }
}

/// Writes `YAMLBlock` documents: two-space indentation, `\n` line ends, a final newline, and every scalar that
/// would not read back as the same string (or number) double-quoted with escapes, so the output is always
/// valid YAML that means what was given.
enum YAMLEmitter {
    /// YAML 1.1 words a plain scalar would turn into booleans or null.
    private static let reservedWords: Set<String> = ["y", "n", "yes", "no", "true", "false", "on", "off", "null"]

    /// The document for a top-level mapping.
    static func document(_ entries: [(key: String, value: YAMLBlock)]) -> String {
        var lines: [String] = []
        append(.mapping(entries), indent: "", to: &lines)
        return lines.map { $0 + "\n" }.joined()
    }

    private static func append(_ block: YAMLBlock, indent: String, to lines: inout [String]) {
        switch block {
        case .inline(let value):
            lines.append(indent + inline(value))
        case .sequence(let items):
            for item in items { lines.append(indent + "- " + inline(item)) }
        case .mapping(let entries):
            for (key, value) in entries {
                let prefix = indent + scalar(.text(key)) + ":"
                switch value {
                case .inline(let value):
                    lines.append(prefix + " " + inline(value))
                case .mapping(let nested) where nested.isEmpty:
                    lines.append(prefix + " {}")
                case .sequence(let nested) where nested.isEmpty:
                    lines.append(prefix + " []")
                case .mapping, .sequence:
                    lines.append(prefix)
                    append(value, indent: indent + "  ", to: &lines)
                }
            }
        }
    }

    private static func inline(_ value: YAMLInline) -> String {
        switch value {
        case .scalar(let value):
            scalar(value)
        case .sequence(let items):
            "[" + items.map(scalar).joined(separator: ", ") + "]"
        case .list(let items):
            "[" + items.map(inline).joined(separator: ", ") + "]"
        case .mapping(let entries) where entries.isEmpty:
            "{}"
        case .mapping(let entries):
            "{ " + entries.map { scalar(.text($0.key)) + ": " + inline($0.value) }.joined(separator: ", ") + " }"
        }
    }

    /// A scalar as written, valid in block and flow context alike.
    static func scalar(_ value: YAMLScalar) -> String {
        switch value {
        case .text(let text): isPlainSafe(text) ? text : quoted(text)
        case .quoted(let text): quoted(text)
        case .number(let text): isPlainNumber(text) ? text : quoted(text)
        case .bool(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        }
    }

    /// An identifier, optionally followed by one `?` (`String?`), that is not a YAML 1.1 boolean or null word.
    private static func isPlainSafe(_ text: String) -> Bool {
        let name = text.hasSuffix("?") ? text.dropLast() : Substring(text)
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        let isIdentifier = name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
        return isIdentifier && !reservedWords.contains(text.lowercased())
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`: read back as the same number by YAML 1.1 and 1.2 (no octal, no exponent).
    private static func isPlainNumber(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits: (Substring) -> Bool = { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        guard digits(parts[0]), parts[0] == "0" || !parts[0].hasPrefix("0") else { return false }
        return parts.count == 1 || digits(parts[1])
    }

    /// `text` double-quoted: `"` and `\` escaped, and every character YAML does not allow in a document, or reads
    /// as a line break, as `\n`, `\t`, `\r` or `\uXXXX`.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where needsEscape(character):
                let hex = String(character.value, radix: 16, uppercase: true)
                result += character.value > 0xFFFF
                    ? "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                    : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }

    /// Control characters, DEL, C1 controls (NEL among them), the Unicode line and paragraph separators, the
    /// byte-order mark and the noncharacters U+FFFE and U+FFFF.
    private static func needsEscape(_ character: Unicode.Scalar) -> Bool {
        let value = character.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || value == 0xFEFF
            || value == 0xFFFE || value == 0xFFFF
    }
}

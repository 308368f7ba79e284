import Yams

/// Turns one file's text into a Yams `Node` tree, reporting syntax errors with their line and column.
///
/// Guards come first: Yams composes recursively, so text nested deeper than `maximumNesting` or larger than
/// `maximumBytes` is rejected with a diagnostic instead of exhausting the stack or the memory, and keys that
/// are not text (`KeyGuard`, then exactly `AliasKeyGuard`) before Yams hashes them. Positions follow libyaml's
/// line breaks (`YAMLText`).
enum YAMLLoader {
    static let maximumBytes = 8 << 20
    static let maximumNesting = 100

    static func load(_ input: SchemaInput, into diagnostics: inout DiagnosticBag) -> Node? {
        let start = SchemaLocation(path: input.path, line: 1, column: 1)
        let byteCount = input.contents.utf8.count
        if byteCount > maximumBytes {
            diagnostics.error(
                "file is too large (\(byteCount) bytes; the limit is \(maximumBytes) bytes); split the schema into several files",
                at: start)
            return nil
        }
        if let (line, column) = firstControlCharacter(in: input.contents) {
            diagnostics.error(
                "file is not YAML text (it contains a control character); schema files must be UTF-8 YAML",
                at: SchemaLocation(path: input.path, line: line, column: column))
            return nil
        }
        if let (line, column) = NestingGuard.firstLineTooDeep(in: input.contents, limit: maximumNesting) {
            diagnostics.error(tooDeepMessage, at: SchemaLocation(path: input.path, line: line, column: column))
            return nil
        }
        if let (line, column, message) = KeyGuard.firstComplexKey(in: input.contents) {
            diagnostics.error(message, at: SchemaLocation(path: input.path, line: line, column: column))
            return nil
        }
        do {
            if let (line, column, message) = try AliasKeyGuard.firstComplexKey(in: input.contents) {
                diagnostics.error(message, at: SchemaLocation(path: input.path, line: line, column: column))
                return nil
            }
            return try Yams.compose(yaml: input.contents)
        } catch let error as YamlError {
            let (message, line, column) = describe(error, in: input.contents)
            diagnostics.error(message, at: SchemaLocation(path: input.path, line: max(1, line), column: max(1, column)))
        } catch {
            diagnostics.error("invalid YAML: \(error)", at: start)
        }
        return nil
    }

    private static let tooDeepMessage =
        "YAML is nested too deeply (more than \(maximumNesting) levels of indentation and brackets); a schema needs far fewer"

    private static func describe(_ error: YamlError, in text: String) -> (String, Int, Int) {
        switch error {
        case let .parser(_, problem, mark, _) where problem.hasPrefix("Maximum nesting level reached"):
            // libyaml's own limit (1000 levels), which names its C setter; NestingGuard stops most files before.
            return (tooDeepMessage, mark.line, mark.column)
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            var message = "invalid YAML: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return (message, mark.line, mark.column)
        case let .reader(problem, offset, _, _):
            let (line, column) = position(ofCharacterOffset: offset ?? 0, in: text)
            return ("invalid YAML: \(problem)", line, column)
        case let .duplicatedKeysInMapping(duplicates, context):
            // Yams spells a key that is not text "<uncovertable>"; KeyGuard keeps such keys out, but never echo it.
            // In AliasKeyGuard's copy of the text, an alias key reads as the placeholder and its name.
            let names = duplicates.map { name in
                name == "<uncovertable>"
                    ? "(a key that is not text)"
                    : "'" + String(String.UnicodeScalarView(name.unicodeScalars.map { $0 == AliasKeyGuard.placeholder ? "*" : $0 })) + "'"
            }.joined(separator: ", ")
            return (
                "duplicate key \(names) in one mapping; each key may appear once, remove or rename the repeated one",
                context.mark.line, context.mark.column
            )
        default:
            return ("invalid YAML: \(error)", 1, 1)
        }
    }

    /// The line and column of the `offset`th Character (Yams counts a reader error's offset in Characters).
    private static func position(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var position = YAMLPosition()
        for character in text.prefix(offset) {
            for scalar in character.unicodeScalars { position.advance(over: scalar) }
        }
        return (position.line, position.column)
    }

    /// The position of the first character libyaml's reader refuses (a control character, U+FFFE, …) or U+FFFD
    /// (what decoding puts for bytes that are not UTF-8).
    private static func firstControlCharacter(in text: String) -> (Int, Int)? {
        var position = YAMLPosition()
        for scalar in text.unicodeScalars {
            if !YAMLText.isAccepted(scalar) { return (position.line, position.column) }
            position.advance(over: scalar)
        }
        return nil
    }
}

import Yams

/// Turns one file's text into a Yams `Node` tree, reporting syntax errors with their line and column.
///
/// Guards come first: Yams composes recursively, so text nested deeper than `maximumNesting` or larger than
/// `maximumBytes` is rejected with a diagnostic instead of exhausting the stack or the memory, and keys that
/// are not text (`KeyGuard`) before Yams hashes them.
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
            diagnostics.error(
                "YAML is nested too deeply (more than \(maximumNesting) levels of indentation and brackets); a schema needs far fewer",
                at: SchemaLocation(path: input.path, line: line, column: column))
            return nil
        }
        if let (line, column, message) = KeyGuard.firstComplexKey(in: input.contents) {
            diagnostics.error(message, at: SchemaLocation(path: input.path, line: line, column: column))
            return nil
        }
        do {
            return try Yams.compose(yaml: input.contents)
        } catch let error as YamlError {
            let (message, line, column) = describe(error, in: input.contents)
            diagnostics.error(message, at: SchemaLocation(path: input.path, line: max(1, line), column: max(1, column)))
        } catch {
            diagnostics.error("invalid YAML: \(error)", at: start)
        }
        return nil
    }

    private static func describe(_ error: YamlError, in text: String) -> (String, Int, Int) {
        switch error {
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
            let names = duplicates.map { $0 == "<uncovertable>" ? "(a key that is not text)" : "'\($0)'" }.joined(separator: ", ")
            return (
                "duplicate key \(names) in one mapping; each key may appear once, remove or rename the repeated one",
                context.mark.line, context.mark.column
            )
        default:
            return ("invalid YAML: \(error)", 1, 1)
        }
    }

    private static func position(ofCharacterOffset offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for (index, character) in text.enumerated() {
            if index >= offset { break }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    private static func firstControlCharacter(in text: String) -> (Int, Int)? {
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                column = 1
                continue
            }
            let value = scalar.value
            if (value < 0x20 && scalar != "\t" && scalar != "\r") || value == 0x7F || value == 0xFFFD {
                return (line, column)
            }
            column += 1
        }
        return nil
    }
}

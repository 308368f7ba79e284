import ORMGenCore

/// One fuzzer input read as schema files: the current schema's files and, optionally, a previous version's.
///
/// A line `#== file` starts another file of the same schema and a line `#== previous` starts the previous
/// schema's files (both are YAML comments, so a seed made of several files is still one valid YAML file).
/// Text without such lines is a single file, `schema.yaml`, passed through unchanged.
struct FuzzInput {
    /// The schema to generate: `schema.yaml`, then `schema-2.yaml`, …
    var current: [SchemaInput] = []
    /// The previous schema for a migration plan: `previous.yaml`, `previous-2.yaml`, …; empty for none.
    var previous: [SchemaInput] = []

    /// The line that starts another file of the same schema.
    static let fileSeparator = "#== file"
    /// The line that starts the previous schema.
    static let previousSeparator = "#== previous"

    /// Splits `text` at separator lines.
    init(_ text: String) {
        guard text.contains("#== ") else {
            current = [SchemaInput(path: "schema.yaml", contents: text)]
            return
        }
        var isPrevious = false
        var lines: [Substring] = []
        func flush() {
            let contents = lines.joined(separator: "\n")
            if isPrevious {
                previous.append(SchemaInput(path: Self.path("previous", previous.count), contents: contents))
            } else {
                current.append(SchemaInput(path: Self.path("schema", current.count), contents: contents))
            }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case Self.fileSeparator:
                flush()
            case Self.previousSeparator:
                flush()
                isPrevious = true
            default:
                lines.append(line)
            }
        }
        flush()
    }

    private static func path(_ stem: String, _ index: Int) -> String {
        index == 0 ? "\(stem).yaml" : "\(stem)-\(index + 1).yaml"
    }
}

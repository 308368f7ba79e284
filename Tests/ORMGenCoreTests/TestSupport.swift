import ORMGenCore
import Testing

/// Runs the generator over one in-memory file.
func generate(_ yaml: String, path: String = "schema.yaml", access: GeneratorOptions.AccessLevel = .public) -> GenerationResult {
    Generator.generate(inputs: [SchemaInput(path: path, contents: yaml)], options: GeneratorOptions(accessLevel: access))
}

/// The diagnostics of one in-memory file, as `path:line:column: severity: message` lines.
func diagnostics(_ yaml: String, path: String = "schema.yaml") -> [String] {
    Generator.check(inputs: [SchemaInput(path: path, contents: yaml)]).map(\.description)
}

/// The contents of one generated file, or nil (recording an issue) when it is missing.
func file(_ name: String, in result: GenerationResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
    let found = result.files.first { $0.name == name }?.contents
    if found == nil {
        Issue.record("no generated file \(name); diagnostics: \(result.diagnostics.map(\.description))", sourceLocation: sourceLocation)
    }
    return found
}

/// The lines of `text` between the line containing `start` and the next line equal to `end` (inclusive).
func section(of text: String, from start: String, to end: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
    let last = lines[first...].firstIndex(where: { $0 == end }) ?? lines.count - 1
    return lines[first...last].joined(separator: "\n")
}

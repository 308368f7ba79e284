import ORMGenCore

/// What every generator result must satisfy, whatever the input; a violation traps, so libFuzzer keeps the input
/// as a crash.
enum Oracle {
    /// Text a diagnostic must never contain: Yams' placeholder for a key that is not text, libyaml's C names, Swift
    /// type and enum dumps that leak from `"\(error)"` or an optional.
    static let leaks = ["<uncovertable>", "yaml_", "YamlError", "Yams.", "CYaml", "Optional(", "Mark(", "Node."]

    /// Traps with `message` and the diagnostics when `condition` is false.
    static func expect(_ condition: Bool, _ message: @autoclosure () -> String, _ diagnostics: [Diagnostic] = []) {
        guard !condition else { return }
        fatalError("fuzz invariant broken: \(message())\n" + diagnostics.map { "  \($0.description)" }.joined(separator: "\n"))
    }

    /// Every diagnostic renders as one line `path:line:column: severity: message`, with a path among `inputs`,
    /// a position inside that file (or just after its end), and no leaked implementation text.
    static func check(_ diagnostics: [Diagnostic], of inputs: [SchemaInput]) {
        guard !diagnostics.isEmpty else { return }
        let files = Dictionary(inputs.map { ($0.path, YAMLLines.lines(of: $0.contents)) }, uniquingKeysWith: { first, _ in first })
        for diagnostic in diagnostics {
            let location = diagnostic.location
            guard let lines = files[location.path] else {
                expect(false, "diagnostic for a file that is not an input: \(location.path)", [diagnostic])
                return
            }
            expect(location.line >= 1 && location.column >= 1, "line or column below 1", [diagnostic])
            let isInside = location.line <= lines.count && location.column <= lines[location.line - 1].count + 1
            let isJustAfterEnd = location.line == lines.count + 1 && location.column == 1
            expect(isInside || isJustAfterEnd, "position outside the file (it has \(lines.count) lines)", [diagnostic])
            checkText(diagnostic, quoting: inputs.map(\.contents))
        }
        expect(diagnostics == diagnostics.sorted(), "diagnostics are not sorted", diagnostics)
    }

    /// A generation result with errors has no files; one without has well-formed files with distinct plain names.
    static func check(_ result: GenerationResult, of inputs: [SchemaInput]) {
        if result.hasErrors {
            expect(result.files.isEmpty && result.createStatements.isEmpty, "files rendered despite errors", result.diagnostics)
            return
        }
        var names = Set<String>()
        for file in result.files {
            expect(names.insert(file.name).inserted, "two generated files named \(file.name)")
            expect(
                file.name.hasSuffix(".swift") && !file.name.contains("/") && !file.name.hasPrefix("."),
                "generated file name is not a plain .swift name: \(file.name)")
            expect(file.contents.hasPrefix(Generator.headerPrefix), "generated file \(file.name) lacks the header")
            expect(file.contents.hasSuffix("\n") && !file.contents.contains("\r"), "generated file \(file.name) line endings")
        }
    }

    /// The error for bytes that are not UTF-8 points at the first invalid sequence: in the text decoded with
    /// repairs (each invalid sequence becomes U+FFFD), the character at its line and column is a U+FFFD.
    static func checkNotUTF8(_ diagnostic: Diagnostic, bytes: [UInt8]) {
        expect(diagnostic.severity == .error && diagnostic.location.path == "schema.yaml", "not-UTF-8 diagnostic", [diagnostic])
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]   // decoding drops a BOM
        let lines = YAMLLines.lines(of: String(decoding: text, as: UTF8.self))
        let (line, column) = (diagnostic.location.line, diagnostic.location.column)
        expect(
            line >= 1 && line <= lines.count && column >= 1 && column <= lines[line - 1].count
                && lines[line - 1][column - 1] == "\u{FFFD}",
            "not-UTF-8 position is not at an invalid byte", [diagnostic])
        checkText(diagnostic, quoting: [])
    }

    /// One line, and no leaked implementation text unless the schema itself holds it (messages quote names).
    private static func checkText(_ diagnostic: Diagnostic, quoting texts: [String]) {
        let message = diagnostic.message
        expect(!message.isEmpty && message.first != " ", "empty message", [diagnostic])
        expect(
            !message.unicodeScalars.contains { [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) },
            "message holds a line break or another control character", [diagnostic])
        // A leak that ends in `.` (a type name's members) is the schema's own text when the schema holds the name: an
        // embeddable named `Node` gives messages about 'Node.parent'.
        for leak in leaks where message.contains(leak) && !texts.contains(where: { $0.contains(leak.hasSuffix(".") ? String(leak.dropLast()) : leak) }) {
            expect(false, "message leaks '\(leak)'", [diagnostic])
        }
    }
}

/// Lines as YAML (and libyaml, which reports positions) counts them.
enum YAMLLines {
    /// Whether `scalar` ends a line in YAML 1.1: LF, CR (CR LF is one break), NEL, LS or PS.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// The lines of `text` as Unicode scalars without their breaks, the last one included even when empty.
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var line: [Unicode.Scalar] = []
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            if isLineBreak(scalar) {
                lines.append(line)
                line = []
            } else {
                line.append(scalar)
            }
        }
        lines.append(line)
        return lines
    }
}

import ORMGenCore
import Testing

@Suite("Parser diagnostics")
struct ParserDiagnosticsTests {
    @Test func yamlSyntaxErrorHasLineAndColumn() {
        let yaml = """
            models:
              Author:
                fields: { name: String
            """
        let found = diagnostics(yaml, path: "bad.yaml")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("bad.yaml:4:1: error: invalid YAML: did not find expected ',' or '}'") == true)
    }

    @Test func mappingValueInScalarIsASyntaxError() {
        let found = diagnostics("models:\n  Author: a: b\n", path: "s.yaml")
        #expect(found == ["s.yaml:2:12: error: invalid YAML: mapping values are not allowed in this context"])
    }

    @Test func duplicateKeyIsReportedAtTheFirstOccurrence() {
        let yaml = """
            models:
              Author:
                fields:
                  name: String
                  name: Int
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:7: error: duplicate key 'name' in one mapping; each key may appear once, remove or rename the repeated one"
        ])
    }

    @Test func emptyFileIsAWarning() {
        #expect(diagnostics("", path: "empty.yaml") == ["empty.yaml:1:1: warning: schema file is empty"])
        #expect(generate("").hasErrors == false)
    }

    @Test func binaryContentIsRejectedWithoutCrashing() {
        let binary = String(decoding: [0x00, 0x01, 0xFF, 0xFE, 0x7F, 0x41], as: UTF8.self)
        #expect(diagnostics(binary, path: "b.yaml") == [
            "b.yaml:1:1: error: file is not YAML text (it contains a control character); schema files must be UTF-8 YAML"
        ])
    }

    @Test func deeplyNestedInputIsRejectedBeforeComposing() {
        let flow = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(diagnostics("seed: " + flow) == [
            "schema.yaml:1:107: error: YAML is nested too deeply (more than 100 levels of indentation and brackets); a schema needs far fewer"
        ])
        var block = ""
        for depth in 0..<1000 { block += String(repeating: " ", count: depth) + "k:\n" }
        #expect(diagnostics(block) == [
            "schema.yaml:102:101: error: YAML is nested too deeply (more than 100 levels of indentation and brackets); a schema needs far fewer"
        ])
    }

    @Test func hugeInputIsRejected() {
        let huge = "# " + String(repeating: "x", count: 9 << 20)
        #expect(diagnostics(huge) == [
            "schema.yaml:1:1: error: file is too large (9437186 bytes; the limit is 8388608 bytes); split the schema into several files"
        ])
    }

    @Test func rootMustBeAMapping() {
        #expect(diagnostics("- a\n- b\n") == ["schema.yaml:1:1: error: a schema file must be a mapping of keys to values"])
    }

    @Test func unknownTopLevelKeySuggestsTheClosest() {
        #expect(diagnostics("model:\n  Author: {}\n") == [
            "schema.yaml:1:1: error: unknown top-level key 'model'; did you mean 'models'?"
        ])
    }

    @Test func unknownModelKeyAndFieldOptionSuggestTheClosest() {
        let yaml = """
            models:
              Author:
                tabel: authors
                fields:
                  email: { type: String, uniqe: true }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:3:5: error: unknown key 'tabel' in model 'Author'; did you mean 'table'?",
            "schema.yaml:5:30: error: unknown option 'uniqe' for field 'Author.email'; did you mean 'unique'?",
        ])
    }

    @Test func wrongShapesAreReported() {
        let yaml = """
            version: two
            models:
              Author:
                fields:
                  name: [String]
                  ok: { type: String, unique: maybe }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:1:10: error: 'version' must be an integer, not 'two'",
            "schema.yaml:5:13: error: field 'Author.name' (a type name or a mapping of options) must be a mapping of keys to values",
            "schema.yaml:6:35: error: option 'unique' of field 'Author.ok' must be true or false, not 'maybe'",
        ])
    }

    @Test func allProblemsOfAllFilesAreReportedSorted() {
        let inputs = [
            SchemaInput(path: "b.yaml", contents: "modls: {}\n"),
            SchemaInput(path: "a.yaml", contents: "models:\n  A:\n    feilds: {}\n"),
        ]
        #expect(Generator.check(inputs: inputs).map(\.description) == [
            "a.yaml:3:5: error: unknown key 'feilds' in model 'A'; did you mean 'fields'?",
            "b.yaml:1:1: error: unknown top-level key 'modls'; did you mean 'models'?",
        ])
    }
}

/// Keys that are not text are refused before Yams composes (it hashes keys, and hashing an alias of nested
/// anchors walks 2^depth nodes: a 500-byte file used to hang `check` for minutes).
@Suite struct ComplexKeyTests {
    /// Anchors doubling `depth` times, and the last one used as a key.
    static func laughs(depth: Int) -> String {
        var lines = ["x0: &a0 [x, x]"]
        for level in 1...depth { lines.append("x\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]") }
        lines += ["models:", "  A:", "    fields:", "      *a\(depth) : String"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func anAliasKeyOfNestedAnchorsIsRefusedAtOnce() {
        let yaml = Self.laughs(depth: 40)   // 2^40 nodes if expanded
        #expect(diagnostics(yaml) == [
            "schema.yaml:45:7: error: an alias ('*name') cannot be a mapping key in schema files; write the key itself",
        ])
    }

    @Test func explicitAndCollectionKeysAreRefused() {
        #expect(diagnostics("models:\n  A:\n    fields:\n      ? name\n      : String\n") == [
            "schema.yaml:4:7: error: explicit mapping keys ('? key') are not supported in schema files; write 'key: value'",
        ])
        #expect(diagnostics("models:\n  A:\n    fields: { [a, b]: String }\n") == [
            "schema.yaml:3:20: error: a list or mapping cannot be a mapping key in schema files; keys are names",
        ])
        #expect(diagnostics("models:\n  A:\n    fields: {*a: String}\n") == [
            "schema.yaml:3:14: error: an alias ('*name') cannot be a mapping key in schema files; write the key itself",
        ])
    }

    @Test func textThatOnlyLooksLikeAComplexKeyIsLeftAlone() {
        let yaml = """
            models:  # a comment with *a: and [x]: and ? y
              A:
                fields:
                  title: { type: String, check: "title <> '[x]: ? *y: z'" }
                  isKnown: { type: Bool, default: true }   # is it? yes
            seed:
              A:
                - { title: "What? *a: [b]: c", isKnown: false }
            """
        #expect(diagnostics(yaml) == [])
    }
}

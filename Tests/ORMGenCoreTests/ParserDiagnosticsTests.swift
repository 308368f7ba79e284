import Foundation
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

/// What the fuzzer found (scripts/fuzz.sh; the inputs are in FuzzRegressions/): KeyGuard's line reading missed
/// alias keys, so AliasKeyGuard checks keys exactly; lines ended only at LF, while libyaml also ends them at CR,
/// CR LF, NEL, LS and PS; libyaml's own nesting limit named its C setter.
@Suite struct FuzzFindingsTests {
    static let alias = "an alias ('*name') cannot be a mapping key in schema files; write the key itself"

    @Test func crlfAndCROnlyFilesAreGuardedLikeLFFiles() {
        let lf = ComplexKeyTests.laughs(depth: 40)
        #expect(diagnostics(lf.replacingOccurrences(of: "\n", with: "\r\n")) == ["schema.yaml:45:7: error: \(Self.alias)"])
        #expect(diagnostics(lf.replacingOccurrences(of: "\n", with: "\r")) == ["schema.yaml:45:7: error: \(Self.alias)"])
        var block = ""
        for depth in 0..<1000 { block += String(repeating: " ", count: depth) + "k:\r\n" }
        #expect(diagnostics(block) == [
            "schema.yaml:102:101: error: YAML is nested too deeply (more than 100 levels of indentation and brackets); a schema needs far fewer"
        ])
    }

    @Test func aliasKeysKeyGuardCannotSeeAreFoundExactly() {
        let anchors = ComplexKeyTests.laughs(depth: 40).split(separator: "\n").prefix(41).joined(separator: "\n") + "\n"
        // `k:"a` is one plain scalar in a flow mapping, not a quote.
        #expect(diagnostics(anchors + "models: {k:\"a, *a40 : String}\n") == ["schema.yaml:42:16: error: \(Self.alias)"])
        // The second line of a quoted string looks like `- "` to a line-by-line reading.
        #expect(diagnostics(anchors + "models: {k: \"abc\n  - \", *a40 : String}\n") == ["schema.yaml:43:8: error: \(Self.alias)"])
        #expect(diagnostics(anchors + "models: {k:\"a, [*a40]: String}\n") == [
            "schema.yaml:42:16: error: a list or mapping cannot be a mapping key in schema files; keys are names"
        ])
        // An alias as a value is not a key: the loader reads it (and the reader refuses it where a name is needed).
        #expect(diagnostics("name: &n Library\nmodels:\n  A:\n    table: *n\n    fields: { a: String }\n") == [])
    }

    @Test func duplicateAliasKeysAreNamedWithTheirStar() {
        #expect(diagnostics("a: &x 1\nm: {k:\"v, *x : 1, *x : 2}\n") == [
            "schema.yaml:2:11: error: duplicate key '*x' in one mapping; each key may appear once, remove or rename the repeated one"
        ])
    }

    @Test func libyamlsNestingLimitIsReportedInOurWords() {
        // An apostrophe inside a plain scalar hides the brackets after it from NestingGuard; libyaml stops at 1000.
        let yaml = "k: [a'b, " + String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100) + "]\n"
        let found = diagnostics(yaml)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("schema.yaml:1:") == true)
        #expect(found.first?.hasSuffix(": error: YAML is nested too deeply (more than 100 levels of indentation and brackets); a schema needs far fewer") == true)
    }

    @Test func positionsCountEveryYAMLLineBreak() {
        // NEL (U+0085) ends line 2; the control character is on line 3.
        #expect(diagnostics("models:\n  A:\u{85}    fields: { a: String }\u{1}\n") == [
            "schema.yaml:3:26: error: file is not YAML text (it contains a control character); schema files must be UTF-8 YAML"
        ])
        #expect(diagnostics("a: 1\u{2028}b: \u{FFFE}\n") == [
            "schema.yaml:2:4: error: file is not YAML text (it contains a control character); schema files must be UTF-8 YAML"
        ])
    }

    @Test func bytesThatAreNotUTF8AreReportedAtYAMLsLineAndColumn() {
        let notUTF8 = "file is not UTF-8 text (an invalid byte sequence starts here); schema files must be UTF-8 YAML"
        func decode(_ bytes: [UInt8]) -> String? {
            guard case let .failure(error) = SchemaInput.decoding(path: "s.yaml", bytes: bytes) else { return nil }
            return error.diagnostic.description
        }
        #expect(decode(Array("models:\r  A:\r\n    fields: { a: Str".utf8) + [0xFF]) == "s.yaml:3:21: error: \(notUTF8)")
        #expect(decode([0xEF, 0xBB, 0xBF, 0x61, 0xC0, 0x80]) == "s.yaml:1:2: error: \(notUTF8)")
        guard case let .success(input) = SchemaInput.decoding(path: "s.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)) else {
            Issue.record("valid UTF-8 refused")
            return
        }
        #expect(input.contents == "a: 1\n")
    }
}

/// A message quotes the schema's text, which can hold line breaks and control characters (a plain scalar folded
/// over several lines, a quoted escape); the fuzzer found such a message spanning four lines.
@Suite struct OneLineMessageTests {
    @Test func lineBreaksAndControlCharactersInQuotedTextAreEscaped() {
        let folded = "models:\n  A:\n    fields:\n      email: { type: Str\n\n\n\n  ing? }\n"
        #expect(diagnostics(folded) == [
            "schema.yaml:4:22: error: unknown type 'Str\\n\\n\\ning?' for field 'A.email'; did you mean 'String'?"
        ])
        let escaped = "models:\n  \"A\\u2028B\\x01\\tC\": { fields: { a: String } }\n"
        #expect(diagnostics(escaped).allSatisfy { !$0.contains { $0.isNewline } && !$0.contains("\u{1}") })
        #expect(diagnostics(escaped).first?.contains("A\\u{2028}B\\u{1}\\tC") == true)
    }
}

/// scripts/fuzz-compile-sample.sh found a schema `check` accepted whose generated code did not parse: a json
/// field of type `inverse[String: String]?`, which passed a character-class test for Swift types.
@Suite struct SwiftTypeSyntaxTests {
    static func jsonField(_ type: String) -> [String] {
        diagnostics("models:\n  A:\n    fields:\n      p: { type: \"\(type)\", storage: json }\n")
    }

    @Test func typesSwiftParsesAreAccepted() {
        for type in [
            "[String: String]?", "[String]", "[[Int?]]", "Set<Tag>", "Foundation.Date", "Swift.Dictionary<String, [Int?]>",
            "Outer<Int>.Inner", "[ String : Int ]", "Array <Int>", "Tag??",
        ] {
            #expect(Self.jsonField(type) == [], "\(type)")
        }
    }

    @Test func textThatIsNotATypeIsRefused() {
        for type in [
            "inverse[String: String]", "A<>", "[:]", "[Int] ?", "Int ?", "Swift. Int", "A<B", "[A: B: C]", "A.", "<A>", "1A",
            String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40),
        ] {
            let base = type.hasSuffix("?") ? String(type.dropLast()) : type   // a trailing `?` makes the field optional
            #expect(Self.jsonField(type) == ["schema.yaml:4:18: error: '\(base)' is not a Swift type for json field 'A.p'"], "\(type)")
        }
    }
}

import Foundation
import ORMGenCore
import TestSupport
import Testing

/// The access level of generated code: `--access` over the schema's `access:` over `--default-access` (which
/// the build plugin sets to `internal` for executable targets), and errors about the app's own types reported
/// at the YAML line that uses them.
@Suite struct AccessLevelTests {
    static let schema = """
        access: internal
        models:
          Note:
            fields:
              title: String
              color: { type: Color, converter: true, sqlType: INTEGER }
              meta: { type: Meta?, storage: json }
        """

    static let types = """
        import ORMKit

        struct Color: DatabaseValueConvertible, Hashable {
            var value: Int
            var databaseValue: Int { value }
            init(databaseValue: Int) { value = databaseValue }
        }

        struct Meta: Codable, Hashable, Sendable {
            var tags: [String]
        }
        """

    private func generate(_ yaml: String, _ options: GeneratorOptions) -> [String: String] {
        let result = Generator.generate(inputs: [SchemaInput(path: "notes.yaml", contents: yaml)], options: options)
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, $0.contents) })
    }

    @Test func theFlagOverridesTheSchemaWhichOverridesTheDefault() {
        #expect(generate(Self.schema, GeneratorOptions())["Note.swift"]?.contains("\nstruct Note: ") == true)
        #expect(generate(Self.schema, GeneratorOptions(accessLevel: .public))["Note.swift"]?.contains("\npublic struct Note: ") == true)
        let silent = Self.schema.replacingOccurrences(of: "access: internal\n", with: "")
        #expect(generate(silent, GeneratorOptions(defaultAccessLevel: .internal))["Note.swift"]?.contains("\nstruct Note: ") == true)
        #expect(generate(silent, GeneratorOptions())["Note.swift"]?.contains("\npublic struct Note: ") == true)
        let wrong = Generator.check(inputs: [SchemaInput(path: "notes.yaml", contents: "access: open\nmodels: {}\n")])
        #expect(wrong.map(\.description) == ["notes.yaml:1:9: error: unknown access 'open'; use public, package, internal"])
    }

    @Test func internalModelsCompileWithInternalTypes() throws {
        let files = generate(Self.schema, GeneratorOptions()).merging(["Types.swift": Self.types]) { $1 }
        let result = try SwiftTypeCheck.run(files: files, importing: ["ORMKit"])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aTypeLessVisibleThanTheModelsIsReportedAtItsYAMLLine() throws {
        let files = generate(Self.schema, GeneratorOptions(accessLevel: .public)).merging(["Types.swift": Self.types]) { $1 }
        let result = try SwiftTypeCheck.run(files: files, importing: ["ORMKit"])
        #expect(result.status != 0)
        let errors = result.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(!errors.isEmpty)
        // Every error about Color or Meta points at the field's line in notes.yaml (6 and 7), not into Note.swift.
        let aboutTypes = errors.filter { $0.contains("internal type") || $0.contains("'Color'") || $0.contains("'Meta'") }
        #expect(!aboutTypes.isEmpty, "\(result.output)")
        #expect(aboutTypes.allSatisfy { $0.hasPrefix("notes.yaml:6:") || $0.hasPrefix("notes.yaml:7:") }, "\(aboutTypes)")
    }
}

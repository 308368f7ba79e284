import Foundation
import ORMGenCore
import TestSupport
import Testing

/// Field names that are members every generated record already has (`hashValue` from `Hashable`) or that read like
/// them (`hash`, `description`, `id` off the key): the generated code compiles, the columns keep their names.
@Suite("Field names that are generated members")
struct MemberNameTests {
    static let schema = """
        version: 1
        naming: asIs
        models:
          Thing:
            primaryKey: code
            fields:
              code: String
              hashValue: Int64
              hash: String?
              description: String?
              debugDescription: String?
              schema: Int64?
              Relations: Int64?
        """

    @Test func theGeneratedRecordCompilesAndTheColumnsKeepTheirNames() throws {
        let result = Generator.generate(inputs: [SchemaInput(path: "things.yaml", contents: Self.schema)], options: GeneratorOptions())
        #expect(!result.diagnostics.contains { $0.severity == .error }, "\(result.diagnostics)")
        let files = Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, $0.contents) })
        let thing = try #require(files["Thing.swift"])
        for column in ["hashValue", "hash", "description", "debugDescription", "schema", "Relations"] {
            #expect(thing.contains("ColumnSchema(name: \"\(column)\""), "column \(column)")
        }
        let check = try SwiftTypeCheck.run(files: files.merging(["Use.swift": """
            func use(_ thing: Thing) -> [String] {
                [thing.code, "\\(thing.hashValue_)", thing.hash ?? "", thing.description ?? "", "\\(thing.Relations_ ?? 0)"]
            }
            """]) { $1 }, importing: ["ORMKit"])
        #expect(check.status == 0, "\(check.output)")
    }
}

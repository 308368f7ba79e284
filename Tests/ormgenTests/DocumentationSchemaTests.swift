import Foundation
import ORMGenCore
import TestSupport
import Testing

/// The YAML examples of the documentation are valid schemas, and the README's quick start compiles against the
/// code generated from its schema.
///
/// Conventions for the documents (keep them when editing):
/// - A ```yaml block whose first line (after blank and comment lines) is a top-level schema key (`name:`,
///   `version:`, `models:`, `embeddables:`, `migrations:`, `seed:`) is a complete schema: it goes through
///   `Generator.generate` in process and must give no error. Blocks that start elsewhere (`fields:`,
///   `relations:`, a model name) are fragments and are not checked.
/// - A block preceded by the line `<!-- snippet: skip -->` is not checked: use it for a schema-shaped block that
///   is deliberately partial (an outline with `{ … }`, steps or seed rows without their models) or shows an error.
/// - Diagnostics name the document's own lines (`docs/schema-reference.md:45:7: error: …`).
/// - README.md: every ```swift block not marked skip is type-checked as a function body (`async` when the block
///   holds `await`) against ORMKit and the code generated (internal access, one file) from README's complete schemas.
@Suite struct DocumentationSchemaTests {
    /// The documents whose complete schemas must generate, relative to the repository root.
    static let documents = ["docs/schema-reference.md", "README.md"]

    /// Keys that start a complete schema.
    static let topLevelKeys = ["name:", "version:", "models:", "embeddables:", "migrations:", "seed:"]

    @Test(arguments: documents)
    func completeSchemasGenerateWithoutErrors(document: String) throws {
        let schemas = try Self.schemas(in: document)
        #expect(!schemas.isEmpty, "\(document) has no complete ```yaml schema")
        for schema in schemas {
            let result = Generator.generate(inputs: [schema])
            #expect(!result.hasErrors, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
            #expect(!result.files.isEmpty)
        }
    }

    @Test func readmeQuickStartCompilesAgainstItsGeneratedSchema() throws {
        let result = Generator.generate(inputs: try Self.schemas(in: "README.md"), options: GeneratorOptions(accessLevel: .internal))
        try #require(!result.hasErrors, "\(result.diagnostics.map(\.description))")
        let generated = SingleFileLayout.merge(result.files, into: "ORMGen.swift", sources: ["README.md"]).contents
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("import ") }
            .joined(separator: "\n")
        let snippets = MarkdownBlocks.extract(from: try Self.read("README.md"), language: "swift")
        try #require(!snippets.isEmpty, "README.md has no ```swift block")
        let functions = snippets.enumerated().map { index, block in
            """
            func snippet\(index)() \(block.code.contains("await") ? "async " : "")throws {
            #sourceLocation(file: "README.md", line: \(block.firstLine))
            \(block.code)
            #sourceLocation()
            }

            """
        }
        let check = try SwiftTypeCheck.run(generated + "\n" + functions.joined(separator: "\n"), importing: ["ORMKit"])
        let errors = check.output.split(separator: "\n").filter { $0.contains(": error: ") }.joined(separator: "\n")
        #expect(check.status == 0, "a Swift example in README.md does not compile:\n\(errors.isEmpty ? check.output : errors)")
    }

    @Test func anInvalidSchemaBlockIsReportedAtTheDocumentLine() {
        let markdown = "Text\n\n```yaml\nmodels:\n  A:\n    fields: { title: Strng }\n```\n"
        let block = MarkdownBlocks.extract(from: markdown, language: "yaml")[0]
        let result = Generator.generate(inputs: [Self.input(block, document: "doc.md")])
        #expect(result.hasErrors)
        #expect(result.diagnostics.map(\.description).contains { $0.hasPrefix("doc.md:6:") })
    }

    /// The complete schemas of `document`, each as one input whose lines are the document's lines.
    static func schemas(in document: String) throws -> [SchemaInput] {
        MarkdownBlocks.extract(from: try read(document), language: "yaml")
            .filter(isCompleteSchema)
            .map { input($0, document: document) }
    }

    /// Whether the block's first meaningful line is a top-level schema key.
    static func isCompleteSchema(_ block: MarkdownBlocks.Block) -> Bool {
        let first = block.code.split(separator: "\n").first { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }
        return first.map { line in topLevelKeys.contains { line.hasPrefix($0) } } ?? false
    }

    /// The block as a schema file named `document`, padded with blank lines so diagnostics name the document's lines.
    static func input(_ block: MarkdownBlocks.Block, document: String) -> SchemaInput {
        SchemaInput(path: document, contents: String(repeating: "\n", count: block.firstLine - 1) + block.code + "\n")
    }

    /// The text of a document, relative to the repository root (three levels above this file).
    static func read(_ document: String) throws -> String {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
    }
}

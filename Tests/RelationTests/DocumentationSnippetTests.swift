import Foundation
import TestSupport
import Testing

/// The Swift examples of the guides compile: every ```swift block of the documents below is type-checked with
/// `swiftc` against the ORMKit and ExampleModels modules this test run built, one `swiftc` run per document.
///
/// Conventions for the documents (keep them when editing a guide):
/// - Each block becomes the body of its own function, so a block is complete on its own (names it declares
///   are not visible in the next block), and a name is declared once per block.
/// - The function's parameters are the context every block may use without declaring it (`Context.parameters`):
///   `db: Database`, `path: String`, `url: URL`, `author: Author`, `authors: [Author]`, `book: Book`,
///   `series: Series`, `list: ReadingList`, the readers `ged`, `tenar`, `ogion` and the books `dune`, `emma`,
///   `odes`, `rome`. A block may shadow them (`let db = try Database(...)`).
/// - The function is `async throws` when the block contains `await`, plain `throws` otherwise (so a
///   synchronous `db.write { }` picks the synchronous overload).
/// - `import` lines are dropped: the file imports Foundation, ORMKit and ExampleModels.
/// - A block preceded by the line `<!-- snippet: skip -->` is not checked; use it only for blocks that are
///   deliberately partial or need another module (a `@Test` function).
/// - Errors are reported at the document's own lines (`docs/relations.md:123`) through `#sourceLocation`.
@Suite struct DocumentationSnippetTests {
    /// The documents whose Swift blocks must compile, relative to the repository root.
    static let documents = ["docs/runtime-guide.md", "docs/relations.md", "docs/migrations.md", "docs/concurrency.md"]

    @Test(arguments: documents)
    func swiftBlocksTypeCheck(document: String) throws {
        let markdown = try String(contentsOf: Self.repository.appendingPathComponent(document), encoding: .utf8)
        let blocks = MarkdownBlocks.extract(from: markdown, language: "swift")
        #expect(!blocks.isEmpty, "\(document) has no ```swift block")
        let source = blocks.enumerated().map { index, block in
            Self.function(named: "snippet\(index)", wrapping: block, document: document)
        }.joined(separator: "\n")
        let result = try SwiftTypeCheck.run(source, importing: ["ORMKit", "ExampleModels"])
        #expect(result.status == 0, "a Swift example in \(document) does not compile:\n\(Self.errors(in: result.output))")
    }

    @Test func aBrokenSnippetFailsTheCheck() throws {
        let markdown = "```swift\nlet n: Int = try Author.fetchAll(db)\n```\n"
        let blocks = MarkdownBlocks.extract(from: markdown, language: "swift")
        try #require(blocks.count == 1)
        let source = Self.function(named: "snippet0", wrapping: blocks[0], document: "broken.md")
        let result = try SwiftTypeCheck.run(source, importing: ["ORMKit", "ExampleModels"])
        #expect(result.status != 0)
        #expect(result.output.contains("broken.md:2"), "errors point at the document's line:\n\(result.output)")
    }

    @Test func skippedBlocksAndImportsAreLeftOut() {
        let markdown = """
            ```swift
            import ORMKit
            ```
            <!-- snippet: skip -->
            ```swift
            @Test func partial() {}
            ```
            ```yaml
            a: 1
            ```
            ```swift
            let x = 1
            ```
            """
        let blocks = MarkdownBlocks.extract(from: markdown, language: "swift")
        #expect(blocks.map(\.code) == ["let x = 1"])
        #expect(blocks.map(\.firstLine) == [12])
    }

    /// The `error:` lines of swiftc's output (warnings about unused example values are noise here), or all of it
    /// when there is none.
    static func errors(in output: String) -> String {
        let lines = output.split(separator: "\n").filter { $0.contains(": error: ") }
        return lines.isEmpty ? output : lines.joined(separator: "\n")
    }

    /// The context parameters every block may use (see the conventions above).
    static let parameters = """
        db: Database, path: String, url: URL, author: Author, authors: [Author], book: Book, series: Series, \
        list: ReadingList, ged: Reader, tenar: Reader, ogion: Reader, dune: Book, emma: Book, odes: Book, rome: Book
        """

    /// One block as a function whose body reports errors at the block's lines in `document`.
    static func function(named name: String, wrapping block: MarkdownBlocks.Block, document: String) -> String {
        let effects = block.code.contains("await") ? "async throws" : "throws"
        return """
            func \(name)(\(parameters)) \(effects) {
            #sourceLocation(file: "\(document)", line: \(block.firstLine))
            \(block.code)
            #sourceLocation()
            }

            """
    }

    /// The repository root: three levels above this file.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

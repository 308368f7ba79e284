#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import TestSupport
import Testing

/// The Swift examples of docs/postgresql.md compile against ORMKit, ORMKitPostgres and ExampleModels: each
/// ```swift block is the body of an `async throws` function (blocks after `<!-- snippet: skip -->` are left out)
/// whose parameters are the context the guide assumes: `db: PostgresDatabase`, `path: String` and `book: Book`.
@Suite struct PostgreSQLDocumentationTests {
    static let document = "docs/postgresql.md"

    @Test func swiftBlocksTypeCheck() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent(Self.document), encoding: .utf8)
        let blocks = MarkdownBlocks.extract(from: markdown, language: "swift")
        #expect(blocks.count >= 6, "the guide's Swift examples")
        let source = blocks.enumerated().map { index, block in
            """
            func snippet\(index)(db: PostgresDatabase, path: String, book: Book) async throws {
            #sourceLocation(file: "\(Self.document)", line: \(block.firstLine))
            \(block.code)
            #sourceLocation()
            }

            """
        }.joined(separator: "\n")
        let result = try SwiftTypeCheck.run(
            source, importing: ["ORMKit", "ORMKitPostgres", "ExampleModels", "ServiceLifecycle", "Logging"]
        )
        #expect(result.status == 0, "a Swift example in \(Self.document) does not compile:\n\(result.output)")
    }
}
#endif

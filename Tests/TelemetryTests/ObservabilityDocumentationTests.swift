#if Telemetry && PostgreSQL  // the package traits that enable ORMKitTelemetry and ORMKitPostgres (Package.swift)
import Foundation
import TestSupport
import Testing

/// The Swift examples of docs/observability.md compile: each ```swift block (but those after
/// `<!-- snippet: skip -->`) is the body of an `async throws` function given `logger: Logger`, `path: String` and
/// `db: Database`.
@Suite struct ObservabilityDocumentationTests {
    static let document = "docs/observability.md"

    @Test func swiftBlocksTypeCheck() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let markdown = try String(contentsOf: root.appendingPathComponent(Self.document), encoding: .utf8)
        let blocks = MarkdownBlocks.extract(from: markdown, language: "swift")
        #expect(blocks.count >= 3, "the guide's Swift examples")
        let source = blocks.enumerated().map { index, block in
            """
            func snippet\(index)(logger: Logger, path: String, database db: Database) async throws {
            #sourceLocation(file: "\(Self.document)", line: \(block.firstLine))
            \(block.code)
            #sourceLocation()
            }

            """
        }.joined(separator: "\n")
        let result = try SwiftTypeCheck.run(
            source, importing: ["ORMKit", "ORMKitPostgres", "ORMKitTelemetry", "ExampleModels", "Logging", "Tracing"]
        )
        #expect(result.status == 0, "a Swift example in \(Self.document) does not compile:\n\(result.output)")
    }

    /// No `print` on a runtime path: every message of the runtime goes to the app's logger.
    @Test func theRuntimeNeverPrints() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let runtime = ["ORMKit", "ORMKitSQLite", "ORMKitPostgres", "ORMKitTelemetry", "ORMSchema"]
        var printing: [String] = []
        var files = 0
        for module in runtime {
            let directory = root.appendingPathComponent("Sources/\(module)")
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                files += 1
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    if code.contains("print(") || code.contains("FileHandle.standardError") {
                        printing.append("\(module)/\(file.lastPathComponent):\(number + 1): \(line)")
                    }
                }
            }
        }
        #expect(files > 100)
        #expect(printing.isEmpty, "runtime code that prints:\n\(printing.joined(separator: "\n"))")
    }
}
#endif

import Foundation
import ORMGenCore
import Testing

/// The checked-in example: `schema/*.yaml` of this repository, read as `ormgen generate schema` would.
enum ExampleSchema {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func inputs() throws -> [SchemaInput] {
        let directory = root.appendingPathComponent("schema")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        return try names.map { name in
            SchemaInput(path: "schema/" + name, contents: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

@Suite("Generated/ is up to date")
struct GeneratedFolderTests {
    /// Fails when `Generated/` differs from a fresh generation of `schema/`. With `ORMGEN_RECORD=1` it rewrites
    /// `Generated/` first and still fails, so re-recording is always a deliberate, visible step.
    @Test func generatedFolderMatchesAFreshGeneration() throws {
        let result = Generator.generate(inputs: try ExampleSchema.inputs(), options: GeneratorOptions(accessLevel: .public))
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.description))")
        let directory = ExampleSchema.root.appendingPathComponent("Generated")
        if ProcessInfo.processInfo.environment["ORMGEN_RECORD"] == "1" {
            for file in result.files {
                try Data(file.contents.utf8).write(to: directory.appendingPathComponent(file.name), options: .atomic)
            }
            Issue.record("ORMGEN_RECORD=1: rewrote \(result.files.count) files in Generated/; unset it and run again")
            return
        }
        let checkedIn = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { name in
            name.hasSuffix(".swift")
                && (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))?
                    .hasPrefix(Generator.headerPrefix) == true
        }
        #expect(checkedIn.sorted() == result.files.map(\.name), "stale or missing files in Generated/")
        for file in result.files {
            let url = directory.appendingPathComponent(file.name)
            let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if existing != file.contents {
                let diff = LineDiff.describe(old: existing, new: file.contents)
                Issue.record("Generated/\(file.name) is stale; run `swift run ormgen generate schema --output Generated`:\n\(diff)")
            }
        }
    }
}

/// A short unified-style diff: the first differing region with a little context.
enum LineDiff {
    static func describe(old: String, new: String, context: Int = 3, limit: Int = 40) -> String {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(oldLines.count, newLines.count) && oldLines[prefix] == newLines[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(oldLines.count, newLines.count) - prefix
            && oldLines[oldLines.count - 1 - suffix] == newLines[newLines.count - 1 - suffix]
        {
            suffix += 1
        }
        let start = max(0, prefix - context)
        var lines = ["@@ line \(prefix + 1) @@"]
        lines += oldLines[start..<prefix].map { "  " + $0 }
        lines += oldLines[prefix..<(oldLines.count - suffix)].prefix(limit).map { "- " + $0 }
        lines += newLines[prefix..<(newLines.count - suffix)].prefix(limit).map { "+ " + $0 }
        return lines.joined(separator: "\n")
    }
}

import Dispatch
import Foundation
import ORMGenCore
import Testing

/// Every input the fuzzer (scripts/fuzz.sh) ever found crashing, hanging or breaking a diagnostic, kept in
/// `FuzzRegressions/`: each must finish quickly with well-formed diagnostics, as `Fuzz/Sources/FuzzSchema` checks.
///
/// Files are raw bytes (some are not UTF-8, some use CR or CR LF line breaks) in FuzzSchema's input format: one
/// schema file, or several separated by `#== file` lines, and a previous schema after a `#== previous` line.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theRegressionsAreThere() {
        #expect(Self.names.count >= 10)
    }

    @Test(arguments: names) func finishesWithWellFormedDiagnostics(name: String) throws {
        let bytes = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let input = String(decoding: bytes, as: UTF8.self)
        // A hang cannot be interrupted: the run goes on in the background and the test fails after 10 s.
        let done = DispatchSemaphore(value: 0)
        let lines = LockedLines()
        Thread.detachNewThread {
            lines.set(Self.run(bytes))
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success else {
            Issue.record("\(name) did not finish in 10 s")
            return
        }
        let pattern = try Regex(#"^(schema|previous)(-[0-9]+)?\.yaml:[1-9][0-9]*:[1-9][0-9]*: (error|warning|note): \S"#)
        for line in lines.get() {
            #expect(line.firstMatch(of: pattern) != nil && !line.contains(where: \.isNewline), "not one diagnostic line: \(line)")
            // Messages quote the schema's names, so text the input holds itself is no leak.
            for leak in ["<uncovertable>", "yaml_", "YamlError", "Yams.", "Optional("] where !input.contains(leak) {
                #expect(!line.contains(leak), "\(line) leaks \(leak)")
            }
        }
    }

    /// The diagnostics `ormgen check` (with `--previous` when the input has a previous schema) would print.
    static func run(_ bytes: Data) -> [String] {
        let text: String
        var diagnostics: [Diagnostic] = []
        switch SchemaInput.decoding(path: "schema.yaml", bytes: bytes) {
        case let .success(input):
            text = input.contents
        case let .failure(notUTF8):
            diagnostics.append(notUTF8.diagnostic)
            text = String(decoding: bytes, as: UTF8.self)
        }
        var current: [SchemaInput] = []
        var previous: [SchemaInput] = []
        var isPrevious = false
        var lines: [Substring] = []
        func flush() {
            let stem = isPrevious ? "previous" : "schema"
            let count = isPrevious ? previous.count : current.count
            let input = SchemaInput(path: count == 0 ? "\(stem).yaml" : "\(stem)-\(count + 1).yaml", contents: lines.joined(separator: "\n"))
            if isPrevious { previous.append(input) } else { current.append(input) }
            lines = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case "#== file":
                flush()
            case "#== previous":
                flush()
                isPrevious = true
            default:
                lines.append(line)
            }
        }
        flush()
        diagnostics += previous.isEmpty ? Generator.check(inputs: current) : MigrationPlanner.check(current, previous: previous)
        return diagnostics.map(\.description)
    }
}

/// The result handed from the worker thread to the test.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func set(_ value: [String]) { lock.withLock { lines = value } }
    func get() -> [String] { lock.withLock { lines } }
}

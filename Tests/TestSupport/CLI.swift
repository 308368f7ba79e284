import Foundation

/// Runs the `ormgen` binary that SwiftPM built next to the test bundle.
public enum CLI {
    /// What a run of `ormgen` produced.
    public struct Output: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
    }

    /// Thrown when no built `ormgen` is found next to the test bundle.
    public struct NotBuilt: Error, CustomStringConvertible {
        /// Says that `ormgen` was not built.
        public var description: String { "ormgen was not built next to the test bundle" }
    }

    /// The built `ormgen`.
    public static let executable: URL? = builtProduct(named: "ormgen")

    /// The executable product `name` SwiftPM built: searched upward from the test executable (the products
    /// directory holds both); nil when there is none.
    public static func builtProduct(named name: String) -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `ormgen arguments` in `directory` and waits for it.
    ///
    /// - Throws: `NotBuilt` when `ormgen` is not found; the error of `Process.run()` or of reading its output.
    public static func run(_ arguments: [String], in directory: URL) throws -> Output {
        guard let executable else { throw NotBuilt() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let outURL = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let errURL = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}

import Foundation

/// Type-checks Swift snippets with `swiftc -typecheck` against the modules this test run built, so tests
/// can assert that code compiles or fails to compile.
public enum SwiftTypeCheck {
    /// What `swiftc` said about a snippet.
    public struct Result: Sendable {
        /// `swiftc`'s exit status: 0 when the snippet type-checks.
        public var status: Int32
        /// Standard output and standard error, interleaved.
        public var output: String
    }

    /// How far `swiftc` goes.
    public enum Stage: Sendable {
        /// `-typecheck`.
        case typeCheck
        /// `-c -Onone -g`, as a debug build compiles: type checking and then SIL's mandatory passes (definite
        /// initialization, region isolation) and code generation, where a generated shape can cost more than linear.
        case debugObjectFiles
    }

    /// Thrown when the build's `Modules` directory holding every imported module is not found.
    public struct ModulesNotFound: Error, CustomStringConvertible {
        /// The modules looked for.
        public var modules: [String]
        /// Names the missing modules.
        public var description: String {
            "cannot find the built " + modules.map { $0 + ".swiftmodule" }.joined(separator: " and ") + " next to the test bundle"
        }
    }

    /// Type-checks `body` after `import Foundation` and `import` of each of `modules` (built modules of this
    /// package) and returns swiftc's exit status and output.
    ///
    /// - Throws: `ModulesNotFound` when the built modules are not found; file or `Process` errors.
    public static func run(_ body: String, importing modules: [String]) throws -> Result {
        let imports = (["Foundation"] + modules).map { "import \($0)\n" }.joined()
        return try run(files: ["snippet.swift": imports + "\n" + body + "\n"], importing: modules)
    }

    /// Type-checks each of `snippets` (bodies as `run(_:importing:)` takes them) in one `swiftc` run, each in a
    /// file and a function of its own, and returns one result per snippet: its status is 1 when `swiftc` reported
    /// an error in its file, and its output holds the diagnostics of its file.
    ///
    /// One compiler run loads the imported modules once: 16 snippets checked one by one took 16 runs of it.
    /// Top-level statements and declarations both go into the function (a nested function is still a function);
    /// the function itself is synchronous, so an `async` call at its top level is refused as in a synchronous one.
    ///
    /// - Throws: `ModulesNotFound` when the built modules are not found; file or `Process` errors.
    public static func runEach(_ snippets: [String], importing modules: [String]) throws -> [Result] {
        let imports = (["Foundation"] + modules).map { "import \($0)\n" }.joined()
        let names = snippets.indices.map { "snippet\($0).swift" }
        var files: [String: String] = [:]
        for (index, body) in snippets.enumerated() {
            files[names[index]] = imports + "\nfunc snippet\(index)() throws {\n" + body + "\n}\n"
        }
        let whole = try run(files: files, importing: modules)
        // Each diagnostic line starts with its file's path; the lines under it (source, notes) belong to it too.
        var outputs = [String](repeating: "", count: snippets.count)
        var current: Int?
        for line in whole.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let index = names.firstIndex(where: { line.contains("/" + $0 + ":") }) { current = index }
            if let current { outputs[current] += line + "\n" }
        }
        return outputs.map { Result(status: $0.contains(": error:") ? 1 : 0, output: $0) }
    }

    /// Type-checks whole files (`name` → contents, each with its own imports) as one module, against the built
    /// `modules` of this package, and returns swiftc's exit status and output.
    ///
    /// - Throws: `ModulesNotFound` when the built modules are not found; file or `Process` errors.
    public static func run(files: [String: String], importing modules: [String], stage: Stage = .typeCheck) throws -> Result {
        guard let modulesDirectory = modulesDirectory(containing: modules) else { throw ModulesNotFound(modules: modules) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SwiftTypeCheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var sources: [String] = []
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            let source = directory.appendingPathComponent(name)
            try contents.write(to: source, atomically: true, encoding: .utf8)
            sources.append(source.path)
        }

        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["swiftc"]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"]
        #endif
        let stageArguments = switch stage {
        case .typeCheck: ["-typecheck"]
        case .debugObjectFiles: ["-c", "-Onone", "-g", "-parse-as-library", "-module-name", "Compiled"]
        }
        process.currentDirectoryURL = directory  // where -c writes its object files
        process.arguments? += stageArguments + [
            "-swift-version", "6",
            // Every file's errors, not only those of the first frontend job that fails (`runEach`).
            "-continue-building-after-errors",
            "-I", modulesDirectory.path,
            // The C modules under ORMKitSQLite (whichever the build imports: SQLite, or SQLCipher with the trait).
            "-I", repository.appendingPathComponent("Sources/ORMKitCSQLite").path,
            "-I", repository.appendingPathComponent("Sources/ORMKitCSQLCipher").path,
            "-module-cache-path", directory.appendingPathComponent("cache").path,
        ] + clangModuleMaps(besides: modulesDirectory) + sources
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The peak resident memory, in bytes, of the largest child process this process has waited for (`swiftc`'s
    /// compiler processes among them): an upper bound for each one.
    public static func largestChildPeakMemory() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        return usage.ru_maxrss
        #endif
    }

    /// `-Xcc -fmodule-map-file=…` for every C target's module map in the build (SwiftNIO's `CNIOLinux`, …), so a
    /// snippet can import a module that depends on them (ORMKitPostgres).
    private static func clangModuleMaps(besides modulesDirectory: URL) -> [String] {
        let fileManager = FileManager.default
        let buildDirectory = modulesDirectory.deletingLastPathComponent()
        let generated = ((try? fileManager.contentsOfDirectory(atPath: buildDirectory.path)) ?? [])
            // Not the tool copies (`CNIOLinux-tool.build`, built for ormgen when a plugin runs it): same modules.
            .filter { $0.hasSuffix(".build") && !$0.hasSuffix("-tool.build") }
            .map { buildDirectory.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
        // C targets of dependencies that ship their own map (`include/module.modulemap`, e.g. `_AtomicsShims`).
        let checkouts = buildDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        let shipped = ((try? fileManager.contentsOfDirectory(atPath: checkouts.path)) ?? []).flatMap { package -> [URL] in
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            return ((try? fileManager.contentsOfDirectory(atPath: sources.path)) ?? []).map {
                sources.appendingPathComponent($0).appendingPathComponent("include/module.modulemap")
            }
        }
        return (generated + shipped).map(\.path).sorted().filter { fileManager.fileExists(atPath: $0) }
            .flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
    }

    /// The build's `Modules` directory holding every one of `modules`: found by walking up from the test
    /// executable or bundle.
    private static func modulesDirectory(containing modules: [String]) -> URL? {
        let starts = CommandLine.arguments.map { URL(fileURLWithPath: $0) } + [Bundle.main.bundleURL]
            + Bundle.allBundles.map(\.bundleURL)
        for start in starts {
            var directory = start
            for _ in 0..<4 {
                directory = directory.deletingLastPathComponent()
                let candidate = directory.appendingPathComponent("Modules")
                let holdsAll = modules.allSatisfy {
                    FileManager.default.fileExists(atPath: candidate.appendingPathComponent($0 + ".swiftmodule").path)
                }
                if holdsAll { return candidate }
            }
        }
        return nil
    }
}

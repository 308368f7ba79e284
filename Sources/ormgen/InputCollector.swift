import ArgumentParser
import Foundation
import ORMGenCore

/// Expands the command-line paths into schema inputs: files as given, directories as their `.yaml`/`.yml`
/// files (recursively, sorted), each named by the given path so output never holds absolute paths.
enum InputCollector {
    struct Collected {
        var inputs: [SchemaInput] = []
        /// Files that could not be read as UTF-8 text.
        var diagnostics: [Diagnostic] = []
    }

    static func collect(_ paths: [String]) throws -> Collected {
        var collected = Collected()
        let manager = FileManager.default
        var seen = Set<String>()
        for given in paths {
            let path = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                DiagnosticPrinter.fail("no such file or directory: '\(given)'")
                throw ExitCode.failure
            }
            let files = isDirectory.boolValue ? try schemaFiles(in: path) : [path]
            if isDirectory.boolValue && files.isEmpty {
                DiagnosticPrinter.fail("directory '\(given)' holds no .yaml or .yml files")
                throw ExitCode.failure
            }
            for file in files {
                // The same file named twice (`schema schema/a.yaml`) is read once.
                let canonical = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
                guard seen.insert(canonical).inserted else { continue }
                guard let data = manager.contents(atPath: file) else {
                    DiagnosticPrinter.fail("cannot read '\(file)'")
                    throw ExitCode.failure
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    collected.diagnostics.append(Diagnostic(
                        .error, "file is not UTF-8 text; schema files must be UTF-8 YAML",
                        at: SchemaLocation(path: file, line: 1, column: 1)))
                    continue
                }
                collected.inputs.append(SchemaInput(path: file, contents: text))
            }
        }
        return collected
    }

    private static func schemaFiles(in directory: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                files.append(directory + "/" + relative)
            }
        }
        return files.sorted()
    }
}

import ArgumentParser
import Foundation
import ORMGenCore

/// Expands the command-line paths into schema inputs: files as given, directories as their `.yaml`/`.yml`
/// files (recursively, sorted), each named by the given path so output never holds absolute paths.
package enum InputCollector {
    package struct Collected {
        package var inputs: [SchemaInput] = []
        /// Files that could not be read as UTF-8 text.
        package var diagnostics: [Diagnostic] = []

        package init(inputs: [SchemaInput] = [], diagnostics: [Diagnostic] = []) {
            self.inputs = inputs
            self.diagnostics = diagnostics
        }
    }

    package static func collect(_ paths: [String]) throws -> Collected {
        var collected = Collected()
        let manager = FileManager.default
        var seen = Set<String>()
        for given in paths {
            let path = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                let reason = statFailure(path)
                DiagnosticPrinter.fail(reason == ENOENT ? "no such file or directory: '\(given)'" : "cannot read '\(given)': \(String(cString: strerror(reason)))")
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
                let data: Data
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: file))
                } catch {
                    let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
                    DiagnosticPrinter.fail("cannot read '\(file)': \(reason)")
                    throw ExitCode.failure
                }
                switch SchemaInput.decoding(path: file, bytes: data) {
                case let .success(input): collected.inputs.append(input)
                case let .failure(notUTF8): collected.diagnostics.append(notUTF8.diagnostic)
                }
            }
        }
        return collected
    }

    /// The `errno` of `stat(path)` (`ENOENT` for a missing file, `ENAMETOOLONG`, `EACCES`, …), or 0 when it succeeds.
    private static func statFailure(_ path: String) -> Int32 {
        var info = stat()
        return stat(path, &info) == 0 ? 0 : errno
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

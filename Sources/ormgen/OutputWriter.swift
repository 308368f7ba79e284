import ArgumentParser
import Foundation
import ORMGenCore

/// Writes generated files: only those whose bytes changed, and removes stale files carrying the ormgen header.
enum OutputWriter {
    struct Report {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    static func write(_ files: [GeneratedFile], to directory: String) throws -> Report {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            DiagnosticPrinter.fail("cannot create output directory '\(directory)': \(reason(error))")
            throw ExitCode.failure
        }
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
            manager.isWritableFile(atPath: directory)
        else {
            DiagnosticPrinter.fail("output directory '\(directory)' is not a writable directory")
            throw ExitCode.failure
        }
        var report = Report()
        for file in files {
            let path = directory + "/" + file.name
            let data = Data(file.contents.utf8)
            if manager.contents(atPath: path) == data {
                report.unchanged += 1
                continue
            }
            do {
                try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                DiagnosticPrinter.fail("cannot write '\(path)': \(reason(error))")
                throw ExitCode.failure
            }
            report.written += 1
        }
        let names = Set(files.map(\.name))
        let existing = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
        for name in existing.sorted() where name.hasSuffix(".swift") && !names.contains(name) {
            let path = directory + "/" + name
            guard let data = manager.contents(atPath: path),
                data.starts(with: Data(Generator.headerPrefix.utf8))
            else { continue }
            do {
                try manager.removeItem(atPath: path)
                report.removed += 1
            } catch {
                DiagnosticPrinter.fail("cannot remove stale '\(path)': \(reason(error))")
                throw ExitCode.failure
            }
        }
        return report
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

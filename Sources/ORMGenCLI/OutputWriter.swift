import ArgumentParser
import Foundation
import ORMGenCore

/// Writes generated files: only those whose bytes changed, and removes stale files carrying the ormgen header.
package enum OutputWriter {
    package struct Report {
        package var written = 0
        package var unchanged = 0
        package var removed = 0
    }

    package static func write(_ files: [GeneratedFile], to directory: String) throws -> Report {
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
                try replace(path, with: data)
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

    /// Writes a sibling temporary file, then renames it over `path`: readers never see a half-written file.
    /// Plain POSIX writes: Foundation's `Data.write` fsyncs every file, which made writing 200 models take most
    /// of a second on a busy disk; generated files can always be regenerated.
    private static func replace(_ path: String, with data: Data) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).ormgen-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw posixError() }
        var written = 0
        let failed = data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            while written < buffer.count {
                let result = writeBytes(descriptor, base + written, buffer.count - written)
                if result < 0 { return true }
                written += result
            }
            return false
        }
        let error = failed ? posixError() : nil
        close(descriptor)
        if error == nil && rename(temporary, path) == 0 { return }
        let failure = error ?? posixError()
        unlink(temporary)
        throw failure
    }

    private static func posixError() -> any Error {
        CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedFailureReasonErrorKey: String(cString: strerror(errno))])
    }

    private static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

/// POSIX `write(2)` (outside `OutputWriter`, whose own `write` would shadow it).
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

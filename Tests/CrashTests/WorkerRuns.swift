import Foundation
import TestSupport
import Testing

/// Worker runs that are not killed, and the file handling around them.
enum WorkerRuns {
    /// Runs `CrashWorker arguments` until it finishes its mode and exits.
    ///
    /// - Throws: What starting it throws; an `Issue` when it exits with a non-zero status.
    static func toTheEnd(_ arguments: [String], in directory: TemporaryDirectory) throws -> WorkerProcess.Outcome {
        let worker = try WorkerProcess(arguments, in: directory.url)
        worker.closeInput()
        let run = worker.finish()
        try #require(run.status == 0 && !run.wasKilled, "CrashWorker \(arguments.joined(separator: " ")) failed: \(run.errors)")
        return run
    }

    /// Copies the database file at `source` (and its WAL or journal, if any) to `destination`.
    ///
    /// - Throws: The file manager's error.
    static func copy(_ source: String, to destination: String) throws {
        for suffix in ["", "-wal", "-journal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
        }
    }

    /// Removes the database file at `path` with its WAL, shared-memory and journal files.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

import Foundation
import ORMKit
import TestSupport
import Testing

/// Eight reader tasks and one writer task on one WAL file, beside a second process writing the same file, for
/// a bounded time (`ORMKIT_SOAK_SECONDS`, 2 by default; `scripts/soak.sh` runs a minute): no error reaches a
/// caller (no `SQLITE_BUSY`/`SQLITE_LOCKED`), every reported commit is there, every read sees a consistent
/// snapshot, and the WAL file stays bounded. Prints the figures; asserts only outcomes, never speed.
@Suite("Contention soak") struct ContentionSoakTests {
    static let batchSize = 20

    @Test func readersAWriterAndAnotherProcessSurfaceNoErrorsAndLoseNothing() async throws {
        let seconds = Double(ProcessInfo.processInfo.environment["ORMKIT_SOAK_SECONDS"] ?? "") ?? 2
        let (db, directory) = try makeDatabase(options: Database.Options(maximumReaderCount: 8))
        _ = directory
        try await db.execute(sql: """
            CREATE TABLE batches (id INTEGER PRIMARY KEY);
            CREATE TABLE rows (batch_id INTEGER NOT NULL, payload TEXT NOT NULL);
            CREATE TABLE other_process (id INTEGER PRIMARY KEY);
            """)
        let deadline = Date().addingTimeInterval(seconds)
        let walPath = db.path + "-wal"

        let child = try Self.startOtherProcess(path: db.path, seconds: seconds)

        async let committedBatches: (count: Int, largestWAL: Int) = Task.detached {
            var committed = 0
            var largestWAL = 0
            let payload = String(repeating: "x", count: 200)
            repeat {
                try await db.write { conn in
                    try conn.execute(sql: "INSERT INTO batches DEFAULT VALUES")
                    let batch = conn.lastInsertedRowID
                    for _ in 0..<Self.batchSize {
                        try conn.execute(sql: "INSERT INTO rows VALUES (?, ?)", arguments: [batch, payload])
                    }
                }
                committed += 1
                let size = (try? FileManager.default.attributesOfItem(atPath: walPath)[.size] as? Int) ?? 0
                largestWAL = max(largestWAL, size)
            } while Date() < deadline
            return (committed, largestWAL)
        }.value

        let readerCounts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var reads = 0
                    // At least one read each, however loaded the machine: the run is bounded by time, the checks
                    // are not.
                    repeat {
                        // One snapshot: the batches and their rows agree, whatever the writer is doing.
                        let (batches, rows) = try await db.read { conn in
                            (try Int.fetchOne(conn, sql: "SELECT count(*) FROM batches") ?? -1,
                             try Int.fetchOne(conn, sql: "SELECT count(*) FROM rows") ?? -1)
                        }
                        #expect(rows == batches * Self.batchSize, "inconsistent snapshot: \(batches) batches, \(rows) rows")
                        reads += 1
                    } while Date() < deadline
                    return reads
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let (batches, largestWAL) = try await committedBatches
        child.waitUntilExit()
        let childOutput = String(decoding: (child.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let childCommits = Int(childOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1

        #expect(child.terminationStatus == 0, "the other process failed: \(childOutput)")
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM batches") == batches)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM rows") == batches * Self.batchSize)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM other_process") == childCommits)
        #expect(try await String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        // Despite constant reading and another process writing, the checkpoint policy restarts the WAL past 4000
        // pages (16 MB at 4 KB pages), pausing this database's readers from 8000 on and waiting for the others in a
        // commit from 11000 (see CheckpointPolicy): it stays below three times 16 MB, however long the run.
        #expect(largestWAL < 3 * 4000 * 4096, "the WAL grew to \(largestWAL) bytes")
        print("""
            soak: \(seconds)s, \(batches) writer commits (\(batches * Self.batchSize) rows), \
            \(readerCounts.reduce(0, +)) snapshot reads by 8 readers, \(childCommits) commits by another process, \
            largest WAL \(largestWAL) bytes, 0 errors
            """)
    }

    /// A python3 child that commits one row at a time into `other_process` until `seconds` pass, waiting on
    /// SQLite's busy timeout when the file is locked, and prints how many it committed.
    private static func startOtherProcess(path: String, seconds: Double) throws -> Process {
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], timeout=10)
            end = time.time() + float(sys.argv[2])
            n = 0
            while time.time() < end:
                c.execute("INSERT INTO other_process DEFAULT VALUES")
                c.commit()
                n += 1
            print(n)
            """
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = ["python3", "-c", script, path, String(seconds)]
        child.standardOutput = Pipe()
        try child.run()
        return child
    }
}

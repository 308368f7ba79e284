import Foundation
import TestSupport
import Testing

extension CrashTests {
    /// Batches committed by a worker that is SIGKILLed again and again, on one file: after each kill the file
    /// passes `PRAGMA integrity_check`, has the whole schema or none of it, holds every batch whose commit was
    /// reported, and no partial batch.
    @Suite struct BatchCrashTests {
        /// Orders per batch (one `write` transaction).
        static let batchSize = 200

        @Test(arguments: [Journal.wal, .rollback])
        func everyReportedBatchSurvivesAndNoneIsPartial(journal: Journal) throws {
            let kills = journal == .wal ? CrashSettings.kills(ci: 30) : CrashSettings.kills(ci: 12, share: 3)
            var random = CrashSettings.generator(salt: journal == .wal ? 1 : 11)
            let name = "batches \(journal)"
            CrashSettings.report(name, "seed \(CrashSettings.seed), \(kills) kills, \(Self.batchSize) rows per batch")
            let directory = try TemporaryDirectory()
            let path = directory.path("batches.sqlite")
            var ledger = KillLedger(start: "begin", done: "committed", partsPerUnit: Self.batchSize)
            var (earlyKills, earlyKillsBeforeTheSchema) = (0, 0)
            for round in 1...kills {
                // Round 1 (a new file) and every sixth: killed 0-100 ms after the start, while the worker may be
                // creating, migrating or opening the file; the others 5-150 ms after the first commit.
                let early = round % 6 == 1
                let worker = try WorkerProcess(journal.workerOptions + ["batches", path, "\(Self.batchSize)"], in: directory.url)
                defer { worker.stop() }
                let delay: Int
                if early {
                    delay = Int.random(in: 0...100, using: &random)
                } else {
                    let firstCommit = worker.waitForLine(timeout: 120) { $0.hasPrefix("committed ") }
                    try #require(firstCommit != nil, "round \(round): no commit")
                    delay = Int.random(in: 5...150, using: &random)
                }
                sleep(milliseconds: delay)
                worker.kill()
                let run = worker.finish()
                try #require(run.wasKilled, "round \(round): the worker ended by itself: \(run.errors)")

                let context = "round \(round), killed \(delay) ms after \(early ? "the start" : "the first commit")"
                // A WAL file opened read-only first (its WAL recovered by read-only connections), then read-write.
                // Not while a rollback journal is left: a worker killed before it switched the new file to WAL leaves
                // a hot journal, which only a read-write connection may roll back (SQLITE_READONLY_ROLLBACK).
                var seenReadOnly: [Int: StoredUnit]?
                if journal == .wal, FileManager.default.fileExists(atPath: path),
                    !FileManager.default.fileExists(atPath: path + "-journal") {
                    seenReadOnly = try ReopenedFile.inspectReadOnly(path) { db in
                        try ExampleSchemaState.read(db).isCreated ? try StoredBatches.read(db, size: Self.batchSize) : [:]
                    }
                }
                let (integrity, schema, batches) = try ReopenedFile.inspect(path, journal: journal) { db in
                    let schema = try ExampleSchemaState.read(db)
                    return (try ReopenedFile.integrity(db), schema, schema.isCreated ? try StoredBatches.read(db, size: Self.batchSize) : [:])
                }
                #expect(seenReadOnly == nil || seenReadOnly == batches, "\(context): read-only and read-write opens disagree")
                #expect(integrity == ["ok"], "\(context)")
                #expect(schema.isEmpty || schema.isCreated, "\(context): the schema is half created: \(schema)")
                if early {
                    earlyKills += 1
                    if schema.isEmpty { earlyKillsBeforeTheSchema += 1 }
                }
                ledger.record(lines: run.lines, stored: batches)
            }
            CrashSettings.report(
                name, ledger.summary(units: "batches", parts: "rows")
                    + ", kills after the start \(earlyKills) (before the schema was created \(earlyKillsBeforeTheSchema))")
            #expect(ledger.partsLost == 0)
            #expect(ledger.partialUnits.isEmpty)
            #expect(ledger.holes.isEmpty)
            #expect(ledger.unexplainedUnits == 0)
        }
    }
}

import Foundation
import TestSupport
import Testing

extension CrashTests {
    /// Batches committed by a worker that is SIGKILLed again and again, on one file: after each kill the file
    /// passes `PRAGMA integrity_check`, holds every batch whose commit was reported, and no partial batch.
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
            for round in 1...kills {
                let worker = try WorkerProcess(journal.workerOptions + ["batches", path, "\(Self.batchSize)"], in: directory.url)
                defer { worker.stop() }
                let firstCommit = worker.waitForLine(timeout: 120) { $0.hasPrefix("committed ") }
                let delay = Int.random(in: 5...150, using: &random)
                if firstCommit != nil { sleep(milliseconds: delay) }
                worker.kill()
                let run = worker.finish()
                try #require(firstCommit != nil && run.wasKilled, "round \(round): no commit before the kill: \(run.errors)")

                let (integrity, batches) = try ReopenedFile.inspect(path, journal: journal) { db in
                    (try ReopenedFile.integrity(db), try StoredBatches.read(db, size: Self.batchSize))
                }
                #expect(integrity == ["ok"], "round \(round), killed \(delay) ms after the first commit")
                ledger.record(lines: run.lines, stored: batches)
            }
            CrashSettings.report(name, ledger.summary(units: "batches", parts: "rows"))
            #expect(ledger.partsLost == 0)
            #expect(ledger.partialUnits.isEmpty)
            #expect(ledger.holes.isEmpty)
            #expect(ledger.unexplainedUnits == 0)
        }
    }
}

import Foundation
import TestSupport
import Testing

extension CrashTests {
    /// Batches committed by a worker that is SIGKILLed again and again, on one file: after each kill the file
    /// passes `PRAGMA integrity_check`, holds every batch whose commit was reported, and no partial batch.
    @Suite struct BatchCrashTests {
        /// Orders per batch (one `write` transaction).
        static let batchSize = 200

        @Test func everyReportedBatchSurvivesAndNoneIsPartial() throws {
            let kills = CrashSettings.kills(ci: 30)
            var random = CrashSettings.generator(salt: 1)
            CrashSettings.report("batches", "seed \(CrashSettings.seed), \(kills) kills, \(Self.batchSize) rows per batch")
            let directory = try TemporaryDirectory()
            let path = directory.path("batches.sqlite")
            var ledger = KillLedger(start: "begin", done: "committed", partsPerUnit: Self.batchSize)
            for round in 1...kills {
                let worker = try WorkerProcess(["batches", path, "\(Self.batchSize)"], in: directory.url)
                defer { worker.stop() }
                let firstCommit = worker.waitForLine(timeout: 120) { $0.hasPrefix("committed ") }
                let delay = Int.random(in: 5...150, using: &random)
                if firstCommit != nil { sleep(milliseconds: delay) }
                worker.kill()
                let run = worker.finish()
                try #require(firstCommit != nil && run.wasKilled, "round \(round): no commit before the kill: \(run.errors)")

                let (integrity, batches) = try ReopenedFile.inspect(path) { db in
                    (try ReopenedFile.integrity(db), try StoredBatches.read(db, size: Self.batchSize))
                }
                #expect(integrity == ["ok"], "round \(round), killed \(delay) ms after the first commit")
                ledger.record(lines: run.lines, stored: batches)
            }
            CrashSettings.report("batches", ledger.summary(units: "batches", parts: "rows"))
            #expect(ledger.partsLost == 0)
            #expect(ledger.partialUnits == 0)
            #expect(ledger.holes == 0)
            #expect(ledger.unexplainedUnits == 0)
        }
    }
}

import Foundation
import TestSupport
import Testing

extension CrashTests {
    /// Author graphs (three books with two readers each, and a profile) saved by a worker that is SIGKILLed
    /// again and again, on one file: after each kill every reported graph is there whole, no graph is there in
    /// part, and no book, reader, link or profile of a graph is there without its author.
    @Suite struct GraphCrashTests {
        @Test(arguments: [Journal.wal, .rollback])
        func everyReportedGraphSurvivesAndNoneIsPartial(journal: Journal) throws {
            let kills = journal == .wal ? CrashSettings.kills(ci: 16, share: 4) : CrashSettings.kills(ci: 8, share: 8)
            var random = CrashSettings.generator(salt: journal == .wal ? 3 : 13)
            let name = "graphs \(journal)"
            CrashSettings.report(name, "seed \(CrashSettings.seed), \(kills) kills")
            let directory = try TemporaryDirectory()
            let path = directory.path("graphs.sqlite")
            var ledger = KillLedger(start: "saving", done: "saved", partsPerUnit: StoredGraphs.partsPerGraph)
            var orphans = 0
            for round in 1...kills {
                let worker = try WorkerProcess(journal.workerOptions + ["graphs", path], in: directory.url)
                defer { worker.stop() }
                let firstSave = worker.waitForLine(timeout: 120) { $0.hasPrefix("saved ") }
                let delay = Int.random(in: 5...150, using: &random)
                if firstSave != nil { sleep(milliseconds: delay) }
                worker.kill()
                let run = worker.finish()
                try #require(firstSave != nil && run.wasKilled, "round \(round): no save before the kill: \(run.errors)")

                let (integrity, foreignKeys, stored) = try ReopenedFile.inspect(path, journal: journal) { db in
                    (try ReopenedFile.integrity(db), try ReopenedFile.foreignKeyViolations(db), try StoredGraphs.read(db))
                }
                #expect(integrity == ["ok"], "round \(round), killed \(delay) ms after the first save")
                #expect(foreignKeys.isEmpty, "round \(round)")
                orphans += stored.orphans
                ledger.record(lines: run.lines, stored: stored.graphs)
            }
            CrashSettings.report(name, ledger.summary(units: "graphs", parts: "records and links") + ", children without a parent \(orphans)")
            #expect(ledger.partsLost == 0)
            #expect(ledger.partialUnits.isEmpty)
            #expect(ledger.holes.isEmpty)
            #expect(ledger.unexplainedUnits == 0)
            #expect(orphans == 0)
        }
    }
}

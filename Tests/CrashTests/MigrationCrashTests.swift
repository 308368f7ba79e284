import Foundation
import TestSupport
import Testing

extension CrashTests {
    /// A migration that rebuilds a big table, SIGKILLed at random moments from its start to a little past its
    /// usual end, each time on a fresh copy of the seeded version-1 file: the file then opens at version 1 with
    /// the old shape or at version 2 with the new one, never between, with every row; and it migrates to
    /// version 2 afterwards.
    @Suite struct MigrationCrashTests {
        /// Items in the seeded file (and one note per ten).
        static let rows = 200_000

        @Test(arguments: [Journal.wal, .rollback])
        func aKilledMigrationLeavesTheOldVersionOrTheNewOne(journal: Journal) throws {
            let kills = journal == .wal ? CrashSettings.kills(ci: 8, share: 8) : CrashSettings.kills(ci: 4, share: 16)
            var random = CrashSettings.generator(salt: journal == .wal ? 2 : 12)
            let name = "migrate \(journal)"
            let directory = try TemporaryDirectory()
            let seeded = directory.path("seeded.sqlite")
            let seeding = try WorkerRuns.toTheEnd(journal.workerOptions + ["seed", seeded, "\(Self.rows)"], in: directory)
            try #require(seeding.lines == ["seeded \(Self.rows)"], "\(seeding.errors)")
            let before = try ReopenedFile.inspect(seeded, journal: journal) { try ItemsFile.read($0) }
            try #require(before.version == 1 && before.shape == .old && before.nullWeights > 0)

            // One migration without a kill: it succeeds, and its duration sets the span the kills are spread over
            // (then each migration finished after a kill at version 1 sets it again, following the machine's load).
            let measured = directory.path("measured.sqlite")
            try WorkerRuns.copy(seeded, to: measured)
            let duration = try migrate(measured, journal: journal, in: directory, like: before)
            var span = max(20, duration * 5 / 4)
            var (shortest, longest) = (duration, duration)
            CrashSettings.report(name, "seed \(CrashSettings.seed), \(Self.rows) rows, \(kills) kills from 0 to 1.25 times the last migration's duration")

            var (old, new, between, reported) = (0, 0, 0, 0)
            for round in 1...kills {
                let path = directory.path("killed-\(round).sqlite")
                try WorkerRuns.copy(seeded, to: path)
                let worker = try WorkerProcess(journal.workerOptions + ["migrate", path], in: directory.url)
                defer { worker.stop() }
                let ready = worker.waitForLine(timeout: 120) { $0 == "ready" }
                let delay = Int.random(in: 0...span, using: &random)
                if ready != nil { sleep(milliseconds: delay) }
                worker.kill()
                let run = worker.finish()
                try #require(ready != nil && run.wasKilled, "round \(round): the worker did not start: \(run.errors)")
                let reportedMigrated = run.lines.contains { $0.hasPrefix("migrated ") }
                if reportedMigrated { reported += 1 }

                let (integrity, foreignKeys, file) = try ReopenedFile.inspect(path, journal: journal) { db in
                    (try ReopenedFile.integrity(db), try ReopenedFile.foreignKeyViolations(db), try ItemsFile.read(db))
                }
                let context = "round \(round), killed \(delay) ms after the start"
                #expect(integrity == ["ok"], "\(context)")
                #expect(foreignKeys.isEmpty, "\(context)")
                #expect(file.leftovers.isEmpty, "\(context)")
                #expect(file.itemsFingerprint == before.itemsFingerprint && file.notesFingerprint == before.notesFingerprint, "\(context)")
                switch (file.version, file.shape) {
                case (1, .old):
                    old += 1
                    #expect(!reportedMigrated, "\(context): the migration was reported, yet the file is at version 1")
                    #expect(file.nullWeights == before.nullWeights, "\(context)")
                case (2, .new):
                    new += 1
                    #expect(file.nullWeights == 0, "\(context)")
                default:
                    between += 1
                    Issue.record("\(context): version \(file.version) with shape \(file.shape)")
                }
                let finished = try migrate(path, journal: journal, in: directory, like: before)
                if file.version == 1 {
                    span = max(20, finished * 5 / 4)
                    (shortest, longest) = (min(shortest, finished), max(longest, finished))
                }
                WorkerRuns.remove(path)
            }
            CrashSettings.report(name, "kills \(kills): old version \(old), new version \(new) (reported migrated before the kill \(reported)), between \(between); "
                + "migrations took \(shortest)-\(longest) ms")
            #expect(between == 0 && old + new == kills)
        }

        /// Migrates the file at `path` to version 2 with an unkilled worker and checks the result against the
        /// version-1 file `before`.
        ///
        /// - Returns: The milliseconds from the worker's `ready` to its `migrated`.
        private func migrate(_ path: String, journal: Journal, in directory: TemporaryDirectory, like before: ItemsFile) throws -> Int {
            let worker = try WorkerProcess(journal.workerOptions + ["migrate", path], in: directory.url)
            defer { worker.stop() }
            _ = worker.waitForLine(timeout: 120) { $0 == "ready" }
            let start = Date()
            let migrated = worker.waitForLine(timeout: 300) { $0.hasPrefix("migrated ") }
            let duration = Int(Date().timeIntervalSince(start) * 1000)
            worker.closeInput()
            let run = worker.finish()
            try #require(migrated != nil && run.status == 0, "the migration failed: \(run.errors)")
            let after = try ReopenedFile.inspect(path, journal: journal) { try ItemsFile.read($0) }
            #expect(after.version == 2 && after.shape == .new && after.nullWeights == 0 && after.leftovers.isEmpty)
            #expect(after.itemsFingerprint == before.itemsFingerprint && after.notesFingerprint == before.notesFingerprint)
            return duration
        }
    }
}

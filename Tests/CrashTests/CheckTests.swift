import ExampleModels
import Foundation
import ORMKit
import TestSupport
import Testing

extension CrashTests {
    /// The checks the crash suites rely on, shown to fail on files damaged on purpose: a partial batch, a graph
    /// missing a link, a reader without its graph, a table between two versions.
    @Suite struct CheckTests {
        @Test func theLedgerCountsLostPartialAndUnexplainedBatches() {
            var ledger = KillLedger(start: "begin", done: "committed", partsPerUnit: 4)
            let whole = StoredUnit(parts: 4, isComplete: true)
            ledger.record(lines: ["ready 0", "begin 1", "committed 1", "begin 2"], stored: [1: whole])
            ledger.record(lines: ["ready 1", "begin 2", "committed 2", "begin 3"], stored: [1: whole, 2: whole, 3: whole])
            // Killed again after a commit it could not report: two unreported batches in a row are explained.
            ledger.record(lines: ["ready 3", "begin 4"], stored: [1: whole, 2: whole, 3: whole, 4: whole])
            #expect(ledger.killsInsideTransaction == 1 && ledger.doneUnreported == 2)
            #expect(ledger.partsLost == 0 && ledger.partialUnits.isEmpty && ledger.holes.isEmpty && ledger.unexplainedUnits == 0)

            ledger.record(
                lines: ["ready 4", "begin 5", "committed 5"],
                stored: [1: whole, 2: StoredUnit(parts: 3, isComplete: false), 4: whole, 5: whole, 7: whole])
            #expect(ledger.killsBetweenTransactions == 1)
            #expect(ledger.partsLost == 1)
            #expect(ledger.partialUnits == [2])
            #expect(ledger.holes == [3, 6])
            #expect(ledger.unexplainedUnits == 1)
            // A run that starts elsewhere than the file ended, or a file that ends before the last report.
            ledger.record(lines: ["ready 5", "begin 6"], stored: [1: whole, 2: whole, 3: whole, 4: whole, 5: whole, 6: whole, 7: whole])
            ledger.record(lines: ["ready 7", "begin 8", "committed 8"], stored: [1: whole, 2: whole, 3: whole, 4: whole, 5: whole, 6: whole, 7: whole])
            #expect(ledger.unexplainedUnits == 3)
            #expect(ledger.partsLost == 5)
        }

        @Test func aBatchWithARowMissingOrTwiceIsPartial() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path("batches.sqlite")
            _ = try WorkerRuns.toTheEnd(["batches", path, "4", "3"], in: directory)
            let batches = try ReopenedFile.inspect(path) { db in
                try db.writeWithoutTransaction { conn in
                    try conn.execute(sql: "DELETE FROM \"order\" WHERE \"group\" = 'crash' AND \"count\" = 2 AND \"index\" = 3")
                    try conn.execute(sql: "UPDATE \"order\" SET \"index\" = 0 WHERE \"group\" = 'crash' AND \"count\" = 3 AND \"index\" = 1")
                }
                return try StoredBatches.read(db, size: 4)
            }
            #expect(batches[1] == StoredUnit(parts: 4, isComplete: true))
            #expect(batches[2] == StoredUnit(parts: 3, isComplete: false))
            #expect(batches[3] == StoredUnit(parts: 4, isComplete: false))
        }

        @Test func aGraphMissingALinkIsPartialAndAStrayReaderIsAnOrphan() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path("graphs.sqlite")
            _ = try WorkerRuns.toTheEnd(["graphs", path, "3"], in: directory)
            let (whole, damaged) = try ReopenedFile.inspect(path) { db in
                let whole = try StoredGraphs.read(db)
                try db.writeWithoutTransaction { conn in
                    try conn.execute(sql: "DELETE FROM book_readers WHERE book_isbn = ? AND rowid IN (SELECT min(rowid) FROM book_readers WHERE book_isbn = ?)",
                                     arguments: [StoredGraphs.isbn(2, 1), StoredGraphs.isbn(2, 1)])
                    var stray = Reader(cardNumber: StoredGraphs.card(9, 0), name: "Graph 9 reader 0")
                    try stray.insert(conn)
                }
                return (whole, try StoredGraphs.read(db))
            }
            #expect(whole.graphs.count == 3 && whole.graphs.values.allSatisfy { $0 == StoredUnit(parts: StoredGraphs.partsPerGraph, isComplete: true) })
            #expect(whole.orphans == 0)
            #expect(damaged.graphs[1]?.isComplete == true && damaged.graphs[3]?.isComplete == true)
            #expect(damaged.graphs[2] == StoredUnit(parts: StoredGraphs.partsPerGraph - 2, isComplete: false))
            // The unlinked reader of graph 2 and the stray one hang under no author.
            #expect(damaged.orphans == 2)
        }

        @Test func aTableHalfMigratedIsBetweenTheVersions() throws {
            let directory = try TemporaryDirectory()
            let path = directory.path("items.sqlite")
            _ = try WorkerRuns.toTheEnd(["seed", path, "1000"], in: directory)
            let file = try ReopenedFile.inspect(path) { db in
                try db.writeWithoutTransaction { try $0.execute(sql: "ALTER TABLE crash_items ADD COLUMN \"checked\" INTEGER NOT NULL DEFAULT 0") }
                return try ItemsFile.read(db)
            }
            #expect(file.version == 1)
            #expect(file.shape == .between("weight [\"REAL 0\"], checked 1, batch index 0"))
            #expect(file.itemsFingerprint.hasPrefix("1000 "))
        }
    }
}

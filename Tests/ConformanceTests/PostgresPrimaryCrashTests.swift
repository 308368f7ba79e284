#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// A primary killed with SIGKILL while batches are being written, then started again: every batch whose write
/// returned is there, none is there in part, the calls made meanwhile fail with a retryable error (or, rarely,
/// never return: see the writer), and the same `PostgresDatabase` writes again once the server is back. On a cluster of its own (the shared one serves the
/// other suites meanwhile), made by scripts/postgres-cluster.sh.
@Suite("PostgreSQL: a killed primary", .serialized) struct PostgresPrimaryCrashTests {
    /// A throwaway cluster for one test.
    struct OwnCluster {
        let directory: String
        let url: String
        let startCommand: String
        let replicaURL: String
        let promoteCommand: String

        static let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/postgres-cluster.sh").path

        static func start() throws -> OwnCluster {
            let directory = "/tmp/ormkit-crash-\(UUID().uuidString.prefix(8))"
            let env = try PostgresTestServer.runShell("bash '\(script)' start '\(directory)' 2>/dev/null")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let values = try PostgresTestServer.runShell(
                ". '\(env)' && printf '%s\\n' \"$ORMKIT_POSTGRES_URL\" \"$ORMKIT_POSTGRES_PRIMARY_START\""
                    + " \"$ORMKIT_POSTGRES_REPLICA_URL\" \"$ORMKIT_POSTGRES_REPLICA_PROMOTE\""
            ).split(separator: "\n").map(String.init)
            guard values.count == 4 else { throw POSIXError(.ENOENT) }
            return OwnCluster(
                directory: directory, url: values[0], startCommand: values[1], replicaURL: values[2], promoteCommand: values[3]
            )
        }

        /// SIGKILL to the primary's postmaster and every process it started: a crash, no shutdown at all.
        func killPrimary() throws {
            try PostgresTestServer.runShell(
                "pid=$(head -1 '\(directory)/primary/postmaster.pid') && pkill -KILL -P \"$pid\"; kill -KILL \"$pid\"")
        }

        func startPrimary() throws {
            try PostgresTestServer.runShell(startCommand)
        }

        /// `pg_ctl promote` on the standby: it leaves recovery and accepts writes.
        func promoteStandby() throws {
            try PostgresTestServer.runShell(promoteCommand)
        }

        func stop() {
            _ = try? PostgresTestServer.runShell("bash '\(Self.script)' stop '\(directory)'")
        }
    }

    /// What the writer saw.
    struct WriterLog {
        var acknowledged: Set<Int> = []
        var failed: [Int: any Error] = [:]
        /// Batches whose call had not returned 10 s later (see the test).
        var hung: Set<Int> = []
    }

    static let rowsPerBatch = 50
    static let kills = 3

    @Test func aPrimaryKilledMidBatchLosesNoWriteThatReturnedAndThePoolRecovers() async throws {
        _ = try PostgresTestServer.require()
        let cluster = try OwnCluster.start()
        defer { cluster.stop() }
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(2)
        let db = try PostgresDatabase(url: cluster.url, options: options)
        try await db.execute(sql: "CREATE TABLE batch_rows (batch INT NOT NULL, item INT NOT NULL, PRIMARY KEY (batch, item))")

        let log = Locked(WriterLog())
        let writer = Task {
            var batch = 0
            while !Task.isCancelled {
                batch += 1
                // A statement written just as the server dies can wait forever: postgres-nio 1.33 drops a query
                // written to a channel that closed meanwhile without failing it (ORMKitPostgres refuses statements
                // on a closed connection, which leaves only that window). Such a batch is counted, not waited for.
                let result = await within(.seconds(10)) { [batch] in
                    try await db.transaction { tx in
                        for item in 0..<Self.rowsPerBatch {
                            try await tx.execute(sql: "INSERT INTO batch_rows VALUES ($1, $2)", arguments: [batch, item])
                        }
                    }
                }
                switch result {
                case .success:
                    log.withLock { _ = $0.acknowledged.insert(batch) }
                case .failure(let error) where error is TimedOut:
                    log.withLock { _ = $0.hung.insert(batch) }
                case .failure(let error):
                    log.withLock { $0.failed[batch] = error }
                    try? await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        try await waitUntil("10 batches written") { log.withLock { $0.acknowledged.count } >= 10 }
        for _ in 0..<Self.kills {
            let failedBefore = log.withLock { $0.failed.count + $0.hung.count }
            try cluster.killPrimary()
            // The batch in flight fails, and the next ones within the connect timeout (the server is gone).
            try await waitUntil("the writer failing") { log.withLock { $0.failed.count + $0.hung.count } >= failedBefore + 2 }
            try cluster.startPrimary()
            let beforeRestart = log.withLock { $0.acknowledged.count }
            try await waitUntil("10 more batches after the restart") { log.withLock { $0.acknowledged.count } >= beforeRestart + 10 }
        }
        writer.cancel()
        _ = await writer.result

        let complete = Set(try await Int.fetchAll(
            db, sql: "SELECT batch FROM batch_rows GROUP BY batch HAVING count(*) = $1", arguments: [Self.rowsPerBatch]))
        let partial = try await Int.fetchAll(
            db, sql: "SELECT batch FROM batch_rows GROUP BY batch HAVING count(*) <> $1", arguments: [Self.rowsPerBatch])
        let final = log.withLock { $0 }
        let lost = final.acknowledged.subtracting(complete)
        let committedThoughFailed = final.failed.keys.filter { complete.contains($0) }
        print("""
            killed primary \(Self.kills) times: batches acknowledged \(final.acknowledged.count), failed \(final.failed.count) \
            (committed all the same \(committedThoughFailed.count)), calls that never returned \(final.hung.count), \
            lost \(lost.count), partial \(partial.count)
            """)
        #expect(lost.isEmpty, "batches that returned and are missing: \(lost.sorted())")
        #expect(partial.isEmpty, "batches in part: \(partial)")
        for (batch, error) in final.failed {
            #expect((error as? DatabaseError)?.isRetryable == true, "batch \(batch): \(error)")
        }
        await db.close()
    }

    /// Polls `condition` every 20 ms for up to 60 s.
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) async throws {
        for _ in 0..<3000 {
            if try condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("timed out waiting for \(what)")
        throw CancellationError()
    }
}
#endif

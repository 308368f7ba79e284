#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// The primary killed, its standby promoted (as a failover manager would): the same `PostgresDatabase`, opened with
/// the standby in its replica list, sends its writes to the promoted server once a write finds the primary gone. On
/// a cluster of its own (the shared cluster's standby must stay one).
@Suite("PostgreSQL: failover to a promoted standby", .serialized) struct PostgresFailoverTests {
    typealias OwnCluster = PostgresPrimaryCrashTests.OwnCluster

    @Test func writesGoToTheStandbyPromotedAfterThePrimaryIsLost() async throws {
        _ = try PostgresTestServer.require()
        let cluster = try OwnCluster.start()
        defer { cluster.stop() }
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(2)
        let db = try PostgresDatabase(url: cluster.url, replicaURLs: [cluster.replicaURL], options: options)
        try await db.execute(sql: "CREATE TABLE failover_rows (id INT PRIMARY KEY, server TEXT NOT NULL)")
        for id in 1...10 {
            try await db.execute(sql: "INSERT INTO failover_rows VALUES ($1, 'primary')", arguments: [id])
        }
        // Replication is asynchronous: a failover keeps what the standby had replayed. Wait for all ten there.
        try await waitUntil { try await Int.fetchOne(db, sql: "SELECT count(*) FROM failover_rows") == 10 }

        try cluster.killPrimary()
        try cluster.promoteStandby()

        // The write that finds the primary gone fails, retryable (it cannot know whether it committed), within the
        // connect timeout although the primary died while its connections sat idle in the pool (the pool alone would
        // retry for a minute); the app retries, and the retry goes to the promoted standby.
        let started = ContinuousClock.now
        var failures: [DatabaseError] = []
        while true {
            do {
                try await db.execute(sql: "INSERT INTO failover_rows VALUES (11, 'promoted')")
                break
            } catch let error as DatabaseError where error.isRetryable && failures.count < 3 {
                failures.append(error)
            }
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(failures.count == 1, "the first write after the loss fails, the next one reaches the promoted server")
        #expect(failures.allSatisfy { $0.isConnectionLost })

        // Later writes and reads of the primary go to the promoted server, which is out of recovery and has all 11.
        for id in 12...20 {
            try await db.execute(sql: "INSERT INTO failover_rows VALUES ($1, 'promoted')", arguments: [id])
        }
        let onWriter = try await db.read(from: .primary) { session in
            try await Int.fetchOne(session, sql: "SELECT count(*) FROM failover_rows")
        }
        #expect(onWriter == 20)
        let promoted = try PostgresDatabase(url: cluster.replicaURL)
        let inRecovery = try await Bool.fetchOne(promoted, sql: "SELECT pg_is_in_recovery()")
        #expect(inRecovery == false)
        let onPromoted = try await Int.fetchOne(promoted, sql: "SELECT count(*) FROM failover_rows")
        #expect(onPromoted == 20)
        await promoted.shutdown()
        await db.shutdown()
    }
}
#endif

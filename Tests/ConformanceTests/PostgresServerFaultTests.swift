#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// What a server does to a running application: timeouts it enforces, and a connection cut mid-query by the network.
@Suite("PostgreSQL: server faults") struct PostgresServerFaultTests {
    @Test func aStatementTimeoutIsItsOwnErrorCase() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try PostgresDatabase(url: test.url)
        let error = await #expect(throws: DatabaseError.self) {
            try await db.transaction { tx in
                try await tx.execute(sql: "SET LOCAL statement_timeout = '100ms'")
                try await tx.execute(sql: "SELECT pg_sleep(5)")
            }
        }
        #expect(error?.isStatementTimeout == true, "\(String(describing: error))")
        #expect(error?.isLockTimeout == false)
        #expect(error?.isRetryable == false)
        #expect(error?.sqlState == "57014")
        // The connection is usable afterwards.
        #expect(try await Int.fetchOne(db, sql: "SELECT 1") == 1)
        await db.close()
        try await test.drop()
    }

    @Test func aLockTimeoutIsItsOwnErrorCaseAndRetryable() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try PostgresDatabase(url: test.url)
        try await db.execute(sql: "CREATE TABLE counters (id INT PRIMARY KEY, n INT NOT NULL)")
        try await db.execute(sql: "INSERT INTO counters VALUES (1, 0)")
        let (locked, lockedContinuation) = AsyncStream<Void>.makeStream()
        let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
        // One transaction holds the row's lock until the other has given up waiting for it.
        let holder = Task {
            try await db.transaction { tx in
                try await tx.execute(sql: "UPDATE counters SET n = n + 1 WHERE id = 1")
                lockedContinuation.yield()
                for await _ in release { break }
            }
        }
        for await _ in locked { break }
        let error = await #expect(throws: DatabaseError.self) {
            try await db.transaction { tx in
                try await tx.execute(sql: "SET LOCAL lock_timeout = '100ms'")
                try await tx.execute(sql: "UPDATE counters SET n = n + 10 WHERE id = 1")
            }
        }
        releaseContinuation.yield()
        try await holder.value
        #expect(error?.isLockTimeout == true, "\(String(describing: error))")
        #expect(error?.isStatementTimeout == false)
        #expect(error?.isRetryable == true)
        // Run again once the lock is free, it succeeds.
        try await db.execute(sql: "UPDATE counters SET n = n + 10 WHERE id = 1")
        #expect(try await Int.fetchOne(db, sql: "SELECT n FROM counters WHERE id = 1") == 11)
        await db.close()
        try await test.drop()
    }

    /// The network cuts the connection while a query runs (a proxy in the test shuts both sockets): the call fails
    /// with a lost connection, retryable; the next call works on a new connection; and the pool keeps no broken
    /// connection (with two connections at most, four cuts in a row would otherwise leave it none).
    @Test func aConnectionCutMidQueryFailsClearlyAndTheNextCallWorks() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let server = try PostgresTestServer.require()
        let proxy = try CuttingProxy(to: server.primary.port)
        defer { proxy.stop() }
        guard var components = URLComponents(string: test.url) else { throw URLError(.badURL) }
        components.host = "127.0.0.1"
        components.port = proxy.port
        var options = PostgresDatabase.Options()
        options.maximumConnections = 2
        let db = try PostgresDatabase(url: try #require(components.string), options: options)
        #expect(try await Int.fetchOne(db, sql: "SELECT 1") == 1)
        for round in 1...3 {
            let slow = Task { try await Int.fetchOne(db, sql: "SELECT 1 FROM pg_sleep(30)") }
            // Cut once the query is running on the server.
            try await waitUntil { try await Self.sleepingQueries(test) > 0 }
            proxy.cutAll()
            let result = await within(.seconds(20)) { try await slow.value }
            guard case .failure(let failure) = result else {
                Issue.record("round \(round): the query survived the cut")
                break
            }
            let error = failure as? DatabaseError
            #expect(error?.isConnectionLost == true, "round \(round): \(failure)")
            #expect(error?.isRetryable == true)
            // A hang here would be a lease the pool never serves (or a leaked connection): a failure, not a stall.
            let next = await within(.seconds(20)) { try await Int.fetchOne(db, sql: "SELECT \(round)") }
            #expect((try? next.get()) == round, "round \(round): the next call gave \(next)")
            guard case .success = next else { break }
            try await Self.cancelSleepingQueries(test)
        }
        #expect(proxy.openConnections <= 2)
        await db.close()
        try await test.drop()
    }

    /// The queries of the test's database sleeping in `pg_sleep`, seen from an admin connection.
    private static func sleepingQueries(_ test: TestPostgresDatabase) async throws -> Int {
        let admin = try PostgresDatabase(url: test.adminURL)
        defer { Task { await admin.close() } }
        return try await Int.fetchOne(
            admin, sql: "SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep(30)%' AND state = 'active' AND pid <> pg_backend_pid()",
            arguments: [test.name]
        ) ?? 0
    }

    /// Ends the server side of cut connections (their backends sleep on until they next write).
    private static func cancelSleepingQueries(_ test: TestPostgresDatabase) async throws {
        let admin = try PostgresDatabase(url: test.adminURL)
        _ = try await Bool.fetchAll(
            admin, sql: "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()",
            arguments: [test.name]
        )
        await admin.close()
    }
}
#endif

#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// What only the PostgreSQL backend does: concurrent migrators, read replicas and failover, streamed cursors.
/// Serialized: the failover test stops the shared standby.
@Suite("PostgreSQL", .serialized) struct PostgreSQLTests {
    static let hooks: [String: MigrationHook] = ["backfillReaderTokens": { _ in }]

    @Test func twoConcurrentMigratorsMigrateOnce() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let first = try PostgresDatabase(url: test.url)
        let second = try PostgresDatabase(url: test.url)
        async let a = first.migrate(ExampleSchema.self, hooks: Self.hooks)
        async let b = second.migrate(ExampleSchema.self, hooks: Self.hooks)
        let outcomes = try await [a, b]
        #expect(outcomes.filter { $0 == .created(version: ExampleSchema.version) }.count == 1)
        #expect(outcomes.filter { $0 == .upToDate(version: ExampleSchema.version) }.count == 1)
        #expect(try await Author.count(first) == ExampleSchema.seed.filter { $0.table == "authors" }.count)
        await first.close()
        await second.close()
        try await test.drop()
    }

    @Test func aFailingMigrationStepLeavesSchemaAndRowsUntouched() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try PostgresDatabase(url: test.url)
        try await db.migrate(ExampleSchema.self, hooks: Self.hooks)
        let before = try await Author.count(db)
        struct Broken: DatabaseSchema {
            static let version = ExampleSchema.version + 1
            static let tables = ExampleSchema.tables
            static let migrations = ExampleSchema.migrations + [
                Migration(version: ExampleSchema.version + 1, steps: [
                    .sql("DELETE FROM authors"), .renameTable(from: "books", to: "volumes"), .sql("SELECT no_such_function()"),
                ]),
            ]
            static let seed = ExampleSchema.seed
        }
        await #expect(throws: MigrationError.self) { try await db.migrate(Broken.self, hooks: Self.hooks) }
        #expect(try await Author.count(db) == before)
        #expect(try await db.schemaVersion() == ExampleSchema.version)
        #expect(try await db.schemaDifferences(ExampleSchema.self).isEmpty)
        await db.close()
        try await test.drop()
    }

    @Test func readsGoToTheReplicaWritesAndTheirReadsToThePrimary() async throws {
        let server = try PostgresTestServer.require()
        let replica = try server.requireReplica()
        guard let test = try await TestPostgresDatabase.create() else { return }
        let replicaURL = TestPostgresDatabase.url(replica.endpoint.url, database: test.name)
        try await Self.waitForReplica(replicaURL)
        let db = try PostgresDatabase(url: test.url, replicaURLs: [replicaURL])
        try await db.migrate(ExampleSchema.self, hooks: Self.hooks)
        try await Self.waitForSchema(on: db)

        #expect(try await db.read { try await Bool.fetchOne($0, sql: "SELECT pg_is_in_recovery()") } == true)
        #expect(try await db.read(from: .primary) { try await Bool.fetchOne($0, sql: "SELECT pg_is_in_recovery()") } == false)
        let seenInside = try await db.write { session in
            var author = Author(name: "Fresh", email: "fresh@example.org")
            try await author.insert(session)
            let onPrimary = try await Bool.fetchOne(session, sql: "SELECT pg_is_in_recovery()") == false
            return try await Author.find(session, author.id ?? 0)?.name == "Fresh" && onPrimary
        }
        #expect(seenInside)
        // The replica replays the commit shortly after.
        var replayed = false
        for _ in 0..<100 where !replayed {
            replayed = try await Author.filter(Author.email == "fresh@example.org").exists(db)
            if !replayed { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(replayed)
        await db.close()
        try await test.drop()
    }

    @Test func readsFailOverToThePrimaryWhenTheReplicaGoesDown() async throws {
        let server = try PostgresTestServer.require()
        let replica = try server.requireReplica()
        guard let test = try await TestPostgresDatabase.create() else { return }
        let replicaURL = TestPostgresDatabase.url(replica.endpoint.url, database: test.name)
        try await Self.waitForReplica(replicaURL)
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(2)
        let db = try PostgresDatabase(url: test.url, replicaURLs: [replicaURL], options: options)
        try await db.migrate(ExampleSchema.self, hooks: Self.hooks)
        try await Self.waitForSchema(on: db)
        let expected = try await Author.count(db)

        var written = 0
        var readsAfterStop = 0
        do {
            for round in 0..<30 {
                if round == 10 { try replica.stop() }
                var author = Author(name: "Round \(round)", email: "round\(round)@example.org")
                try await author.insert(db)
                written += 1
                let count = try await Author.all().count(db)
                #expect(count >= expected)
                if round >= 10 { readsAfterStop += 1 }
            }
        } catch {
            try? replica.start()
            throw error
        }
        try replica.start()
        #expect(readsAfterStop == 20)
        #expect(try await db.read(from: .primary) { try await Author.count($0) } == expected + written)
        await db.close()
        try await test.drop()
    }

    @Test func aCursorStreamsEveryRow() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try PostgresDatabase(url: test.url)
        try await db.migrate(ExampleSchema.self, hooks: Self.hooks)
        _ = try await Author.insert(db, contentsOf: (1...2000).map { Author(name: "S\($0)", email: "s\($0)@stream.org") })
        var seen = 0
        var last = ""
        try await Author.filter(Author.email.like("%@stream.org")).order(Author.email).forEach(db) { author in
            seen += 1
            #expect(author.email > last)
            last = author.email
        }
        #expect(seen == 2000)
        await db.close()
        try await test.drop()
    }

    /// Waits until reads (on the replica) see the migrated schema: replication is asynchronous.
    static func waitForSchema(on db: PostgresDatabase) async throws {
        for _ in 0..<100 {
            let seen = try await db.read { try await Bool.fetchOne($0, sql: "SELECT to_regclass('authors') IS NOT NULL") }
            if seen == true { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the replica never replayed the migration")
    }

    /// Waits until the standby has replayed the new database (CREATE DATABASE reaches it asynchronously).
    static func waitForReplica(_ url: String) async throws {
        let probe = try PostgresDatabase(url: url)
        defer { Task { await probe.close() } }
        for _ in 0..<100 {
            if (try? await probe.read(from: .primary) { try await Int.fetchOne($0, sql: "SELECT 1") }) == 1 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the standby never showed the test database")
    }
}
#endif

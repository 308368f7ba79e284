#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// PgBouncer 1.18 in transaction pooling mode (scripts/postgres-cluster.sh) hands each transaction whichever server
/// connection is free, and does not know about named prepared statements. With preparation on (the default), the
/// first statement that meets the pooler's sharing fails with a clear, retryable error and turns preparation off.
/// (The whole conformance suite also runs through it with preparation off: `Backend.pgbouncer`.)
@Suite(.serialized) struct PostgresPoolerTests {
    static let pooledDatabase = "ormkit_pooler"  // pool_size = 1 in the cluster's pgbouncer.ini

    static func author(_ name: String) -> Author {
        Author(name: name, email: "\(name.lowercased())@pooler.test", rating: 3)
    }

    static let mine = Author.filter(Author.email.like("%@pooler.test"))

    @Test func aPreparedStatementThePoolerLostIsExplainedAndPreparingTurnsOff() async throws {
        let server = try PostgresTestServer.require()
        let pooler = try server.requirePooler()
        let admin = try PostgresDatabase(url: server.primary.url)
        try await admin.executeOutsideTransaction(sql: "DROP DATABASE IF EXISTS \(Self.pooledDatabase) WITH (FORCE)")
        try await admin.executeOutsideTransaction(sql: "CREATE DATABASE \(Self.pooledDatabase)")
        let url = TestPostgresDatabase.url(pooler.url, database: Self.pooledDatabase)

        // The first client prepares the insert on the database's one server connection (and migrates through the
        // pooler: the migration's advisory lock ends with its transaction).
        let first = try PostgresDatabase(url: url)
        try await first.migrate(ExampleSchema.self, hooks: Engine.hooks)
        var ada = Self.author("Ada")
        try await ada.insert(first)

        // A second client's insert, in a write closure: its connection has not prepared the statement, so it sends
        // the statement's name to the server connection that already holds it.
        let second = try PostgresDatabase(url: url)
        let lost = await #expect(throws: DatabaseError.self) {
            try await second.write { session in
                var ben = Self.author("Ben")
                try await ben.insert(session)
            }
        }
        #expect(lost?.isPreparedStatementLost == true)
        #expect(lost?.isRetryable == true)
        #expect(lost?.sqlState == "42P05")
        #expect(lost?.message.contains("PgBouncer") == true)
        #expect(lost?.message.contains("preparesStatements = false") == true)
        #expect(try await Self.mine.count(first) == 1, "the failed transaction wrote nothing")

        // The same closure again: the database runs its statements unprepared now.
        try await second.write { session in
            var ben = Self.author("Ben")
            try await ben.insert(session)
        }
        #expect(try await Self.mine.count(second) == 2)

        // A third client's verb on the database meets the same statement, and runs once more by itself.
        let third = try PostgresDatabase(url: url)
        var cyd = Self.author("Cyd")
        try await cyd.insert(third)
        #expect(cyd.id != nil)
        #expect(try await Self.mine.order(Author.name).fetchAll(third).map(\.name) == ["Ada", "Ben", "Cyd"])

        // The first client's prepared statements still work, and so do reads of it through the pooler.
        var dan = Self.author("Dan")
        try await dan.insert(first)
        #expect(try await Author.find(first, dan.id ?? 0)?.name == "Dan")
        #expect(try await Self.mine.count(first) == 4)

        for db in [first, second, third] { await db.close() }
        try await admin.executeOutsideTransaction(sql: "DROP DATABASE IF EXISTS \(Self.pooledDatabase) WITH (FORCE)")
        await admin.close()
    }
}
#endif

#if Telemetry && PostgreSQL  // the package traits that enable ORMKitTelemetry and ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import ORMKit
import ORMKitPostgres
import ORMKitTelemetry
import TestSupport
import Testing
import Tracing

/// Telemetry on a real PostgreSQL server (`ORMKIT_POSTGRES_URL`, started by scripts/postgres-cluster.sh): the same
/// reports as on SQLite, with the server's address and port.
@Suite struct PostgresTelemetryTests {
    @Test func statementsTransactionsAndLeasesAreReported() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let server = try PostgresTestServer.require()
        let setup = try PostgresDatabase(url: test.url)
        try await setup.migrate(ExampleSchema.self, hooks: ["backfillReaderTokens": { _ in }])
        await setup.close()

        let probe = TelemetryProbe(capturesArguments: true)
        var options = PostgresDatabase.Options()
        options.instrument = probe.telemetry
        let db = try PostgresDatabase(url: test.url, options: options)
        let request = probe.tracer.startSpan("request")
        try await ServiceContext.withValue(request.context) {
            try await db.write { session in
                var author = Author(name: "Secret Name", email: "secret@example.org")
                try await author.insert(session)
            }
            await #expect(throws: DatabaseError.self) {
                var duplicate = Author(id: 1, name: "Again", email: "again@example.org")
                try await duplicate.insert(db)
            }
        }
        request.end()
        await db.close()
        try await test.drop()

        let caller = try #require(probe.spans(named: "request").first)
        let transactions = probe.spans(named: "transaction")
        #expect(transactions.count == 2)
        #expect(transactions.allSatisfy { $0.parentSpanID == caller.spanID })
        let inserts = probe.spans(named: "INSERT authors")
        #expect(inserts.count == 2)
        let insert = try #require(inserts.first { $0.status == nil })
        #expect(transactions.contains { $0.spanID == insert.parentSpanID })
        #expect(insert.attribute("db.system.name") == "postgresql")
        #expect(insert.attribute("db.operation.name") == "INSERT")
        #expect(insert.attribute("db.namespace") == test.name)
        #expect(insert.attribute("server.address") == server.primary.host)
        #expect(insert.attribute("server.port") == String(server.primary.port))
        let text = try #require(insert.attribute("db.query.text"))
        #expect(text.contains("$1") && !text.contains("Secret Name"))

        let failed = try #require(inserts.first { $0.status != nil })
        #expect(failed.status?.code == .error)
        #expect(failed.attribute("error.type") == "23505")   // unique_violation
        #expect(transactions.contains { $0.status?.code == .error })

        let logged = try #require(probe.logs.first { $0.message == "statement" && $0.metadata["db.operation.name"] == "INSERT" })
        #expect(logged.metadata["db.query.arguments"]?.contains("Secret Name") == true, "the app opted in")
        let failure = try #require(probe.logs.first { $0.message == "statement failed" })
        #expect(failure.level == .notice)
        #expect(failure.metadata["error.type"] == "23505")

        let errors = try probe.metrics.expectCounter("db.client.errors", [("db.system.name", "postgresql"), ("error.type", "23505")])
        #expect(errors.totalValue == 1)
        let pool = [("db.system.name", "postgresql"), ("db.client.connection.pool.name", "primary")]
        #expect(try probe.metrics.expectTimer("db.client.connection.wait_time", pool).values.count == 2)
        let inUse = try probe.metrics.expectMeter("db.client.connection.count", pool + [("db.client.connection.state", "used")])
        #expect(inUse.lastValue == 0)
        let commits = try probe.metrics.expectTimer("db.client.transaction.duration", [
            ("db.system.name", "postgresql"), ("db.transaction.kind", "write"), ("db.transaction.outcome", "commit"),
        ])
        #expect(commits.values.count == 1)
    }

    /// After a successful connect and one refused for its password, neither password is in any log line (values
    /// captured, too), span, metric, error or description; the refusal is logged and counted with its SQLSTATE.
    @Test func aPasswordAppearsInNoLogSpanMetricOrError() async throws {
        let (right, wrong) = try await PostgresPasswordRole.urls()
        let probe = TelemetryProbe(capturesArguments: true)
        var texts: [String] = []
        for url in [right, wrong] {
            var options = PostgresDatabase.Options()
            options.instrument = probe.telemetry
            options.connectTimeout = .seconds(2)
            let db = try PostgresDatabase(url: url, options: options)
            do {
                try await db.write { session in try await session.execute(sql: "SELECT 1") }
            } catch {
                texts += [String(describing: error), String(reflecting: error)]
                if let error = error as? DatabaseError { texts.append(error.message) }
            }
            texts.append(String(reflecting: db))
            await db.close()
        }

        let refused = try #require(probe.logs.first { $0.message == "connection failed" })
        #expect(refused.level == .error)
        #expect(refused.metadata["error.type"] == "28P01")
        #expect(refused.metadata["db.client.connection.pool.name"] == "primary")
        #expect(try probe.metrics.expectCounter("db.client.errors", [("db.system.name", "postgresql"), ("error.type", "28P01")]).totalValue == 1)
        #expect(probe.spans(named: "SELECT").count == 1, "the right password connected and ran its statement")

        texts += probe.logs.map { "\($0.label) \($0.message) \($0.metadata)" }
        texts += probe.tracer.finishedSpans.map { "\($0.operationName) \($0.attributes) \($0.errors.map { "\($0.error)" })" }
        texts += probe.metrics.counters.map { "\($0.label) \($0.dimensions)" }
            + probe.metrics.timers.map { "\($0.label) \($0.dimensions)" }
            + probe.metrics.meters.map { "\($0.label) \($0.dimensions)" }
        let scanned = texts.joined(separator: "\n")
        #expect(scanned.contains("password authentication failed"), "the scan sees the failure's text")
        for password in [PostgresPasswordRole.password, PostgresPasswordRole.wrongPassword] {
            #expect(!scanned.contains(password), "a password leaked:\n\(scanned)")
        }
    }
}
#endif

#if Telemetry  // the package trait that enables ORMKitTelemetry (Package.swift)
import ExampleModels
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import ORMKit
import ORMKitTelemetry
import TestSupport
import Testing
import Tracing

/// Telemetry on SQLite: real files, the generated models, swift-distributed-tracing's in-memory tracer, swift-metrics'
/// test kit and a recording swift-log handler.
@Suite struct SQLiteTelemetryTests {
    /// A database file migrated without telemetry, then opened reporting to `probe`.
    static func open(_ directory: TemporaryDirectory, _ probe: TelemetryProbe) async throws -> Database {
        let path = directory.path("telemetry.sqlite")
        let setup = try Database(path: path)
        try await setup.migrate(ExampleSchema.self, hooks: ["backfillReaderTokens": { _ in }])
        try setup.close()
        var options = Database.Options()
        options.instrument = probe.telemetry
        return try Database(path: path, options: options)
    }

    @Test func statementSpansAreChildrenOfTheirTransactionAndOfTheCallersSpan() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        let db = try await Self.open(directory, probe)
        let request = probe.tracer.startSpan("request")
        try await ServiceContext.withValue(request.context) {
            try await db.write { conn in
                var author = Author(name: "Secret Name", email: "secret@example.org")
                try author.insert(conn)
            }
        }
        request.end()

        let insert = try #require(probe.spans(named: "INSERT authors").first)
        let transaction = try #require(probe.spans(named: "transaction").first)
        let caller = try #require(probe.spans(named: "request").first)
        #expect(insert.parentSpanID == transaction.spanID)
        #expect(transaction.parentSpanID == caller.spanID)
        #expect(insert.traceID == caller.traceID)
        #expect(insert.kind == .client)
        #expect(insert.attribute("db.system.name") == "sqlite")
        #expect(insert.attribute("db.operation.name") == "INSERT")
        #expect(insert.attribute("db.collection.name") == "authors")
        #expect(insert.attribute("db.namespace") == directory.path("telemetry.sqlite"))
        let text = try #require(insert.attribute("db.query.text"))
        #expect(text.contains("INSERT INTO") && text.contains("?"))
        #expect(!text.contains("Secret Name"), "values are never inlined into db.query.text")
        #expect(insert.status == nil)
        // BEGIN and COMMIT are statements of the transaction too.
        #expect(probe.spans(named: "BEGIN").first?.parentSpanID == transaction.spanID)
        #expect(probe.spans(named: "COMMIT").first?.parentSpanID == transaction.spanID)
    }

    @Test func aSynchronousCallIsParentedToTheSpanInEffect() throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        var options = Database.Options()
        options.instrument = probe.telemetry
        let db = try Database(path: directory.path("sync.sqlite"), options: options)
        let request = probe.tracer.startSpan("request")
        try ServiceContext.withValue(request.context) {
            try db.write { conn in try conn.execute(sql: "CREATE TABLE notes (body TEXT)") }
            _ = try db.read { conn in try Int.fetchOne(conn, sql: "SELECT count(*) FROM notes") }
        }
        request.end()
        let caller = try #require(probe.spans(named: "request").first)
        let transactions = probe.spans(named: "transaction")
        #expect(transactions.count == 2)
        #expect(transactions.allSatisfy { $0.parentSpanID == caller.spanID })
        let select = try #require(probe.spans(named: "SELECT notes").first)
        #expect(transactions.contains { $0.spanID == select.parentSpanID })
    }

    @Test func aFailedStatementIsAnErrorInItsSpanItsLogAndTheMetrics() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        let db = try await Self.open(directory, probe)
        await #expect(throws: DatabaseError.self) {
            try await db.write { conn in
                var duplicate = Author(id: 1, name: "Again", email: "again@example.org")
                try duplicate.insert(conn)
            }
        }
        let insert = try #require(probe.spans(named: "INSERT authors").first)
        #expect(insert.status?.code == .error)
        #expect(insert.attribute("error.type") == "1555")   // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(insert.errors.count == 1)
        #expect(probe.spans(named: "transaction").first?.status?.code == .error)

        let failure = try #require(probe.logs.first { $0.message == "statement failed" })
        #expect(failure.level == .notice, "a constraint violation is a failure apps handle")
        #expect(failure.metadata["error.type"] == "1555")
        #expect(failure.metadata["db.collection.name"] == "authors")
        #expect(failure.metadata["db.query.arguments"] == nil)

        let errors = try probe.metrics.expectCounter("db.client.errors", [("db.system.name", "sqlite"), ("error.type", "1555")])
        #expect(errors.totalValue == 1)
        let rollbacks = try probe.metrics.expectTimer("db.client.transaction.duration", [
            ("db.system.name", "sqlite"), ("db.transaction.kind", "write"), ("db.transaction.outcome", "rollback"),
        ])
        #expect(rollbacks.values.count == 1)
    }

    @Test func aStatementThatDoesNotCompileIsReported() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        let db = try await Self.open(directory, probe)
        await #expect(throws: DatabaseError.self) {
            try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT nope FROM nowhere") }
        }
        let failed = try #require(probe.logs.first { $0.message == "statement failed" })
        #expect(failed.level == .error, "a statement that does not compile is a bug, not an expected failure")
        #expect(failed.metadata["db.query.text"] == "SELECT nope FROM nowhere")
        #expect(probe.spans(named: "SELECT").first?.status?.code == .error)
    }

    @Test func valuesAreLoggedOnlyWhenTheAppOptsIn() async throws {
        for captures in [false, true] {
            let directory = try TemporaryDirectory()
            let probe = TelemetryProbe(capturesArguments: captures)
            let db = try await Self.open(directory, probe)
            var author = Author(name: "Private Person", email: "private@example.org")
            try await author.insert(db)
            let logged = try #require(probe.logs.first { $0.metadata["db.operation.name"] == "INSERT" })
            #expect(logged.level == .debug)
            #expect(logged.message == "statement")
            #expect(logged.metadata["db.system.name"] == "sqlite")
            #expect(logged.metadata["duration_ms"].flatMap(Double.init) != nil)
            let everything = probe.logs.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
                + probe.tracer.finishedSpans.map { "\($0.attributes)" }.joined(separator: "\n")
            if captures {
                #expect(logged.metadata["db.query.arguments"]?.contains("'Private Person'") == true)
                #expect(probe.tracer.finishedSpans.allSatisfy { !"\($0.attributes)".contains("Private Person") })
            } else {
                #expect(!everything.contains("Private Person"))
            }
        }
    }

    @Test func aStatementSlowerThanTheThresholdIsAWarning() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe(slowStatementThreshold: .zero)
        let db = try await Self.open(directory, probe)
        _ = try await Author.fetchAll(db)
        let slow = try #require(probe.logs.first { $0.metadata["db.operation.name"] == "SELECT" })
        #expect(slow.level == .warning)
        #expect(slow.message == "slow statement")
    }

    @Test func aLoggerBoundAroundACallReceivesItsStatements() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        let db = try await Self.open(directory, probe)
        let request = LogBox(label: "request", level: .debug)
        try await withLogger(request.logger) { _ in
            _ = try await Author.fetchAll(db)
        }
        #expect(request.records.contains { $0.metadata["db.operation.name"] == "SELECT" })
        #expect(!probe.logs.contains { $0.metadata["db.operation.name"] == "SELECT" })
        _ = try await Author.fetchAll(db)
        #expect(probe.logs.contains { $0.metadata["db.operation.name"] == "SELECT" })
    }

    @Test func metricsCountStatementsTransactionsAndConnectionsInUse() async throws {
        let directory = try TemporaryDirectory()
        let probe = TelemetryProbe()
        let db = try await Self.open(directory, probe)
        for index in 0..<3 {
            var author = Author(name: "A\(index)", email: "a\(index)@example.org")
            try await author.insert(db)
        }
        _ = try await Author.fetchAll(db)

        let inserts = try probe.metrics.expectTimer("db.client.operation.duration", [
            ("db.system.name", "sqlite"), ("db.operation.name", "INSERT"),
        ])
        #expect(inserts.values.count == 3)
        let commits = try probe.metrics.expectTimer("db.client.transaction.duration", [
            ("db.system.name", "sqlite"), ("db.transaction.kind", "write"), ("db.transaction.outcome", "commit"),
        ])
        #expect(commits.values.count == 3)
        for pool in ["writer", "readers"] {
            let dimensions = [("db.system.name", "sqlite"), ("db.client.connection.pool.name", pool)]
            let waits = try probe.metrics.expectTimer("db.client.connection.wait_time", dimensions)
            #expect(!waits.values.isEmpty)
            let inUse = try probe.metrics.expectMeter(
                "db.client.connection.count", dimensions + [("db.client.connection.state", "used")]
            )
            #expect(inUse.lastValue == 0, "every connection leased went back")
            #expect(inUse.values.contains(1))
        }
    }

    @Test func optionsCompareTheirInstrumentByIdentity() {
        let first = TelemetryProbe().telemetry, second = TelemetryProbe().telemetry
        var a = Database.Options(), b = Database.Options()
        #expect(a == b)
        a.instrument = first
        #expect(a != b)
        b.instrument = first
        #expect(a == b)
        b.instrument = second
        #expect(a != b)
    }
}
#endif

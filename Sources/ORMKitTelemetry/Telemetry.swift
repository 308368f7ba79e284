#if Telemetry  // the package trait that enables ORMKitTelemetry (Package.swift)
import CoreMetrics
import Logging
import ORMKit
import Tracing

/// Logs, traces and metrics of a database's work, by swift-server's conventions: a `DatabaseInstrument` for
/// `Database.Options.instrument` (SQLite) and `PostgresDatabase.Options.instrument` (PostgreSQL).
///
/// ```swift
/// var options = Database.Options()
/// options.instrument = Telemetry(logger: logger)   // tracer and metrics: the bootstrapped ones
/// let db = try Database(path: path, options: options)
/// ```
///
/// - **Logs** (swift-log): each statement at `debug` (its SQL with parameters, never values, unless
///   `capturesArguments`), each transaction at `trace`, a statement slower than `slowStatementThreshold` at
///   `warning`, a failure at `notice` when apps expect and handle it (a constraint, a busy database, a cancelled
///   task) and at `error` otherwise; metadata names the engine, operation, table and duration. A logger bound with
///   swift-log's `withLogger(_:_:)` around a call is used for that call (a request's logger); else `logger`.
/// - **Traces** (swift-distributed-tracing): a client span per statement, child of its transaction's span, child of
///   the caller's span, with OpenTelemetry's database attributes (`db.system.name`, `db.operation.name`,
///   `db.collection.name`, `db.namespace`, `db.query.text`, `server.address`, `server.port`, `error.type`).
/// - **Metrics** (swift-metrics): the timers `db.client.operation.duration` (by engine and operation),
///   `db.client.transaction.duration` (by engine, kind and outcome) and `db.client.connection.wait_time` (by pool), the
///   counter `db.client.errors` (by engine and `error.type`: SQLite's extended result code or PostgreSQL's SQLSTATE),
///   and the meter `db.client.connection.count` of connections in use (by pool).
public final class Telemetry: DatabaseInstrument {
    /// The logger statements go to when the call binds none; nil: log only through a bound one.
    public let logger: Logger?
    /// The tracer spans go to; nil when none was given and none is bootstrapped (no span is made).
    public let tracer: (any Tracer)?
    /// Whether `tracer` is set (tested on every statement).
    let isTracing: Bool
    /// The metrics, nil when no factory was given and none is bootstrapped.
    let metrics: TelemetryMetrics?
    /// A statement running at least this long is logged at `warning`; nil: none is.
    public let slowStatementThreshold: Duration?
    /// Whether the bound values are logged (`db.query.arguments`). They are user data: off by default. They never
    /// go into spans or metrics.
    public let capturesArguments: Bool

    /// Telemetry with `logger`, `tracer` and `metricsFactory` (by default the ones bootstrapped with
    /// `InstrumentationSystem.bootstrap` and `MetricsSystem.bootstrap`; none when none was).
    public init(
        logger: Logger?,
        tracer: (any Tracer)? = InstrumentationSystem.tracer,
        metricsFactory: (any MetricsFactory)? = MetricsSystem.factory,
        slowStatementThreshold: Duration? = .seconds(1),
        capturesArguments: Bool = false
    ) {
        self.logger = logger
        self.tracer = tracer.flatMap { $0 is NoOpTracer ? nil : $0 }
        isTracing = self.tracer != nil
        self.metrics = metricsFactory.flatMap { $0 is NOOPMetricsHandler ? nil : TelemetryMetrics(factory: $0) }
        self.slowStatementThreshold = slowStatementThreshold
        self.capturesArguments = capturesArguments
    }

    // MARK: DatabaseInstrument

    /// See `DatabaseInstrument`.
    public func statementStarted(_ statement: InstrumentedStatement) -> any InstrumentedActivity {
        let parent = statement.parent as? TransactionActivity
        // A flag, not the optional existential: without a tracer, nothing of it is copied.
        let span = isTracing ? startSpan(statement, parent: parent) : nil
        return StatementActivity(telemetry: self, statement: statement, transaction: parent, span: span)
    }

    /// A statement's client span, child of its transaction's span, else of the caller's.
    private func startSpan(_ statement: InstrumentedStatement, parent: TransactionActivity?) -> (any Span)? {
        guard let tracer else { return nil }
        let span = tracer.startSpan(
            Self.spanName(statement), context: parent?.span?.context ?? .current ?? .topLevel, ofKind: .client
        )
        span.updateAttributes { attributes in
            Self.setCommon(&attributes, system: statement.system, namespace: statement.namespace, server: statement.server)
            attributes["db.operation.name"] = statement.operation
            attributes["db.collection.name"] = statement.table
            attributes["db.query.text"] = statement.sql
        }
        return span
    }

    /// See `DatabaseInstrument`.
    public func transactionStarted(_ transaction: InstrumentedTransaction) -> any InstrumentedActivity {
        let span = tracer.map { tracer in
            let span = tracer.startSpan("transaction", context: .current ?? .topLevel, ofKind: .client)
            span.updateAttributes { attributes in
                Self.setCommon(&attributes, system: transaction.system, namespace: transaction.namespace, server: transaction.server)
            }
            return span
        }
        return TransactionActivity(telemetry: self, transaction: transaction, logger: currentLogger(), span: span)
    }

    /// See `DatabaseInstrument`.
    public func connectionLeased(_ lease: InstrumentedLease) {
        metrics?.leased(lease)
    }

    /// See `DatabaseInstrument`.
    public func connectionReturned(_ lease: InstrumentedLease) {
        metrics?.returned(lease)
    }

    /// See `DatabaseInstrument`: logged at `error` (`connection failed`) and counted in `db.client.errors`.
    public func connectionFailed(_ lease: InstrumentedLease, error: any Error) {
        let type = TelemetryErrorType(error).code
        metrics?.connectionFailed(lease, errorType: type)
        guard let logger = currentLogger() else { return }
        logger.error("connection failed", metadata: [
            "db.system.name": "\(lease.system)",
            "db.client.connection.pool.name": "\(lease.pool)",
            "duration_ms": "\(TelemetryDuration.milliseconds(lease.waited))",
            "error.type": "\(type)",
            "error": "\(String(describing: error))",
        ])
    }

    /// See `DatabaseInstrument`: the caller's service context (its span) and the logger it bound, if any.
    public func captureTaskContext() -> any Sendable {
        TaskContext(serviceContext: .current, logger: Self.boundLogger())
    }

    /// See `DatabaseInstrument`.
    public func withTaskContext<T>(_ context: any Sendable, _ body: () throws -> T) throws -> T {
        guard let context = context as? TaskContext else { return try body() }
        return try ServiceContext.withValue(context.serviceContext) {
            guard let logger = context.logger else { return try body() }
            return try withLogger(logger) { _ in try body() }
        }
    }

    // MARK: Reporting

    /// What `captureTaskContext` carries to the database's queue.
    struct TaskContext: Sendable {
        let serviceContext: ServiceContext?
        let logger: Logger?
    }

    /// The logger bound with `withLogger` around the call, else `logger`.
    func currentLogger() -> Logger? {
        Self.boundLogger() ?? logger
    }

    /// The logger bound with swift-log's `withLogger`, nil when none is (swift-log's unbound default has an empty
    /// label).
    static func boundLogger() -> Logger? {
        let current = Logger.current
        return current.label.isEmpty ? nil : current
    }

    /// OpenTelemetry's span name for a statement: `{operation} {table}`, or the operation alone.
    static func spanName(_ statement: InstrumentedStatement) -> String {
        let operation = statement.operation.isEmpty ? statement.system : statement.operation
        return statement.table.map { "\(operation) \($0)" } ?? operation
    }

    /// The attributes statement and transaction spans share.
    static func setCommon(
        _ attributes: inout SpanAttributes, system: String, namespace: String?, server: InstrumentedServer?
    ) {
        attributes["db.system.name"] = system
        attributes["db.namespace"] = namespace
        attributes["server.address"] = server?.address
        attributes["server.port"] = server?.port
    }

    /// Ends `span`, after recording `error` on it when there is one (the error, its type, the error status).
    static func end(_ span: any Span, error: (any Error)?) {
        if let error {
            span.recordError(error)
            span.attributes["error.type"] = TelemetryErrorType(error).code
            span.setStatus(SpanStatus(code: .error))
        }
        span.end()
    }
}
#endif

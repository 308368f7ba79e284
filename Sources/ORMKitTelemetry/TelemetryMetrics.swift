#if Telemetry
import CoreMetrics
import ORMKit

/// The metrics `Telemetry` records, made once per label and dimensions and then reused.
final class TelemetryMetrics: Sendable {
    private let factory: any MetricsFactory
    /// The metrics made so far, by type, label and dimensions.
    private let metrics = Locked<[[String]: AnyObject]>([:])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// `db.client.operation.duration`, and `db.client.errors` for a failure.
    func statementFinished(_ statement: InstrumentedStatement, duration: Duration, error: (any Error)?) {
        timer("db.client.operation.duration", [
            ("db.system.name", statement.system), ("db.operation.name", statement.operation),
        ]).recordNanoseconds(TelemetryDuration.nanoseconds(duration))
        if let error {
            counter("db.client.errors", [
                ("db.system.name", statement.system), ("error.type", TelemetryErrorType(error).code),
            ]).increment()
        }
    }

    /// `db.client.errors` for a connection that could not be taken.
    func connectionFailed(_ lease: InstrumentedLease, errorType: String) {
        counter("db.client.errors", [("db.system.name", lease.system), ("error.type", errorType)]).increment()
    }

    /// `db.client.transaction.duration`, by kind (`read`, `write`) and outcome (`commit`, `rollback`).
    func transactionFinished(_ transaction: InstrumentedTransaction, duration: Duration, error: (any Error)?) {
        timer("db.client.transaction.duration", [
            ("db.system.name", transaction.system), ("db.transaction.kind", transaction.isWrite ? "write" : "read"),
            ("db.transaction.outcome", error == nil ? "commit" : "rollback"),
        ]).recordNanoseconds(TelemetryDuration.nanoseconds(duration))
    }

    /// `db.client.connection.wait_time`, and one more in `db.client.connection.count`.
    func leased(_ lease: InstrumentedLease) {
        let pool = [("db.system.name", lease.system), ("db.client.connection.pool.name", lease.pool)]
        timer("db.client.connection.wait_time", pool).recordNanoseconds(TelemetryDuration.nanoseconds(lease.waited))
        meter("db.client.connection.count", pool + [("db.client.connection.state", "used")]).increment()
    }

    /// One less in `db.client.connection.count`.
    func returned(_ lease: InstrumentedLease) {
        let pool = [("db.system.name", lease.system), ("db.client.connection.pool.name", lease.pool)]
        meter("db.client.connection.count", pool + [("db.client.connection.state", "used")]).decrement()
    }

    private func timer(_ label: String, _ dimensions: [(String, String)]) -> Timer {
        metric(label, dimensions) { Timer(label: $0, dimensions: $1, factory: $2) }
    }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
        metric(label, dimensions) { Counter(label: $0, dimensions: $1, factory: $2) }
    }

    private func meter(_ label: String, _ dimensions: [(String, String)]) -> Meter {
        metric(label, dimensions) { Meter(label: $0, dimensions: $1, factory: $2) }
    }

    /// The metric of type `M` with `label` and `dimensions`: the one made before, else a new one from `make`.
    private func metric<M: AnyObject>(
        _ label: String, _ dimensions: [(String, String)],
        _ make: (String, [(String, String)], any MetricsFactory) -> M
    ) -> M {
        metrics.withLock { metrics in
            let key = [String(describing: M.self)] + Self.key(label, dimensions)
            if let metric = metrics[key] as? M { return metric }
            let metric = make(label, dimensions, factory)
            metrics[key] = metric
            return metric
        }
    }

    private static func key(_ label: String, _ dimensions: [(String, String)]) -> [String] {
        [label] + dimensions.flatMap { [$0.0, $0.1] }
    }
}
#endif

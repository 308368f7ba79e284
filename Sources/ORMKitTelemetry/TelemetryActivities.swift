#if Telemetry
import Logging
import ORMKit
import Tracing

/// A statement `Telemetry` follows: logged, spanned and counted when it finishes.
final class StatementActivity: InstrumentedActivity {
    let telemetry: Telemetry
    let statement: InstrumentedStatement
    /// The transaction whose logger logs this statement; nil: `ownLogger` does.
    let transaction: TransactionActivity?
    /// The logger of a statement outside a transaction the instrument follows.
    let ownLogger: Logger?
    /// The logger's level, read once, so that a statement logs nothing and copies no logger when its level is below.
    let logLevel: Logger.Level?
    let span: (any Span)?
    let start = ContinuousClock.now

    init(telemetry: Telemetry, statement: InstrumentedStatement, transaction: TransactionActivity?, span: (any Span)?) {
        self.telemetry = telemetry
        self.statement = statement
        self.transaction = transaction
        if let transaction {
            ownLogger = nil
            logLevel = transaction.logLevel
        } else {
            ownLogger = telemetry.currentLogger()
            logLevel = ownLogger?.logLevel
        }
        self.span = span
    }

    func finished(error: (any Error)?, arguments: String?) {
        let duration = ContinuousClock.now - start
        telemetry.metrics?.statementFinished(statement, duration: duration, error: error)
        if let span { Telemetry.end(span, error: error) }
        guard let logLevel else { return }
        let level = Self.level(duration: duration, error: error, slowThreshold: telemetry.slowStatementThreshold)
        guard logLevel <= level, let logger = transaction?.logger ?? ownLogger else { return }
        var metadata: Logger.Metadata = [
            "db.system.name": "\(statement.system)",
            "db.operation.name": "\(statement.operation)",
            "db.query.text": "\(statement.sql)",
            "duration_ms": "\(TelemetryDuration.milliseconds(duration))",
        ]
        if let table = statement.table { metadata["db.collection.name"] = "\(table)" }
        if telemetry.capturesArguments, let values = statement.arguments ?? arguments {
            metadata["db.query.arguments"] = "\(values)"
        }
        if let error {
            metadata["error.type"] = "\(TelemetryErrorType(error).code)"
            metadata["error"] = "\(String(describing: error))"
        }
        logger.log(level: level, "\(Self.message(level: level, error: error))", metadata: metadata)
    }

    /// `debug` for a statement that went well; `warning` for a slow one; for a failure, `notice` when apps expect
    /// and handle it, `error` otherwise.
    static func level(duration: Duration, error: (any Error)?, slowThreshold: Duration?) -> Logger.Level {
        if let error { return TelemetryErrorType(error).isExpected ? .notice : .error }
        if let slowThreshold, duration >= slowThreshold { return .warning }
        return .debug
    }

    static func message(level: Logger.Level, error: (any Error)?) -> String {
        if error != nil { return "statement failed" }
        return level == .warning ? "slow statement" : "statement"
    }
}

/// A transaction `Telemetry` follows: the parent of its statements' spans, timed and logged when it ends.
final class TransactionActivity: InstrumentedActivity {
    let telemetry: Telemetry
    let transaction: InstrumentedTransaction
    let logger: Logger?
    /// `logger`'s level, read once for the transaction and its statements.
    let logLevel: Logger.Level?
    let span: (any Span)?
    let start = ContinuousClock.now

    init(telemetry: Telemetry, transaction: InstrumentedTransaction, logger: Logger?, span: (any Span)?) {
        self.telemetry = telemetry
        self.transaction = transaction
        self.logger = logger
        logLevel = logger?.logLevel
        self.span = span
    }

    func finished(error: (any Error)?, arguments: String?) {
        let duration = ContinuousClock.now - start
        telemetry.metrics?.transactionFinished(transaction, duration: duration, error: error)
        if let span { Telemetry.end(span, error: error) }
        guard let logger, logger.logLevel <= .trace else { return }
        var metadata: Logger.Metadata = [
            "db.system.name": "\(transaction.system)",
            "db.transaction.kind": "\(transaction.isWrite ? "write" : "read")",
            "duration_ms": "\(TelemetryDuration.milliseconds(duration))",
        ]
        if let error { metadata["error.type"] = "\(TelemetryErrorType(error).code)" }
        logger.trace(error == nil ? "transaction committed" : "transaction rolled back", metadata: metadata)
    }
}

/// Durations as logs and metrics write them.
enum TelemetryDuration {
    /// Milliseconds with three decimals (microsecond precision).
    static func milliseconds(_ duration: Duration) -> Double {
        (Double(nanoseconds(duration)) / 1_000).rounded() / 1_000
    }

    /// Whole nanoseconds, saturated at `Int64.max`.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }
}

/// OpenTelemetry's `error.type` of a failure, and whether apps expect it.
struct TelemetryErrorType {
    /// PostgreSQL's SQLSTATE, SQLite's extended result code, `cancelled`, or the error's type name.
    let code: String
    /// A constraint violation, a busy or locked database, a serialization failure, a missing record or a cancelled
    /// task: failures apps handle as part of their work.
    let isExpected: Bool

    init(_ error: any Error) {
        if error is CancellationError {
            code = "cancelled"
            isExpected = true
        } else if let error = error as? DatabaseError {
            code = error.sqlState ?? (error.kind == .sqlite ? String(error.extendedResultCode) : "\(error.kind)")
            isExpected = error.isConstraintViolation || error.isRetryable || error.kind == .recordNotFound
                || error.sqlState?.hasPrefix("23") == true
        } else {
            code = String(describing: type(of: error))
            isExpected = false
        }
    }
}
#endif

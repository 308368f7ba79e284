import Foundation
import ORMKit

/// An instrument that records the SQL of every statement ORMKit runs: how the harness checks the plan of D's own SQL.
final class SQLCapture: DatabaseInstrument, @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [String] = []

    /// The statements run so far, in order.
    var statements: [String] { lock.withLock { captured } }

    var capturesArguments: Bool { false }

    func statementStarted(_ statement: InstrumentedStatement) -> any InstrumentedActivity {
        lock.withLock { captured.append(statement.sql) }
        return Finished()
    }

    func transactionStarted(_ transaction: InstrumentedTransaction) -> any InstrumentedActivity { Finished() }
    func connectionLeased(_ lease: InstrumentedLease) {}
    func connectionReturned(_ lease: InstrumentedLease) {}
    func connectionFailed(_ lease: InstrumentedLease, error: any Error) {}
    func captureTaskContext() -> any Sendable { 0 }
    func withTaskContext<T>(_ context: any Sendable, _ body: () throws -> T) throws -> T { try body() }

    private final class Finished: InstrumentedActivity {
        func finished(error: (any Error)?, arguments: String?) {}
    }
}

import Foundation
import ORMKitSQLite

/// Links an async `read`/`write` to the connection it runs on, so that cancelling the task stops the SQL:
/// `cancel()` (from the task's cancellation handler, any thread) marks it cancelled and interrupts the
/// statement running (`sqlite3_interrupt`); the connection checks the mark before each statement.
final class Cancellation: Sendable {
    /// Whether the work was cancelled (1): read before every statement, so an atomic load rather than a lock.
    private let cancelled = AtomicInteger(0)
    /// The connection `cancel()` interrupts (while attached). `sqlite3_interrupt` is documented as safe from any
    /// thread while the connection is open; `detach` runs before it closes.
    private let attached = Locked<OpaquePointer?>(nil)

    /// Whether the task was cancelled.
    var isCancelled: Bool {
        cancelled.load() != 0
    }

    /// Marks the work cancelled and interrupts the statement running on the attached connection, if any.
    func cancel() {
        attached.withLock { handle in
            guard cancelled.exchange(1) == 0 else { return }
            if let handle { sqlite3_interrupt(handle) }
        }
    }

    /// Lets `cancel()` interrupt `handle` until `detach()`.
    func attach(_ handle: OpaquePointer) {
        attached.withLock { $0 = handle }
    }

    /// Stops interrupting: `COMMIT` and `ROLLBACK` must run to their end.
    func detach() {
        attached.withLock { $0 = nil }
    }

    /// Throws `CancellationError` when cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}

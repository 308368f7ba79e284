import Foundation
import ORMKitSQLite

/// Links an async `read`/`write` to the connection it runs on, so that cancelling the task stops the SQL:
/// `cancel()` (from the task's cancellation handler, any thread) marks it cancelled and interrupts the
/// statement running (`sqlite3_interrupt`); the connection checks the mark before each statement.
final class Cancellation: Sendable {
    /// Whether the work was cancelled, and the connection `cancel()` interrupts (while attached).
    /// `sqlite3_interrupt` is documented as safe from any thread while the connection is open; `detach` runs
    /// before it closes.
    private let state = Locked<(cancelled: Bool, handle: OpaquePointer?)>((false, nil))

    /// Whether the task was cancelled.
    var isCancelled: Bool {
        state.withLock { $0.cancelled }
    }

    /// Marks the work cancelled and interrupts the statement running on the attached connection, if any.
    func cancel() {
        state.withLock { state in
            guard !state.cancelled else { return }
            state.cancelled = true
            if let handle = state.handle { sqlite3_interrupt(handle) }
        }
    }

    /// Lets `cancel()` interrupt `handle` until `detach()`.
    func attach(_ handle: OpaquePointer) {
        state.withLock { $0.handle = handle }
    }

    /// Stops interrupting: `COMMIT` and `ROLLBACK` must run to their end.
    func detach() {
        state.withLock { $0.handle = nil }
    }

    /// Throws `CancellationError` when cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}

import Foundation
import ORMKitSQLite

/// Links an async `read`/`write` to the connection it runs on, so that cancelling the task stops the SQL:
/// `cancel()` (from the task's cancellation handler, any thread) marks it cancelled and interrupts the
/// statement running (`sqlite3_interrupt`); the connection checks the mark before each statement.
final class Cancellation: @unchecked Sendable {
    // `@unchecked`: `cancelled` and `handle` are only touched under `lock`, and `sqlite3_interrupt` is
    // documented as safe from any thread while the connection is open (`detach` runs before it closes).
    private let lock = NSLock()
    private var cancelled = false
    private var handle: OpaquePointer?

    /// Whether the task was cancelled.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Marks the work cancelled and interrupts the statement running on the attached connection, if any.
    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return }
        cancelled = true
        if let handle { sqlite3_interrupt(handle) }
    }

    /// Lets `cancel()` interrupt `handle` until `detach()`.
    func attach(_ handle: OpaquePointer) {
        lock.lock()
        self.handle = handle
        lock.unlock()
    }

    /// Stops interrupting: `COMMIT` and `ROLLBACK` must run to their end.
    func detach() {
        lock.lock()
        handle = nil
        lock.unlock()
    }

    /// Throws `CancellationError` when cancelled.
    func check() throws {
        if isCancelled { throw CancellationError() }
    }
}

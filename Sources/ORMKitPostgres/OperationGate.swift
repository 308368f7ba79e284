#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit

/// Counts a database's operations in flight and refuses new ones once closed, so a shutdown can wait for the running
/// ones (`drained()`) before it closes the pools.
final class OperationGate: Sendable {
    private struct State {
        var running = 0
        var isClosed = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Counts one more operation in flight.
    ///
    /// - Throws: `DatabaseError` (`.closed`) once `close()` was called.
    func enter() throws {
        try state.withLock { state in
            guard !state.isClosed else {
                throw DatabaseError(
                    kind: .closed,
                    message: "the database was closed (close(), or its service group shut down); the operation did not start"
                )
            }
            state.running += 1
        }
    }

    /// Counts one operation less; the last one of a closed gate wakes the `drained()` waiters.
    func leave() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0, state.isClosed else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Refuses every later `enter()`; wakes the `drained()` waiters when nothing is in flight.
    func close() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isClosed = true
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is closed and no operation is in flight.
    func drained() async {
        await withCheckedContinuation { continuation in
            let isDrained = state.withLock { state in
                if state.isClosed, state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if isDrained { continuation.resume() }
        }
    }
}
#endif

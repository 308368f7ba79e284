import Foundation

// SQLite's side of `DatabaseWriter.transaction(_:)`: the writer's thread holds one write transaction open while
// the async closure runs, and runs the statements the closure's verbs send it (`HeldTransaction`).

extension Database {
    /// See ``DatabaseWriter/transaction(_:)``. On SQLite the closure gets this database: every async verb the
    /// closure's task (and the tasks it starts) calls on it runs inside the transaction, on the writer, and
    /// sees the transaction's changes. Other writers wait until it ends; reads on readers do not. Called inside
    /// another `transaction` of the same database, it runs in a savepoint.
    ///
    /// Inside the closure, do not wait for work that uses the database from outside the closure's task tree (a
    /// `Task.detached`, another app task): that work waits for the transaction to end, which waits for it.
    ///
    /// - Throws: what `body` throws (after the rollback), `CancellationError`, or `DatabaseError` when the
    ///   transaction cannot begin or commit.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (Database) async throws -> T) async throws -> T {
        if let held = HeldTransaction.current(for: self) { return try await savepoint(in: held, body) }
        try Task.checkCancellation()
        let held = HeldTransaction(database: self)
        async let committed: Void = holdWriter(for: held)
        let result: T
        do {
            result = try await HeldTransaction.$open.withValue(HeldTransaction.open + [held]) { try await body(self) }
        } catch {
            held.end(commit: false)
            _ = try? await committed
            throw error
        }
        held.end(commit: true)
        try await committed
        return result
    }

    /// Runs `body` in a savepoint of `held`'s transaction: a failure undoes only what `body` did.
    ///
    /// - Throws: what `body` throws (after rolling back to the savepoint), or `DatabaseError`.
    private func savepoint<T: Sendable>(in held: HeldTransaction, _ body: (Database) async throws -> T) async throws -> T {
        let name = held.nextSavepointName()
        try await held.perform { try self.withConnection { try $0.run(sql: "SAVEPOINT \(name)", arguments: []) } }
        do {
            let result = try await body(self)
            try await held.perform { try self.withConnection { try $0.run(sql: "RELEASE \(name)", arguments: []) } }
            return result
        } catch {
            try? await held.perform { try self.withConnection { $0.rollBack(savepoint: name, beganTransaction: false) } }
            throw error
        }
    }

    /// On the writer's queue: begins the write transaction, serves `held` until its closure ends, then commits
    /// (or rolls back). Statements sent after that, or when the transaction could not begin, fail.
    ///
    /// - Throws: `DatabaseError` when the transaction cannot begin or commit; `HeldTransaction.RolledBack`
    ///   after a rollback the closure asked for.
    private func holdWriter(for held: HeldTransaction) async throws {
        try await run(on: queue) {
            let result = Result { try self.write({ conn in try held.serve(conn) }, cancellation: nil) }
            held.close(failing: Self.endingError(result))
            try result.get()
        }
    }

    /// What a statement sent after the transaction ended fails with: why it could not begin or commit, else
    /// that it ended.
    private static func endingError(_ result: Result<Void, any Error>) -> any Error {
        if case .failure(let error) = result, !(error is HeldTransaction.RolledBack) { return error }
        return DatabaseError(kind: .misuse, message: "the transaction this task was started in has ended")
    }
}

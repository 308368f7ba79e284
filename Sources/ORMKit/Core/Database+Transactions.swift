import Foundation
import ORMKitSQLite

extension Database {
    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): committed when `body` returns, rolled back
    /// when it throws. Called inside another `write` of the same database, it runs in a savepoint instead.
    ///
    /// ```swift
    /// let id = try db.write { conn in
    ///     var author = Author(name: "Ann", email: "ann@example.org")
    ///     try author.insert(conn)
    ///     return author.id
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws (after the rollback), or `DatabaseError` when the transaction cannot begin
    ///   or commit (for example `SQLITE_BUSY`, or `.closed`).
    @available(*, noasync, message: "blocks the calling thread: in async code, use try await db.write { … }")
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try write(body, cancellation: nil)
    }

    func write<T>(_ body: (Connection) throws -> T, cancellation: Cancellation?) throws -> T {
        try cancellation?.check()
        return try withConnection { conn in
            try conn.running(cancellation) {
                if conn.isInTransaction { return try conn.savepoint { try body(conn) } }
                return try conn.transaction(begin: "BEGIN IMMEDIATE TRANSACTION", readOnly: false) { try body(conn) }
            }
        }
    }

    /// Runs `body` with the writer connection and no transaction around it: each statement commits on its own
    /// (SQLite's autocommit), unless `body` begins a transaction. For what must control its transaction itself, a
    /// migration among them (`conn.migrate(_:)` turns foreign keys off around its own transaction, which a
    /// `write` closure's transaction would prevent).
    ///
    /// ```swift
    /// try db.writeWithoutTransaction { conn in try conn.migrate(LibrarySchema.self) }
    /// ```
    ///
    /// - Throws: what `body` throws, or `DatabaseError` (`.closed`, or `.misuse` inside a `read` closure).
    @discardableResult
    @available(*, noasync, message: "blocks the calling thread: in async code, use try await db.migrate(…) or try await db.write { … }")
    public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection(body)
    }

    /// Runs `body` in a read-only transaction (`BEGIN DEFERRED`) on a reader connection (see `Database`): it sees
    /// one consistent snapshot of committed data, concurrently with other reads and with the writer. Any write
    /// inside it fails (`SQLITE_READONLY`, or `.misuse` for a write through the `Database`). Inside a `write`
    /// closure it runs on the writer and sees that closure's changes.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    @available(*, noasync, message: "blocks the calling thread: in async code, use try await db.read { … }")
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try read(body, cancellation: nil)
    }

    func read<T>(_ body: (Connection) throws -> T, cancellation: Cancellation?) throws -> T {
        try cancellation?.check()
        return try withReadConnection { conn in
            try conn.running(cancellation) {
                if conn.isInTransaction { return try body(conn) }
                // A reader connection is read-only already; the writer needs `query_only` for the closure.
                return try conn.transaction(begin: "BEGIN DEFERRED TRANSACTION", readOnly: !conn.isReadOnlyConnection) {
                    try body(conn)
                }
            }
        }
    }

    /// Like `write(_:)`, run on the database's queue: the calling task is suspended, its thread is not blocked.
    ///
    /// ```swift
    /// let saved = try await db.write { conn in
    ///     var author = Author(name: "Ann", email: "ann@example.org")
    ///     try author.insert(conn)
    ///     return author
    /// }
    /// ```
    ///
    /// Cancelling the task rolls the transaction back: the statement running is interrupted
    /// (`sqlite3_interrupt`), the next one does not start, and the call throws `CancellationError`. A write
    /// whose `COMMIT` already started completes and returns normally.
    ///
    /// - Throws: what `body` throws, `CancellationError`, or `DatabaseError`.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await runCancellable(on: queue) { try self.write(body, cancellation: $0) }
    }

    /// Like `read(_:)`, run off the caller's thread (on a concurrent queue when there are readers): the calling
    /// task is suspended, its thread is not blocked. Cancelling the task stops the read at the next row
    /// (`sqlite3_interrupt`) and throws `CancellationError`.
    ///
    /// - Throws: what `body` throws, `CancellationError`, or `DatabaseError`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await runCancellable(on: hasReaderPool ? readQueue : queue) { try self.read(body, cancellation: $0) }
    }

    /// Runs `work` on `queue` (inside an async `transaction`, on the writer in it), passing it a `Cancellation`
    /// that the task's cancellation triggers.
    private func runCancellable<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable (Cancellation) throws -> T
    ) async throws -> T {
        let cancellation = Cancellation()
        let held = HeldTransaction.current(for: self)
        return try await withTaskCancellationHandler {
            if let held { return try await held.perform { try work(cancellation) } }
            return try await run(on: queue) { try work(cancellation) }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Runs `work` on `queue`, suspending the calling task meanwhile. The instrument's context of the task (its
    /// span, its logger) is in effect there, so statements and transactions are reported as the caller's.
    ///
    /// - Throws: what `work` throws.
    func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard let instrument = options.instrument else {
            return try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try work() }) }
            }
        }
        let context = instrument.captureTaskContext()
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try instrument.withTaskContext(context, work) }) }
        }
    }
}

extension Connection {
    /// Begins a transaction with `begin`, runs `body`, commits; rolls back when `body` or the commit throws,
    /// or when the `cancellation` in effect was cancelled before the commit.
    func transaction<T>(begin: String, readOnly: Bool, _ body: () throws -> T) throws -> T {
        try instrumentingTransaction(readOnly: readOnly) {
            try run(sql: begin, arguments: [])
            do {
                if readOnly { try run(sql: "PRAGMA query_only = 1", arguments: []) }
                defer { if readOnly, !isClosed { try? runUninterrupted("PRAGMA query_only = 0") } }
                let result = try body()
                try cancellation?.check()
                try runUninterrupted("COMMIT TRANSACTION")
                return result
            } catch {
                if !isClosed, isInTransaction { try? runUninterrupted("ROLLBACK TRANSACTION") }
                throw error
            }
        }
    }

    /// Runs `sql` (a transaction control statement) with no cancellation in effect: a commit or rollback must
    /// run to its end.
    func runUninterrupted(_ sql: String) throws {
        let current = cancellation
        current?.detach()
        cancellation = nil
        defer { cancellation = current }
        try run(sql: sql, arguments: [])
    }

    /// Runs `body` with `cancellation` in effect (nil: none): the statements it runs are interrupted once the
    /// task is cancelled, and what it throws then becomes `CancellationError`.
    func running<T>(_ cancellation: Cancellation?, _ body: () throws -> T) throws -> T {
        guard let cancellation else { return try body() }
        let previous = self.cancellation
        self.cancellation = cancellation
        cancellation.attach(handle)
        defer {
            cancellation.detach()
            self.cancellation = previous
        }
        do {
            return try body()
        } catch {
            if cancellation.isCancelled { throw CancellationError() }
            throw error
        }
    }
}

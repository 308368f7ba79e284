import Foundation

/// An async `transaction { }` on SQLite: the writer's thread holds the write transaction open and runs the
/// statements the transaction's task sends it, one at a time, until the task's closure ends.
///
/// The task finds it through a task-local (``open``), so every async verb it calls on the database (and those
/// of the tasks it starts) runs inside the transaction, on the writer, instead of waiting behind it.
final class HeldTransaction: @unchecked Sendable {
    // `@unchecked`: `jobs`, `ending`, `failure` and `savepoints` are only touched under `condition`.

    /// The held transactions of the current task, innermost last.
    @TaskLocal static var open: [HeldTransaction] = []

    /// The database whose writer holds the transaction.
    let database: ObjectIdentifier
    private let condition = NSCondition()
    private var jobs: [Job] = []
    /// Set when the closure ended: whether to commit.
    private var ending: Bool?
    /// Set when no more statements can run: the transaction ended, or could not begin.
    private var failure: (any Error)?
    private var savepoints = 0

    init(database: Database) {
        self.database = ObjectIdentifier(database)
    }

    /// The transaction the current task holds on `database`, if any.
    static func current(for database: Database) -> HeldTransaction? {
        let id = ObjectIdentifier(database)
        return open.last { $0.database == id && !$0.isClosed }
    }

    /// Whether statements can no longer run (a task started in the closure that outlives it then uses the
    /// database as any other task does).
    var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return failure != nil
    }

    /// Runs `work` on the writer's thread, inside the transaction.
    ///
    /// - Throws: what `work` throws, or the error that ended the transaction.
    func perform<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            if let failure {
                continuation.resume(throwing: failure)
                return
            }
            jobs.append(Job(
                run: {
                    do {
                        continuation.resume(returning: try work())
                        return nil
                    } catch {
                        continuation.resume(throwing: error)
                        return error
                    }
                },
                fail: { continuation.resume(throwing: $0) }
            ))
            condition.signal()
        }
    }

    /// A fresh savepoint name for a nested `transaction { }`.
    func nextSavepointName() -> String {
        condition.lock()
        defer { condition.unlock() }
        savepoints += 1
        return "\"ormkit_transaction_\(savepoints)\""
    }

    /// On the writer's thread, inside the transaction: runs the statements sent until the closure ends. Returns
    /// to commit; throws to roll back (the closure threw, or a statement's failure rolled the transaction back).
    func serve(_ conn: Connection) throws {
        while true {
            condition.lock()
            while jobs.isEmpty, ending == nil { condition.wait() }
            if jobs.isEmpty, let commit = ending {
                condition.unlock()
                if commit { return }
                throw RolledBack()
            }
            let job = jobs.removeFirst()
            condition.unlock()
            let jobError = job.run()
            if !conn.isInTransaction {
                // The statement's own error (a full disk, an I/O error) says why; the later statements get it too.
                let error = jobError ?? DatabaseError(
                    kind: .misuse,
                    message: "SQLite rolled the transaction back after a failed statement; the transaction's later statements do not run"
                )
                close(failing: error)
                throw error
            }
        }
    }

    /// The closure ended: commit when `commit`, else roll back.
    func end(commit: Bool) {
        condition.lock()
        ending = commit
        condition.signal()
        condition.unlock()
    }

    /// No more statements run: `error` fails the pending ones and any sent later.
    func close(failing error: any Error) {
        condition.lock()
        if failure == nil { failure = error }
        let pending = jobs
        jobs = []
        let reported = failure ?? error
        condition.unlock()
        for job in pending { job.fail(reported) }
    }

    /// One statement sent to the writer: `run` runs it, resumes its caller and returns the error it threw, `fail`
    /// resumes it with an error.
    private struct Job {
        let run: @Sendable () -> (any Error)?
        let fail: @Sendable (any Error) -> Void
    }

    /// Thrown by `serve` to roll the transaction back after the closure threw.
    struct RolledBack: Error {}
}

extension Connection {
    /// Runs the async migration `hook` with this writer's database, on this thread, inside the transaction in
    /// progress: the thread serves the statements the hook's verbs send until the hook ends.
    ///
    /// - Throws: what `hook` throws, or `DatabaseError` (`.misuse` on a connection that is not a writer).
    func runHook(_ hook: @escaping MigrationHook) throws {
        guard let database else {
            throw DatabaseError(kind: .misuse, message: "a migration hook runs on a database's writer connection")
        }
        let held = HeldTransaction(database: database)
        let outcome = Locked<(any Error)?>(nil)
        let run: @Sendable () async -> Void = {
            do {
                try await HeldTransaction.$open.withValue([held]) { try await hook(database) }
                held.end(commit: true)
            } catch {
                outcome.withLock { $0 = error }
                held.end(commit: false)
            }
        }
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            Task(executorPreference: HookExecutor.shared, operation: run)
        } else {
            Task(operation: run)
        }
        defer { held.close(failing: DatabaseError(kind: .misuse, message: "the migration hook has ended")) }
        do {
            try held.serve(self)
        } catch is HeldTransaction.RolledBack {
            // The hook threw: rethrown below.
        }
        if let error = outcome.withLock({ $0 }) { throw error }
    }
}

/// Where migration hooks run: threads of their own, not Swift's cooperative pool, because the thread that waits
/// for a hook (a synchronous `migrate`) may be one of that pool's few threads, and the hook would then wait for
/// it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class HookExecutor: TaskExecutor {
    static let shared = HookExecutor()

    private let queue = DispatchQueue(label: "ORMKit.MigrationHook", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

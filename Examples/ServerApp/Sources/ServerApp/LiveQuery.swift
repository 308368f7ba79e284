import ORMKit
import ServiceLifecycle

/// The successive results of a query, for as long as someone listens: each time they change, the new ones.
///
/// On SQLite it is ORMKit's `observe` (the query runs again after each commit that touches its tables, by any
/// connection of the database). PostgreSQL has no observation in ORMKit (docs/postgresql.md), so there it polls:
/// the query runs every `interval`, and a result equal to the last one is not sent again.
struct LiveQuery<R: Record & Equatable>: Sendable {
    private let makeResults: @Sendable () -> AsyncThrowingStream<[R], any Error>

    static func observing(_ request: QueryRequest<R>, in db: some ObservableDatabase & Sendable) -> LiveQuery {
        LiveQuery {
            let observation = db.observe(request)
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        for try await records in observation { continuation.yield(records) }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    static func polling(_ request: QueryRequest<R>, in db: some DatabaseReader & Sendable, every interval: Duration) -> LiveQuery {
        LiveQuery {
            AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        var last: [R]?
                        while !Task.isCancelled {
                            let records = try await request.fetchAll(db)
                            if records != last { continuation.yield(records) }
                            last = records
                            try await Task.sleep(for: interval)
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// Calls `body` with each result until the stream ends, the task is cancelled (the client went away) or the
    /// service group shuts down gracefully (so a graceful shutdown does not wait for listeners that never leave).
    func forEachUntilShutdown(_ body: ([R]) async throws -> Void) async throws {
        for try await records in makeResults().cancelOnGracefulShutdown() {
            try await body(records)
        }
    }
}

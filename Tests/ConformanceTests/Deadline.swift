#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import Testing

/// Polls `condition` every 20 ms for up to 10 s; records an issue when it never holds.
func waitUntil(_ condition: () async throws -> Bool) async throws {
    for _ in 0..<500 {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("the condition did not hold within 10 s")
}

/// A call that did not return within its deadline.
struct TimedOut: Error, CustomStringConvertible {
    var description: String { "no answer in time" }
}

/// What `body` returns, or `TimedOut` when it has not returned within `limit`: the test goes on even when
/// `body` never returns (a task group would wait for it).
func within<T: Sendable>(
    _ limit: Duration, _ body: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error> {
    let answered = Locked(false)
    return await withCheckedContinuation { continuation in
        let answer: @Sendable (Result<T, any Error>) -> Void = { result in
            guard answered.withLock({ done in defer { done = true }; return !done }) else { return }
            continuation.resume(returning: result)
        }
        let work = Task {
            do { answer(.success(try await body())) } catch { answer(.failure(error)) }
        }
        Task {
            try? await Task.sleep(for: limit)
            work.cancel()
            answer(.failure(TimedOut()))
        }
    }
}
#endif

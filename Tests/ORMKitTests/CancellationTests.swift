import Foundation
import ORMKit
import TestSupport
import Testing

/// Cancelling the task of an async `read`/`write`: a write rolls back, a read stops inside a running statement
/// (`sqlite3_interrupt`), and the database keeps working. Ordering uses semaphores, not timings.
@Suite("Cancellation") struct CancellationTests {
    private func database() async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase()
        try await db.execute(sql: "CREATE TABLE t (x INTEGER)")
        return (db, directory)
    }

    @Test func aCancelledWriteRollsBack() async throws {
        let (db, directory) = try await database()
        _ = directory
        let started = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await db.write { conn in
                try conn.execute(sql: "INSERT INTO t VALUES (1)")
                started.signal()
                proceed.wait()
                try conn.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        await Task.detached { started.wait() }.value
        task.cancel()
        proceed.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 0)
        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (3)") }
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 1)
    }

    @Test func aWriteThatIgnoresTheCancellationErrorStillRollsBack() async throws {
        let (db, directory) = try await database()
        _ = directory
        let started = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let task = Task {
            try await db.write { conn in
                try conn.execute(sql: "INSERT INTO t VALUES (1)")
                started.signal()
                proceed.wait()
                try? conn.execute(sql: "INSERT INTO t VALUES (2)")   // throws CancellationError, swallowed
            }
        }
        await Task.detached { started.wait() }.value
        task.cancel()
        proceed.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 0)
    }

    @Test func aCancelledReadStopsInsideARunningStatement() async throws {
        let (db, directory) = try await database()
        _ = directory
        let running = DispatchSemaphore(value: 0)
        db.trace { event in if event.sql.contains("RECURSIVE") { running.signal() } }
        // Counts to two billion: minutes of work unless interrupted.
        let task = Task {
            try await db.read { conn in
                try Int.fetchOne(conn, sql: """
                    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 2000000000) SELECT count(*) FROM c
                    """)
            }
        }
        await Task.detached { running.wait() }.value
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        db.trace(nil)
        #expect(try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT 41 + 1") } == 42)
    }

    @Test func aTaskCancelledBeforeItsReadStartsRunsNothing() async throws {
        let (db, directory) = try await database()
        _ = directory
        let ran = Locked(false)
        let gate = DispatchSemaphore(value: 0)
        let task = Task {
            await Task.detached { gate.wait() }.value
            return try await db.write { conn in
                ran.withValue { $0 = true }
                try conn.execute(sql: "INSERT INTO t VALUES (1)")
            }
        }
        task.cancel()
        gate.signal()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ran.current == false)
    }
}

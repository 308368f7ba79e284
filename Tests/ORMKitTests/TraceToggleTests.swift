import Dispatch
import Foundation
import ORMKit
import Synchronization
import TestSupport
import Testing

/// `trace(_:)` is a debug switch: turning it on or off returns without waiting for reads and writes in progress,
/// and takes effect for the next ones.
@Suite("Trace toggles without waiting")
struct TraceToggleTests {
    /// Runs `toggle` on another thread while `hold` keeps a connection busy until the toggle returns or 10 s pass.
    /// Returns whether the toggle returned while the connection was still held.
    static func toggleReturns(while hold: (@escaping @Sendable () -> Void) throws -> Void, _ toggle: @escaping @Sendable () -> Void) throws -> Bool {
        let toggled = DispatchSemaphore(value: 0)
        let returned = Mutex(false)
        try hold {
            // A thread of its own: under a full suite's load, Dispatch's shared pool can be busy with blocked work
            // for longer than the timeout, which would fail the test without saying anything about `trace`.
            Thread {
                toggle()
                toggled.signal()
            }.start()
            // Inside the read or write: the connection stays held while we wait.
            let finished = toggled.wait(timeout: .now() + 10) == .success
            returned.withLock { $0 = finished }
        }
        return returned.withLock { $0 }
    }

    @Test func duringALongReadAndALongWrite() async throws {
        let (db, directory) = try makeDatabase()
        _ = directory
        try await db.execute(sql: "CREATE TABLE t (x INTEGER)")
        let log = Mutex<[String]>([])
        // A read holds a reader connection (WAL: the pool) while tracing is switched on.
        #expect(try Self.toggleReturns(while: { body in try db.read { _ in body() } }) {
            db.trace { event in log.withLock { $0.append(event.sql) } }
        })
        // The next read and write trace.
        _ = try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT count(*) FROM t") }
        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (1)") }
        let statements = { log.withLock { $0 }.filter { !$0.hasSuffix("TRANSACTION") } }
        #expect(statements() == ["SELECT count(*) FROM t", "INSERT INTO t VALUES (1)"])
        // A write holds the writer while tracing is switched off (its own BEGIN and COMMIT still trace: it
        // started with tracing on); the next read and write do not trace.
        #expect(try Self.toggleReturns(while: { body in try db.write { _ in body() } }) { db.trace(nil) })
        _ = try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT count(*) FROM t") }
        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (2)") }
        #expect(statements() == ["SELECT count(*) FROM t", "INSERT INTO t VALUES (1)"])
    }
}

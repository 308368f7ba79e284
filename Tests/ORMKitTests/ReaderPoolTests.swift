import Foundation
@testable import ORMKit
import ORMKitSQLite
import TestSupport
import Testing

/// The reader pool of a WAL file: concurrent reads, snapshots, reads beside the writer, nesting, bounds and
/// close. Ordering is shown with semaphores, never with timings: a wait that would only succeed if two closures
/// overlap has a generous timeout that only a deadlock (the old single-connection behaviour) reaches.
@Suite("Reader pool") struct ReaderPoolTests {
    /// Twenty seconds from now: long enough that only a deadlock reaches it.
    static var deadlockGuard: DispatchTime { .now() + 20 }

    /// A WAL file with `CREATE TABLE t (x INTEGER)`.
    private func database(readers: Int = 4) throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase(options: Database.Options(maximumReaderCount: readers))
        try db.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE t (x INTEGER)") }
        return (db, directory)
    }

    private func count(_ db: Connection) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM t") ?? -1
    }

    /// `count` in a `read` of `db` (on a reader, or on the connection this thread already uses for `db`).
    private func count(_ db: Database) throws -> Int {
        try db.read { try count($0) }
    }

    /// Runs `body` on another thread; the returned semaphore is signalled when it is done.
    private func background(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            body()
            done.signal()
        }
        return done
    }

    /// The pause the checkpoint policy uses to restart the WAL off the commit path (`ReaderPool.whilePaused`): it
    /// waits for the readers in use (giving up after its timeout), and a read asked for meanwhile waits for it.
    @Test func aPauseWaitsForReadersInUseAndHoldsNewReads() throws {
        let (db, directory) = try database(readers: 2)
        _ = directory
        let pool = try #require(db.readers)
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let holder = background {
            _ = try? db.read { _ in
                held.signal()
                release.wait()
            }
        }
        #expect(held.wait(timeout: Self.deadlockGuard) == .success)
        // A reader stays in use for the whole pause: it ends at its timeout, not idle.
        let recorder = Recorder()
        pool.whilePaused(timeout: 0.02) { idle in recorder.set("idle while held", idle) }
        #expect(recorder.values["idle while held"] as? Bool == false)

        // Released during the pause: the pause sees the readers idle; a read started inside it waits for its end.
        let paused = DispatchSemaphore(value: 0), readAsked = DispatchSemaphore(value: 0)
        let pauser = background {
            pool.whilePaused(timeout: 20) { idle in
                recorder.set("idle after release", idle)
                paused.signal()
                readAsked.wait()
                // Time for a read that did not wait to finish (it takes about a millisecond): a wrong pause shows here.
                Thread.sleep(forTimeInterval: 0.05)
                recorder.set("read ran inside the pause", recorder.values["read"] != nil)
            }
        }
        release.signal()
        #expect(paused.wait(timeout: Self.deadlockGuard) == .success)
        let reader = background {
            readAsked.signal()
            _ = try? db.read { conn in recorder.set("read", try count(conn)) }
        }
        #expect(pauser.wait(timeout: Self.deadlockGuard) == .success)
        #expect(reader.wait(timeout: Self.deadlockGuard) == .success)
        #expect(holder.wait(timeout: Self.deadlockGuard) == .success)
        #expect(recorder.values["idle after release"] as? Bool == true)
        #expect(recorder.values["read ran inside the pause"] as? Bool == false)
        #expect(recorder.values["read"] as? Int == 0)
    }

    @Test func readsRunConcurrently() throws {
        let (db, directory) = try database(readers: 2)
        _ = directory
        #expect(db.hasReaderPool)
        let first = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        let overlapped = Recorder()
        let done = background {
            _ = try? db.read { conn in
                first.signal()
                overlapped.set("first", second.wait(timeout: Self.deadlockGuard) == .success)
                return try count(conn)
            }
        }
        try db.read { conn in
            second.signal()
            overlapped.set("second", first.wait(timeout: Self.deadlockGuard) == .success)
            _ = try count(conn)
        }
        done.wait()
        #expect(overlapped.values["first"] as? Bool == true)
        #expect(overlapped.values["second"] as? Bool == true)
    }

    @Test func aReadKeepsItsSnapshotWhileAWriteCommits() throws {
        let (db, directory) = try database()
        _ = directory
        let readStarted = DispatchSemaphore(value: 0), writeDone = DispatchSemaphore(value: 0)
        let seen = Recorder()
        let done = background {
            do {
                try db.read { conn in
                    seen.set("before", try count(conn))
                    readStarted.signal()
                    // The write below completes while this closure is still running.
                    seen.set("writeFinishedDuringRead", writeDone.wait(timeout: Self.deadlockGuard) == .success)
                    seen.set("after", try count(conn))
                }
            } catch {
                seen.set("error", "\(error)")
            }
        }
        #expect(readStarted.wait(timeout: Self.deadlockGuard) == .success)
        try db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (1)") }
        writeDone.signal()
        done.wait()
        #expect(seen.values["before"] as? Int == 0)
        #expect(seen.values["after"] as? Int == 0)   // the snapshot of the read's start
        #expect(seen.values["writeFinishedDuringRead"] as? Bool == true)
        #expect(seen.values["error"] == nil)
        #expect(try count(db) == 1)
    }

    @Test func fetchesDoNotWaitForAnOpenWriteTransaction() throws {
        let (db, directory) = try database()
        _ = directory
        let inserted = DispatchSemaphore(value: 0), fetched = DispatchSemaphore(value: 0)
        let outcome = Recorder()
        let done = background {
            do {
                try db.write { conn in
                    try conn.execute(sql: "INSERT INTO t VALUES (1)")
                    inserted.signal()
                    outcome.set("readWhileWriting", fetched.wait(timeout: Self.deadlockGuard) == .success)
                }
            } catch {
                outcome.set("error", "\(error)")
            }
        }
        #expect(inserted.wait(timeout: Self.deadlockGuard) == .success)
        #expect(try count(db) == 0)   // committed data only, without waiting for the writer
        fetched.signal()
        done.wait()
        #expect(outcome.values["readWhileWriting"] as? Bool == true)
        #expect(try count(db) == 1)
    }

    @Test func nestedCallsReuseTheConnectionInUse() throws {
        let (db, directory) = try database()
        _ = directory
        try db.write { conn in
            try conn.execute(sql: "INSERT INTO t VALUES (1)")
            #expect(try db.read { try count($0) } == 1)   // a read inside a write sees the write
            #expect(try count(db) == 1)
        }
        try db.read { (conn: Connection) throws -> Void in
            #expect(try count(conn) == 1)
            #expect(try db.read { try count($0) } == 1)
            #expect {
                try db.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
            } throws: { ($0 as? DatabaseError)?.kind == .misuse }
            #expect {
                try db.write { try $0.execute(sql: "INSERT INTO t VALUES (2)") }
            } throws: { ($0 as? DatabaseError)?.kind == .misuse }
            #expect(throws: DatabaseError.self) { try conn.execute(sql: "INSERT INTO t VALUES (2)") }   // read-only connection
            #expect(throws: DatabaseError.self) { try db.close() }
        }
        #expect(try count(db) == 1)
    }

    @Test func thePoolBoundsConcurrentReaders() throws {
        let (db, directory) = try database(readers: 1)
        _ = directory
        let firstIn = DispatchSemaphore(value: 0), releaseFirst = DispatchSemaphore(value: 0), secondIn = DispatchSemaphore(value: 0)
        let first = background { _ = try? db.read { _ in firstIn.signal(); releaseFirst.wait() } }
        #expect(firstIn.wait(timeout: Self.deadlockGuard) == .success)
        let second = background { _ = try? db.read { _ in secondIn.signal() } }
        // While the only reader is taken, the second read waits (it could only get in by sharing the connection).
        #expect(secondIn.wait(timeout: .now() + 0.3) == .timedOut)
        releaseFirst.signal()
        #expect(secondIn.wait(timeout: Self.deadlockGuard) == .success)
        first.wait()
        second.wait()
    }

    @Test func closeWaitsForReadsInFlight() throws {
        let (db, directory) = try database()
        _ = directory
        let inRead = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let state = Recorder()
        let reading = background {
            _ = try? db.read { conn in
                inRead.signal()
                proceed.wait()
                state.set("readFinished", try count(conn) == 0)
            }
        }
        #expect(inRead.wait(timeout: Self.deadlockGuard) == .success)
        let closeStarted = DispatchSemaphore(value: 0)
        let closing = background {
            closeStarted.signal()
            do { try db.close() } catch { state.set("closeError", "\(error)") }
            state.set("readFinishedWhenClosed", state.values["readFinished"] as? Bool ?? false)
        }
        closeStarted.wait()
        proceed.signal()
        reading.wait()
        closing.wait()
        #expect(state.values["readFinishedWhenClosed"] as? Bool == true)
        #expect(state.values["closeError"] == nil)
        #expect { try db.read { _ in } } throws: { ($0 as? DatabaseError)?.kind == .closed }
        #expect { try count(db) } throws: { ($0 as? DatabaseError)?.kind == .closed }
    }

    @Test func asyncReadsRunConcurrently() async throws {
        let (db, directory) = try database(readers: 2)
        _ = directory
        let first = DispatchSemaphore(value: 0), second = DispatchSemaphore(value: 0)
        async let a: Bool = db.read { _ in first.signal(); return second.wait(timeout: Self.deadlockGuard) == .success }
        async let b: Bool = db.read { _ in second.signal(); return first.wait(timeout: Self.deadlockGuard) == .success }
        let (overlapA, overlapB) = try await (a, b)
        #expect(overlapA && overlapB)
    }

    @Test func rawSQLThatWritesRunsOnTheWriter() async throws {
        let (db, directory) = try database()
        _ = directory
        #expect(try await Int.fetchOne(db, sql: "INSERT INTO t VALUES (5) RETURNING x") == 5)
        #expect(try await Row.fetchAll(db, sql: "INSERT INTO t VALUES (6) RETURNING x") { try $0.decode("x", as: Int.self) } == [6])
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [5, 6])
    }

    @Test func withoutAPoolReadsUseTheWriter() throws {
        let memory = try Database.inMemory()
        #expect(!memory.hasReaderPool)
        try memory.writeWithoutTransaction { try $0.execute(sql: "CREATE TABLE t (x INTEGER)") }
        try memory.write { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(try memory.read { try count($0) } == 1)
        #expect(throws: DatabaseError.self) { try memory.read { try $0.execute(sql: "INSERT INTO t VALUES (2)") } }

        let (single, directory) = try database(readers: 0)
        #expect(!single.hasReaderPool)
        #expect(try single.read { try count($0) } == 0)

        try single.close()
        let readOnly = try Database(path: directory.path("test.sqlite"), options: Database.Options(readOnly: true))
        #expect(readOnly.hasReaderPool)
        #expect(try readOnly.read { try count($0) } == 0)
        #expect { try readOnly.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t VALUES (1)") } } throws: { ($0 as? DatabaseError)?.resultCode == SQLITE_READONLY }
    }
}

/// A small lock-protected dictionary for results recorded on other threads.
private final class Recorder: @unchecked Sendable {
    // `@unchecked`: `storage` is only touched under `lock`.
    private let lock = NSLock()
    private var storage: [String: any Sendable] = [:]

    func set(_ key: String, _ value: any Sendable) {
        lock.lock()
        storage[key] = value
        lock.unlock()
    }

    var values: [String: any Sendable] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

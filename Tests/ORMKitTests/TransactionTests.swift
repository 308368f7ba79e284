import Foundation
@_spi(Testing) import ORMKit
import TestSupport
import Testing

private struct Boom: Error {}

@Suite("Transactions")
struct TransactionTests {
    private func makeTable() async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase()
        try await db.execute(sql: "CREATE TABLE t (x INTEGER NOT NULL)")
        return (db, directory)
    }

    @Test func writeCommitsOnReturn() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let result = try await db.write { conn in
            try conn.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1])
            #expect(conn.isInTransaction)
            return "done"
        }
        #expect(result == "done")
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t") == [1])
    }

    @Test func writeRollsBackOnThrow() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        #expect(throws: Boom.self) {
            try db.write { conn in
                try conn.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1])
                throw Boom()
            }
        }
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM t") == 0)
        try onWriter(db) { conn in #expect(!conn.isInTransaction) }
    }

    @Test func nestedSavepointsRollBackOnlyTheirOwnChanges() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await db.write { conn in
            try conn.execute(sql: "INSERT INTO t VALUES (1)")
            try? conn.savepoint {
                try conn.execute(sql: "INSERT INTO t VALUES (2)")
                try conn.savepoint {
                    try conn.execute(sql: "INSERT INTO t VALUES (3)")
                }
                throw Boom()
            }
            try conn.savepoint {
                try conn.execute(sql: "INSERT INTO t VALUES (4)")
                try? conn.savepoint {
                    try conn.execute(sql: "INSERT INTO t VALUES (5)")
                    throw Boom()
                }
            }
        }
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 4])
    }

    @Test func writeInsideWriteIsASavepoint() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await db.write { conn in
            try conn.execute(sql: "INSERT INTO t VALUES (1)")
            #expect(throws: Boom.self) {
                try db.write { inner in
                    try inner.execute(sql: "INSERT INTO t VALUES (2)")
                    throw Boom()
                }
            }
        }
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t") == [1])
    }

    @Test func readIsReadOnly() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let error = try #require(throws: DatabaseError.self) {
            try db.read { conn in try conn.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        #expect(error.resultCode == 8)  // SQLITE_READONLY
        try await db.execute(sql: "INSERT INTO t VALUES (1)")
        #expect(try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT x FROM t") } == 1)
    }

    @Test func connectionUsedOutsideItsClosureThrows() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let escaped = try onWriter(db) { conn in conn }
        let error = try #require(throws: DatabaseError.self) { try escaped.execute(sql: "SELECT 1") }
        #expect(error.kind == .misuse)
    }

    @Test func asyncWriteAndRead() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (?)", arguments: [7]) }
        let value = try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT x FROM t") }
        #expect(value == 7)
        await #expect(throws: Boom.self) {
            try await db.write { conn in
                try conn.execute(sql: "INSERT INTO t VALUES (8)")
                throw Boom()
            }
        }
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t") == [7])
    }

    @Test func fiftyConcurrentTasksInsert() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<50 {
                group.addTask {
                    if i.isMultiple(of: 2) {
                        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i]) }
                    } else {
                        try await db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i])
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == Array(0..<50))
    }

    @Test func closeWithWorkInFlight() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<40 {
                group.addTask {
                    do {
                        try await db.write { conn in try conn.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i]) }
                        return true
                    } catch let error as DatabaseError where error.kind == .closed {
                        return false
                    }
                }
            }
            group.addTask {
                try db.close()
                return false
            }
            var results: [Bool] = []
            for try await outcome in group { results.append(outcome) }
            return results
        }
        #expect(outcomes.count == 41)
        #expect(db.isClosed)
        await #expect(throws: DatabaseError.self) { try await db.execute(sql: "SELECT 1") }
        await #expect(throws: DatabaseError.self) { try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT 1") } }
        // Everything that reported success is on disk.
        let reopened = try Database(path: db.path)
        #expect(try await Int.fetchOne(reopened, sql: "SELECT count(*) FROM t") == outcomes.filter { $0 }.count)
    }

    @Test func closeInsideAClosureIsRefused() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let error = try #require(throws: DatabaseError.self) { try db.write { _ in try db.close() } }
        #expect(error.kind == .misuse)
        #expect(!db.isClosed)
    }

    @Test func statementCacheDoesNotRePrepare() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [1])
        let before = try onWriter(db) { $0.prepareCount }
        for i in 0..<100 {
            try await db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [i])
        }
        #expect(try onWriter(db) { $0.prepareCount } == before)
    }

    @Test func traceReceivesExpandedSQL() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let events = Locked<[TraceEvent]>([])
        db.trace { event in events.withValue { $0.append(event) } }
        try onWriter(db) { try $0.execute(sql: "INSERT INTO t VALUES (?)", arguments: [42]) }  // autocommit: one statement
        db.trace(nil)
        try onWriter(db) { try $0.execute(sql: "INSERT INTO t VALUES (?)", arguments: [43]) }
        let recorded = events.withValue { $0 }
        #expect(recorded.map(\.sql) == ["INSERT INTO t VALUES (?)"])
        #expect(recorded.map(\.expandedSQL) == ["INSERT INTO t VALUES (42)"])
    }

    @Test func traceSeesRecordOperationsWithTheirValues() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        let events = Locked<[String]>([])
        db.trace { event in events.withValue { $0.append(event.expandedSQL) } }
        try await db.write { conn in
            var author = Author(name: "O'Brien", rating: 2.5)
            try author.insert(conn)
        }
        _ = try await Author.filter(Author.name == "O'Brien").fetchAll(db)
        let recorded = events.withValue { $0 }
        #expect(recorded.contains { $0.hasPrefix("INSERT INTO \"authors\"") && $0.contains("'O''Brien'") && $0.contains("2.5") })
        #expect(recorded.contains { $0.hasPrefix("SELECT") && $0.contains("'O''Brien'") })
        #expect(recorded.contains("BEGIN IMMEDIATE TRANSACTION"))
        #expect(recorded.contains("COMMIT TRANSACTION"))
    }
}

/// A value shared with `@Sendable` closures in tests.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    func withValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

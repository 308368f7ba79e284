import Foundation
import ORMKit
import TestSupport
import Testing

private struct Boom: Error {}

/// SQLite's async `transaction { }`: the writer held open for an async closure (the engine-neutral behaviour is
/// in ConformanceTests' TransactionConformanceTests).
@Suite("Async transactions on SQLite")
struct AsyncTransactionTests {
    private func makeTable(_ options: Database.Options = Database.Options()) async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase(options: options)
        try await db.execute(sql: "CREATE TABLE t (x INTEGER NOT NULL UNIQUE)")
        return (db, directory)
    }

    private func values(_ db: Database) async throws -> [Int] {
        try await Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x")
    }

    @Test func worksWithoutReadersAndStreamsInside() async throws {
        let (db, directory) = try await makeTable(Database.Options(maximumReaderCount: 0))
        _ = directory
        let memory = try Database.inMemory()
        try await memory.execute(sql: "CREATE TABLE t (x INTEGER NOT NULL UNIQUE)")
        for database in [db, memory] {
            let seen = try await database.transaction { tx in
                try await tx.execute(sql: "INSERT INTO t VALUES ($1), ($2)", arguments: [1, 2])
                return try await Int.fetchAll(tx, sql: "SELECT x FROM t ORDER BY x")
            }
            #expect(seen == [1, 2])
            #expect(try await values(database) == [1, 2])
        }
    }

    @Test func writersOutsideTheTaskWaitAndAreNotRolledBackWithIt() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let outside = Locked<Task<Void, any Error>?>(nil)
        await #expect(throws: Boom.self) {
            try await db.transaction { tx in
                try await tx.execute(sql: "INSERT INTO t VALUES (1)", arguments: [])
                outside.withValue { $0 = Task.detached { try await db.execute(sql: "INSERT INTO t VALUES (2)", arguments: []) } }
                throw Boom()
            }
        }
        try await outside.current?.value
        #expect(try await values(db) == [2])
    }

    @Test func aTaskStartedInsideThatOutlivesItWritesOnItsOwn() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let late = try await db.transaction { tx in
            try await tx.execute(sql: "INSERT INTO t VALUES (1)", arguments: [])
            return Task {
                try await Task.sleep(for: .milliseconds(50))
                try await db.execute(sql: "INSERT INTO t VALUES (2)", arguments: [])
            }
        }
        try await late.value
        #expect(try await values(db) == [1, 2])
    }

    @Test func cancellingTheTaskRollsBack() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        let started = AsyncStream<Void>.makeStream()
        let task = Task {
            try await db.transaction { tx in
                try await tx.execute(sql: "INSERT INTO t VALUES (1)", arguments: [])
                started.continuation.yield()
                try await Task.sleep(for: .seconds(30))
                try await tx.execute(sql: "INSERT INTO t VALUES (2)", arguments: [])
            }
        }
        for await _ in started.stream { break }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try await values(db) == [])
    }

    @Test func closeInsideIsRefused() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try await db.transaction { _ in
            #expect(throws: DatabaseError.self) { try db.close() }
        }
        #expect(!db.isClosed)
    }

    @Test func aTransactionThatCannotBeginFailsItsStatements() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        try db.close()
        await #expect(throws: DatabaseError.self) {
            try await db.transaction { tx in try await tx.execute(sql: "INSERT INTO t VALUES (1)", arguments: []) }
        }
    }

    @Test func observersSeeTheCommitOnce() async throws {
        let (db, directory) = try await makeTable()
        _ = directory
        var values = db.observe { conn in try Int.fetchAll(conn, sql: "SELECT x FROM t ORDER BY x") }.makeAsyncIterator()
        #expect(try await values.next() == [])
        try await db.transaction { tx in
            try await tx.execute(sql: "INSERT INTO t VALUES (1)", arguments: [])
            try await tx.execute(sql: "INSERT INTO t VALUES (2)", arguments: [])
        }
        #expect(try await values.next() == [1, 2])
    }
}

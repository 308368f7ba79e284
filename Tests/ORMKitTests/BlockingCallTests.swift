import TestSupport
import Testing

/// A blocking call from async code by accident does not compile. The verbs have no synchronous form on a `Database`
/// (synchronous verbs take the `Connection` of a `read`/`write` closure), and the synchronous `read`, `write` and
/// `writeWithoutTransaction` are unavailable from asynchronous contexts (`noasync`), including the closures of
/// `Task` and `TaskGroup.addTask`, which would otherwise block a cooperative thread.
@Suite("Blocking calls from async code")
struct BlockingCallTests {
    static let valid = """
        func sync(_ db: Database) throws {
            _ = try db.read { conn in try Int.fetchAll(conn, sql: "SELECT 1") }
            try db.write { conn in try conn.execute(sql: "SELECT 1") }
            try db.writeWithoutTransaction { conn in try conn.execute(sql: "SELECT 1") }
        }
        func async(_ db: Database) async throws {
            _ = try await Int.fetchAll(db, sql: "SELECT 1")
            _ = try await db.read { conn in try Int.fetchOne(conn, sql: "SELECT 1") }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try await Int.fetchAll(db, sql: "SELECT 1") }
                try await group.waitForAll()
            }
        }
        """

    static let blocking: [String] = [
        """
        func f(_ db: Database) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { _ = try db.read { conn in try Int.fetchAll(conn, sql: "SELECT 1") } }
                try await group.waitForAll()
            }
        }
        """,
        """
        func f(_ db: Database) { Task { _ = try db.read { _ in 1 } } }
        """,
        """
        func f(_ db: Database) { Task { try db.writeWithoutTransaction { try $0.execute(sql: "DELETE FROM t") } } }
        """,
    ]

    @Test func awaitedAndSynchronousCallsCompile() throws {
        let result = try SwiftTypeCheck.run(Self.valid, importing: ["ORMKit"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// A verb on the database value is async only: synchronous code takes the connection of `read`/`write`.
    static let verbsOnTheDatabase: [String] = [
        """
        func f(_ db: Database) throws { _ = try Int.fetchAll(db, sql: "SELECT 1") }
        """,
        """
        func f(_ db: Database) throws { try db.execute(sql: "DELETE FROM t") }
        """,
    ]

    /// Both lists of refused calls, type-checked in one `swiftc` run (once, by the first case that asks).
    static let checked = Swift.Result { try SwiftTypeCheck.runEach(verbsOnTheDatabase + blocking, importing: ["ORMKit"]) }

    @Test(arguments: verbsOnTheDatabase.indices)
    func aVerbOnTheDatabaseHasNoSynchronousForm(_ index: Int) throws {
        let result = try Self.checked.get()[index]
        #expect(result.status != 0, "compiled but should not: \(Self.verbsOnTheDatabase[index])")
        #expect(result.output.contains("'async' call in a function that does not support concurrency"), "\(result.output)")
    }

    @Test(arguments: blocking.indices)
    func aBlockingCallInAsyncCodeDoesNotCompile(_ index: Int) throws {
        let result = try Self.checked.get()[Self.verbsOnTheDatabase.count + index]
        #expect(result.status != 0, "compiled but should not: \(Self.blocking[index])")
        #expect(result.output.contains("unavailable from asynchronous contexts"), "\(result.output)")
    }
}

import ExampleModels
import Foundation
import ORMKit
import Testing

/// `transaction { }` behaves the same on every engine, through the engine contract.
@Suite("Conformance: transactions") struct TransactionConformanceTests {
    static func author(_ name: String) -> Author {
        Author(name: name, email: "\(name.lowercased())@tx.test", rating: 3)
    }

    /// The authors these tests write (the example schema seeds others).
    static let mine = Author.filter(Author.email.like("%@tx.test"))

    /// Counts the authors named `name` from a task outside the transaction (a detached task inherits nothing).
    static func countOutside(_ engine: Engine, _ name: String) async throws -> Int {
        try await Task.detached { try await Author.filter(Author.name == name).count(engine.db) }.value
    }

    @Test(arguments: Backend.allCases) func commitsWhatTheClosureWroteAndReturnsItsValue(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let ids = try await engine.db.transaction { tx in
            var ann = Self.author("Ann")
            try await ann.insert(tx)
            var bob = Self.author("Bob")
            try await bob.insert(tx)
            ann.rating = 5
            try await ann.update(tx)
            return [ann.id, bob.id].compactMap { $0 }
        }
        #expect(ids.count == 2)
        #expect(try await Author.find(engine.db, keys: ids).map(\.rating).sorted() == [3, 5])
        try await engine.close()
    }

    /// `trace` is part of the contract: set on the database or on a transaction's writer, it reports the
    /// statements that run from the next call on; nil stops it.
    @Test(arguments: Backend.allCases) func traceSetThroughTheContractReportsLaterStatements(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let db = engine.db
        let log = StatementLog()
        try await db.transaction { tx in tx.trace { log.append($0.sql) } }
        _ = try await Author.filter(Author.name == "Traced").count(db)
        #expect(log.statements.contains { $0.contains("COUNT(*)") && $0.contains("authors") })
        db.trace(nil)
        let before = log.statements.count
        _ = try await Author.filter(Author.name == "Untraced").count(db)
        #expect(log.statements.count == before)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aThrowingClosureLeavesNothing(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var kept = Self.author("Kept")
        try await kept.insert(engine.db)
        await #expect(throws: Abort.self) {
            try await engine.db.transaction { tx in
                var gone = Self.author("Gone")
                try await gone.insert(tx)
                _ = try await Author.filter(Author.name == "Kept").updateAll(tx, Author.rating.set(to: 1))
                #expect(try await Self.mine.count(tx) == 2)
                throw Abort()
            }
        }
        #expect(try await Self.mine.order(Author.name).fetchAll(engine.db).map(\.name) == ["Kept"])
        #expect(try await Author.find(engine.db, kept.id ?? 0)?.rating == 3)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func insideSeesItsOwnWritesAndOutsideSeesNoneUntilCommit(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        try await engine.db.transaction { tx in
            var ann = Self.author("Ann")
            try await ann.insert(tx)
            #expect(try await Author.filter(Author.name == "Ann").count(tx) == 1)
            var streamed: [String] = []
            try await Self.mine.forEach(tx) { streamed.append($0.name) }
            #expect(streamed == ["Ann"])
            #expect(try await Self.countOutside(engine, "Ann") == 0)
        }
        #expect(try await Self.countOutside(engine, "Ann") == 1)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aNestedTransactionThatThrowsUndoesOnlyItself(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        try await engine.db.transaction { tx in
            var outer = Self.author("Outer")
            try await outer.insert(tx)
            do {
                try await tx.transaction { inner in
                    var nested = Self.author("Nested")
                    try await nested.insert(inner)
                    throw Abort()
                }
            } catch is Abort {}
            try await tx.transaction { inner in
                var second = Self.author("Second")
                try await second.insert(inner)
            }
            // A statement that may fail runs in a nested transaction: its failure undoes it alone, on every engine.
            await #expect(throws: DatabaseError.self) {
                try await tx.transaction { inner in
                    var duplicate = Self.author("Duplicate")
                    duplicate.email = "outer@tx.test"
                    try await duplicate.insert(inner)
                }
            }
        }
        #expect(try await Self.mine.order(Author.name).fetchAll(engine.db).map(\.name) == ["Outer", "Second"])
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aFailureCaughtOutsideASavepointIsNeverLostSilently(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        var outcome: Result<Void, any Error> = .success(())
        do {
            try await engine.db.transaction { tx in
                var first = Self.author("First")
                try await first.insert(tx)
                var duplicate = Self.author("Duplicate")
                duplicate.email = "first@tx.test"
                do { try await duplicate.insert(tx) } catch {}
            }
        } catch {
            outcome = .failure(error)
        }
        let names = try await Self.mine.fetchAll(engine.db).map(\.name)
        switch backend {
        case .sqlite:
            // SQLite undoes the failed statement alone: the transaction goes on and commits.
            #expect(names == ["First"])
            #expect((try? outcome.get()) != nil)
        #if PostgreSQL
        case .postgresql, .pgbouncer:
            // PostgreSQL ends the transaction at its first failed statement: it rolls back, and says so.
            #expect(names == [])
            #expect(throws: DatabaseError.self) { try outcome.get() }
            if case .failure(let error as DatabaseError) = outcome {
                #expect(error.sqlState == "23505")
                #expect(error.message.contains("nested transaction"))
            }
        #endif
        }
        try await engine.close()
    }
}

/// `stream` through the engine contract: every record in order, at most 64 waiting, stopped by a break.
@Suite("Conformance: streams") struct StreamConformanceTests {
    static let mine = Author.filter(Author.email.like("%@stream.test"))

    /// Streams through the generic overload (what engine-neutral code calls), whatever the engine.
    static func names(_ db: some DatabaseReader & Sendable, first limit: Int? = nil) async throws -> [String] {
        var names: [String] = []
        for try await author in mine.order(Author.name).stream(db) {
            names.append(author.name)
            if names.count == limit { break }
        }
        return names
    }

    @Test(arguments: Backend.allCases) func streamsEveryRecordInOrderAndStopsAtABreak(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let names = (1...300).map { String(format: "A%03d", $0) }
        _ = try await engine.db.insert(names.map { Author(name: $0, email: "\($0.lowercased())@stream.test", rating: 3) })
        #expect(try await Self.names(engine.sendableDB) == names)
        #expect(try await Self.names(engine.sendableDB, first: 5) == Array(names.prefix(5)))
        // The database is usable after a stream stopped early (its connection went back).
        #expect(try await Self.mine.count(engine.db) == 300)
        try await engine.close()
    }
}

/// Thrown inside a transaction to roll it back.
struct Abort: Error {}

import Foundation
import ORMKit
import TestSupport
import Testing

/// `afterCommit` / `afterRollback`: called once per finished write with the tables it changed (triggers and
/// foreign-key cascades included), never for rolled-back work as a commit, and no more once cancelled.
@Suite("Transaction hooks") struct TransactionHookTests {
    private func database() async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase()
        try await db.execute(sql: """
            CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents (id) ON DELETE CASCADE);
            CREATE TABLE audit (entry TEXT);
            CREATE TRIGGER parents_audit AFTER UPDATE ON parents BEGIN INSERT INTO audit VALUES (new.name); END;
            """)
        return (db, directory)
    }

    @Test func aCommitReportsTheTablesItChanged() async throws {
        let (db, directory) = try await database()
        _ = directory
        let commits = Locked<[Set<String>]>([])
        let subscription = db.afterCommit { changes in commits.withValue { $0.append(changes.tables) } }
        try await db.write { conn in
            try conn.execute(sql: "INSERT INTO parents (id, name) VALUES (1, 'a')")
            try conn.execute(sql: "INSERT INTO children (parent_id) VALUES (1)")
        }
        try await db.execute(sql: "UPDATE parents SET name = 'b'")        // autocommit; the trigger writes audit
        try await db.execute(sql: "DELETE FROM parents")                   // the cascade deletes children
        try await db.execute(sql: "SELECT * FROM parents")                 // a read commits nothing
        #expect(commits.current == [["parents", "children"], ["parents", "audit"], ["parents", "children"]])
        _ = subscription
    }

    @Test func aRollbackIsReportedAsARollbackOnly() async throws {
        let (db, directory) = try await database()
        _ = directory
        let commits = Locked(0), rollbacks = Locked<[Set<String>]>([])
        let onCommit = db.afterCommit { _ in commits.withValue { $0 += 1 } }
        let onRollback = db.afterRollback { changes in rollbacks.withValue { $0.append(changes.tables) } }
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try db.write { conn in
                try conn.execute(sql: "INSERT INTO parents (id, name) VALUES (1, 'a')")
                throw Failure()
            }
        }
        // A failed autocommit statement rolls back too (a NOT NULL-less table, so use a unique key clash).
        try await db.execute(sql: "INSERT INTO parents (id, name) VALUES (2, 'b')")
        await #expect(throws: DatabaseError.self) { try await db.execute(sql: "INSERT INTO parents (id, name) VALUES (2, 'c')") }
        #expect(commits.current == 1)
        #expect(rollbacks.current.first == ["parents"])
        _ = (onCommit, onRollback)
    }

    @Test func savepointsInsideAWriteGiveOneCommit() async throws {
        let (db, directory) = try await database()
        _ = directory
        let commits = Locked<[Set<String>]>([])
        let subscription = db.afterCommit { changes in commits.withValue { $0.append(changes.tables) } }
        try await db.write { conn in
            try conn.execute(sql: "INSERT INTO parents (id, name) VALUES (1, 'a')")
            try? conn.savepoint {
                try conn.execute(sql: "INSERT INTO audit VALUES ('x')")
                throw CancellationError()
            }
            try db.write { nested in try nested.execute(sql: "INSERT INTO children (parent_id) VALUES (1)") }
        }
        #expect(commits.current.count == 1)
        #expect(commits.current.first?.isSuperset(of: ["parents", "children"]) == true)
        _ = subscription
    }

    @Test func aHookCanReadWhatWasCommitted() async throws {
        let (db, directory) = try await database()
        _ = directory
        let counts = Locked<[Int]>([])
        let subscription = db.afterCommit { _ in
            let count = (try? db.read { conn in try Int.fetchOne(conn, sql: "SELECT count(*) FROM parents") }) ?? -1
            counts.withValue { $0.append(count) }
        }
        try await db.execute(sql: "INSERT INTO parents (name) VALUES ('a')")
        try await db.execute(sql: "INSERT INTO parents (name) VALUES ('b')")
        #expect(counts.current == [1, 2])
        _ = subscription
    }

    @Test func aCancelledOrReleasedSubscriptionStopsTheHook() async throws {
        let (db, directory) = try await database()
        _ = directory
        let calls = Locked(0)
        let subscription = db.afterCommit { _ in calls.withValue { $0 += 1 } }
        try await db.execute(sql: "INSERT INTO parents (name) VALUES ('a')")
        subscription.cancel()
        try await db.execute(sql: "INSERT INTO parents (name) VALUES ('b')")
        do {
            _ = db.afterCommit { _ in calls.withValue { $0 += 100 } }   // released at once
        }
        try await db.execute(sql: "INSERT INTO parents (name) VALUES ('c')")
        #expect(calls.current == 1)
    }
}

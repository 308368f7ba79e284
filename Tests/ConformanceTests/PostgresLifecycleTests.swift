#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import Logging
import ORMKit
import ORMKitPostgres
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

/// `PostgresDatabase` as a swift-service-lifecycle `Service`, on a real server: a graceful shutdown lets the running
/// work finish, refuses new work, and loses no committed write.
@Suite struct PostgresLifecycleTests {
    @Test func aGracefulShutdownFinishesRunningWorkRefusesNewWorkAndLosesNoCommittedWrite() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let setup = try PostgresDatabase(url: test.url)
        try await setup.migrate(ExampleSchema.self, hooks: ["backfillReaderTokens": { _ in }])
        let before = try await Author.count(setup)

        let db = try PostgresDatabase(url: test.url)
        let group = ServiceGroup(services: [db], logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            // Writers under load until the database refuses them.
            for writer in 0..<4 {
                tasks.addTask {
                    for index in 0... {
                        let email = "w\(writer)-\(index)@example.org"
                        do {
                            var author = Author(name: "Writer \(writer)", email: email)
                            try await author.insert(db)
                            tally.committed.withLock { $0.append(email) }
                        } catch let error as DatabaseError where error.kind == .closed {
                            tally.refusals.withLock { $0.append(error) }
                            return
                        }
                    }
                }
            }
            // A transaction still running when the shutdown begins: it must commit.
            tasks.addTask {
                try await db.write { session in
                    tally.slowStarted.withLock { $0 = true }
                    try await session.execute(sql: "SELECT pg_sleep(0.8)")
                    var author = Author(name: "Slow", email: "slow@example.org")
                    try await author.insert(session)
                }
                tally.committed.withLock { $0.append("slow@example.org") }
            }
            while tally.committed.withLock({ $0.count }) < 40 || !tally.slowStarted.withLock({ $0 }) {
                try await Task.sleep(for: .milliseconds(5))
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }

        // Refused once the shutdown began, with the cause.
        #expect(tally.refusals.withLock { $0.count } == 4)
        await #expect(throws: DatabaseError.self) { _ = try await Author.count(db) }

        let emails = Set(try await Author.fetchAll(setup).map(\.email))
        let written = tally.committed.withLock { $0 }
        #expect(written.contains("slow@example.org"), "the transaction running at the shutdown committed")
        #expect(written.allSatisfy(emails.contains), "every write that returned is in the database")
        #expect(try await Author.count(setup) == before + written.count, "and nothing else")
        await setup.close()
        try await test.drop()
    }

    /// What the test's tasks record.
    final class Tally: Sendable {
        /// The emails of the authors whose insert returned.
        let committed = Mutex<[String]>([])
        /// The errors that refused a writer.
        let refusals = Mutex<[DatabaseError]>([])
        /// Whether the slow transaction began.
        let slowStarted = Mutex(false)
    }
}
#endif

import ExampleModels
import ORMKit
import ORMKitSQLite
import TestSupport
import Testing

/// Pins the bug the I/O fault sweep found: a batch (`insert(_:contentsOf:)` and the other operations that run
/// in a savepoint outside a transaction) whose commit — the outermost `RELEASE` — failed left its transaction
/// open, so every later call of the `Database` ran inside it and nothing was committed again.
@Suite("A batch whose commit fails")
struct BatchCommitFailureTests {
    @Test("rolls back, leaves no transaction open, and runs again once the fault is cleared",
          arguments: [Database.Options.JournalMode.wal, .default])
    func failedCommit(_ mode: Database.Options.JournalMode) throws {
        let injector = try FaultInjector()
        let directory = try TemporaryDirectory()
        let path = directory.path("library.sqlite")
        let db = try Database(path: path, options: .init(journalMode: mode, vfsName: injector.name))
        try db.writeWithoutTransaction { db in try db.migrate(ExampleSchema.self) }
        let authors = [Author(name: "Ann", email: "ann@example.org"), Author(name: "Bob", email: "bob@example.org")]

        // The batch's first sync is its commit's: of the WAL, or of the rollback journal before the file is written.
        injector.arm(.sync, at: 1, code: FaultKind.sync.ioErrorCode, persistent: false)
        let error = try db.writeWithoutTransaction { db in try #require(throws: DatabaseError.self) { try Author.insert(db, contentsOf: authors) } }
        injector.clear()
        #expect(injector.injected == 1)
        #expect(error.extendedResultCode == FaultKind.sync.ioErrorCode)
        #expect(error.sql?.hasPrefix("RELEASE") == true)
        #expect(try db.writeWithoutTransaction { $0.isInTransaction } == false)
        #expect(try db.read { db in try Author.count(db) == 2 })   // the seed rows only

        try db.writeWithoutTransaction { db in try Author.insert(db, contentsOf: authors) }
        #expect(try db.read { db in try Author.count(db) == 4 })
        try db.close()
        let reopened = try Database(path: path)
        #expect(try reopened.read { reopened in try Author.fetchAll(reopened).map(\.name) == ["Anonymous", "Ursula K. Le Guin", "Ann", "Bob"] })
        try reopened.close()
        withExtendedLifetime(injector) {}
    }
}

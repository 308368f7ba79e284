import Foundation
import ORMKit
import TestSupport

/// What the workload does without faults, measured in two clean runs: how many operations of each kind it
/// makes (a run that only counts, so the figures are those of a faulted run up to its fault), and the state
/// committed after each step with what each step returned (a run that dumps the database between steps).
struct ReferenceRun: Sendable {
    /// Operations made by the whole workload, by kind.
    let totals: OperationCounts
    /// `states[i]`: the database content after the first `i` steps (`states[0]`: an empty database).
    let states: [[String]]
    /// What each step returned.
    let results: [String]

    private static let wal = Result { try ReferenceRun(journalMode: .wal) }
    private static let rollbackJournal = Result { try ReferenceRun(journalMode: .default) }

    /// The reference run of `journalMode`, made once per test process.
    ///
    /// - Throws: What making it threw.
    static func shared(_ journalMode: Database.Options.JournalMode) throws -> ReferenceRun {
        try (journalMode == .wal ? wal : rollbackJournal).get()
    }

    /// - Throws: When a step fails without a fault, or a dump fails.
    init(journalMode: Database.Options.JournalMode) throws {
        totals = try Self.count(journalMode: journalMode)
        (states, results) = try Self.record(journalMode: journalMode)
    }

    private static func count(journalMode: Database.Options.JournalMode) throws -> OperationCounts {
        let injector = try FaultInjector()
        let directory = try TemporaryDirectory()
        let session = WorkloadSession(
            path: directory.path("library.sqlite"), options: .init(journalMode: journalMode, vfsName: injector.name))
        for step in FaultWorkload.steps { _ = try step.run(session) }
        let totals = injector.counts   // before the close, which a faulted run makes with the fault cleared
        try session.close()
        withExtendedLifetime(injector) {}
        return totals
    }

    private static func record(journalMode: Database.Options.JournalMode) throws -> ([[String]], [String]) {
        let directory = try TemporaryDirectory()
        let session = WorkloadSession(path: directory.path("library.sqlite"), options: .init(journalMode: journalMode))
        var states: [[String]] = [DatabaseDump.empty]
        var results: [String] = []
        for step in FaultWorkload.steps {
            results.append(try step.run(session))
            states.append(try currentState(session))
        }
        try session.close()
        return (states, results)
    }

    /// The committed content of the session's database, read on its writer, or on a connection opened for
    /// the purpose while the session has none open (`DatabaseDump.empty` when there is no file yet).
    ///
    /// - Throws: `DatabaseError` when a query fails.
    static func currentState(_ session: WorkloadSession) throws -> [String] {
        if let db = session.db { return try db.writeWithoutTransaction { try DatabaseDump.lines($0) } }
        guard FileManager.default.fileExists(atPath: session.path) else { return DatabaseDump.empty }
        let db = try Database(path: session.path, options: session.options)
        defer { try? db.close() }
        return try db.writeWithoutTransaction { try DatabaseDump.lines($0) }
    }
}

import ExampleModels
import Foundation
import ORMKit
import ORMKitSQLite
import Testing

/// Issue 14, item 3: I/O faults. For each configuration (an operation kind, a code, once or persistent, a
/// journal mode), the workload of `FaultWorkload` runs once per position N, with the Nth operation of that
/// kind failing; `FaultRun` says what each run must satisfy. Every configuration has its own fault VFS, so
/// the configurations run in parallel without seeing each other's faults.
///
/// In CI the sweep covers every position up to `FaultSweep.ci.dense`, then a stride; with
/// `ORMKIT_FAULT_SWEEP=full` (`scripts/io-faults.sh`) it covers every operation the workload makes, and with
/// `ORMKIT_FAULT_SWEEP=sample` (CI's AddressSanitizer step) about a third of CI's positions.
@Suite("I/O faults")
struct IOFaultTests {
    static let configurations: [FaultConfiguration] = [.wal, .default].flatMap { mode in
        [
            FaultConfiguration(.read, journalMode: mode),
            FaultConfiguration(.read, persistent: true, journalMode: mode),
            FaultConfiguration(.write, journalMode: mode),
            FaultConfiguration(.write, code: SQLITE_FULL, persistent: true, journalMode: mode),
            FaultConfiguration(.sync, journalMode: mode),
            FaultConfiguration(.lock, journalMode: mode),
            FaultConfiguration(.truncate, journalMode: mode),
        ] + (mode == .wal ? [FaultConfiguration(.shmLock, journalMode: mode)] : [])
    }

    @Test("Every fault surfaces as a DatabaseError, rolls back, and leaves a usable database and a sound file",
          arguments: configurations)
    func sweep(_ configuration: FaultConfiguration) throws {
        let start = ContinuousClock.now
        let density = try FaultSweep.density(named: ProcessInfo.processInfo.environment["ORMKIT_FAULT_SWEEP"])
        let reference = try ReferenceRun.shared(configuration.journalMode)
        let total = reference.totals[configuration.kind]
        let positions = density.positions(total: total, persistent: configuration.persistent)
        let run = FaultRun(configuration: configuration, reference: reference)
        var summary = SweepSummary()
        for position in positions {
            let outcome = try run.run(at: position)
            summary.add(outcome)
            if !outcome.injected {
                summary.problems.append("\(configuration), operation \(position) of \(total): the fault never fired")
            }
        }
        print("I/O faults, \(configuration): \(positions.count) of \(total) operations swept in "
            + "\((ContinuousClock.now - start).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))); "
            + summary.description)
        // Every fault surfaces, except in the checkpoint a WAL database runs when it closes, whose failure SQLite
        // ignores (the WAL stays and the next open recovers it; CloseCheckpointFaultTests pins that).
        let absorbedElsewhere = summary.absorbedBySteps.keys.filter { $0 != "close" || configuration.journalMode != .wal }
        #expect(absorbedElsewhere.isEmpty, "\(configuration): faults absorbed in \(absorbedElsewhere)")
        if !summary.problems.isEmpty {
            let first = summary.problems.prefix(8).map { $0.count > 600 ? $0.prefix(600) + "…" : Substring($0) }
            Issue.record("\(configuration): \(summary.problems.count) problems; the first:\n\(first.joined(separator: "\n"))")
        }
    }
}

/// The figures of one sweep.
struct SweepSummary: CustomStringConvertible {
    var injected = 0
    var survived = 0
    /// Steps where the fault made the call throw, with how many times.
    var surfacedBySteps: [String: Int] = [:]
    /// Steps where the fault fired but the call succeeded (SQLite retried, or ignored it where it may).
    var absorbedBySteps: [String: Int] = [:]
    var problems: [String] = []

    mutating func add(_ outcome: FaultRunOutcome) {
        problems += outcome.problems
        guard outcome.injected, let step = outcome.step else { return }
        injected += 1
        if outcome.problems.isEmpty { survived += 1 }
        if outcome.surfaced { surfacedBySteps[step, default: 0] += 1 } else { absorbedBySteps[step, default: 0] += 1 }
    }

    var description: String {
        func list(_ steps: [String: Int]) -> String {
            steps.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        }
        let surfaced = surfacedBySteps.values.reduce(0, +)
        return "faults injected: \(injected), survived: \(survived); surfaced as errors: \(surfaced)"
            + (absorbedBySteps.isEmpty ? "" : "; absorbed: \(injected - surfaced) (\(list(absorbedBySteps)))")
    }
}

/// Which positions a sweep covers.
enum FaultSweep {
    /// How many positions a sweep covers: a one-shot fault is swept at every position up to `dense`, then at
    /// spread positions up to about `maximum` in all; a persistent fault at `persistent` spread positions (its
    /// first failure is the same as the one-shot fault's at the same position; only what follows differs).
    struct Density: Equatable {
        let dense: Int
        let maximum: Int
        let persistent: Int

        /// 1…`total` when `total` is within the density; else (for a one-shot fault) every position up to `dense`,
        /// then spread ones up to and including `total`, or (persistent) `persistent` spread from 1 to `total`.
        func positions(total: Int, persistent isPersistent: Bool) -> [Int] {
            guard total > 0 else { return [] }
            if isPersistent { return FaultSweep.spread(from: 1, through: total, count: persistent) }
            if total <= maximum { return Array(1...total) }
            return Array(1...dense) + FaultSweep.spread(from: dense + 1, through: total, count: maximum - dense)
        }
    }

    /// `swift test`'s sweep (`ORMKIT_FAULT_SWEEP` unset).
    static let ci = Density(dense: 60, maximum: 80, persistent: 30)
    /// `ORMKIT_FAULT_SWEEP=sample`: the AddressSanitizer step (.ci/run) runs each fault at a third of CI's
    /// positions, since a run there costs 2.4 times as much; the unsanitized step has covered CI's.
    static let sample = Density(dense: 10, maximum: 20, persistent: 10)
    /// `ORMKIT_FAULT_SWEEP=full` (`scripts/io-faults.sh`): every position.
    static let full = Density(dense: .max, maximum: .max, persistent: .max)

    /// The density `ORMKIT_FAULT_SWEEP`'s value names: `full`, `sample`, or none (`ci`).
    ///
    /// - Throws: `SettingError` for any other value, so a misspelled setting does not silently sweep CI's positions.
    static func density(named setting: String?) throws -> Density {
        switch setting {
        case nil: ci
        case "sample": sample
        case "full": full
        case let other?: throw SettingError(value: other)
        }
    }

    /// An `ORMKIT_FAULT_SWEEP` value that names no density.
    struct SettingError: Error, CustomStringConvertible {
        let value: String
        var description: String { "ORMKIT_FAULT_SWEEP is \"\(value)\": use full, sample, or leave it unset" }
    }

    /// About `count` positions evenly spread from `first` through `last`, both included.
    static func spread(from first: Int, through last: Int, count: Int) -> [Int] {
        guard last - first + 1 > count, count > 1 else { return Array(first...last) }
        let positions = (0..<count).map { first + ($0 * (last - first)) / (count - 1) }
        return Array(Set(positions)).sorted()
    }
}

@Suite("I/O fault sweep positions")
struct FaultSweepTests {
    @Test("Each setting names its density, and any other value is refused")
    func settings() throws {
        #expect(try FaultSweep.density(named: nil) == FaultSweep.ci)
        #expect(try FaultSweep.density(named: "sample") == FaultSweep.sample)
        #expect(try FaultSweep.density(named: "full") == FaultSweep.full)
        #expect(throws: FaultSweep.SettingError.self) { try FaultSweep.density(named: "Sample") }
        #expect(throws: FaultSweep.SettingError.self) { try FaultSweep.density(named: "") }
    }

    @Test("Full covers every position; CI and the sample cover the first ones densely, then spread to the last")
    func positions() {
        #expect(FaultSweep.full.positions(total: 500, persistent: false) == Array(1...500))
        #expect(FaultSweep.full.positions(total: 500, persistent: true) == Array(1...500))
        let ci = FaultSweep.ci.positions(total: 500, persistent: false)
        #expect(ci.prefix(60) == ArraySlice(1...60))
        #expect(ci.count == 80 && ci.last == 500 && ci == ci.sorted())
        let sample = FaultSweep.sample.positions(total: 500, persistent: true)
        #expect(sample.count == 10 && sample.first == 1 && sample.last == 500)
        #expect(FaultSweep.ci.positions(total: 50, persistent: false) == Array(1...50))
        #expect(FaultSweep.ci.positions(total: 0, persistent: false).isEmpty)
    }
}

@Suite("I/O fault workload")
struct FaultWorkloadTests {
    @Test("The clean run commits what the workload says and makes every kind of operation", arguments: [Database.Options.JournalMode.wal, .default])
    func cleanRun(_ mode: Database.Options.JournalMode) throws {
        let reference = try ReferenceRun.shared(mode)
        print("I/O fault workload, \(mode): \(FaultKind.allCases.map { "\($0) \(reference.totals[$0])" }.joined(separator: ", "))")
        let final = try #require(reference.states.last)
        #expect(final.first == "user_version 4")
        #expect(final.filter { $0.hasPrefix("authors: ") }.count == 5)
        #expect(final.filter { $0.hasPrefix("books: ") }.count == 13)
        #expect(final.filter { $0.hasPrefix("shelf_notes: ") }.count == 3)
    }
}

@Suite("The fault checks")
struct FaultCheckTests {
    @Test("busyStatements sees the statement of a cursor that has not reached its end")
    func busyStatementsSeesACursor() throws {
        let db = try Database.inMemory()
        try db.writeWithoutTransaction { db in try db.migrate(ExampleSchema.self) }
        let busy = try db.read { conn in
            let cursor = try Author.cursor(conn)
            _ = try cursor.next()
            return try DatabaseDump.busyStatements(conn)
        }
        let idle = try db.read { conn in try DatabaseDump.busyStatements(conn) }
        if let busy, let idle {
            #expect(busy.count == 1 && busy.first?.contains("\"authors\"") == true)
            #expect(idle.isEmpty)
        }
    }
}

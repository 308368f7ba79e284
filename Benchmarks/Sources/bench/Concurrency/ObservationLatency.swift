import BenchSupport
import Foundation
import GRDB
import ORMKit

/// A contender of `observation`: observes `items WHERE id <= 100 ORDER BY id` and runs one-statement write
/// transactions.
protocol ObservingContender: AnyObject, Sendable {
    /// Starts the observation in a task; `log` gets each value's marker (its largest `visits`) when the loop
    /// receives it. The task ends when cancelled.
    func observe(rows: Int, into log: ValueLog) -> Task<Void, Never>
    /// The observed request fetched once, in a read on the calling thread (the fetch without the hand-offs).
    func fetchOnce(rows: Int) throws -> Int
    /// Runs `sql` with two integer arguments in one write transaction.
    func write(_ sql: String, _ first: Int, _ second: Int) throws
    func close() throws
}

/// The observing contenders.
enum ObservingContenderID: String, CaseIterable, Sendable {
    case GRDB
    case GRDBDeduplicated = "GRDB + removeDuplicates()"
    case D
    case DReaders = "D, observationFetch: .readers"

    var summary: String {
        switch self {
        case .GRDB: "GRDB 7.10.0 `ValueObservation.tracking { db in try request.fetchAll(db) }.values(in: pool)`, as most apps write it (C's records)"
        case .GRDBDeduplicated: "the same with `.removeDuplicates()` before `.values(in:)`"
        case .D: "ORMKit `for try await items in db.observe(Item.filter(Item.id <= 100).order(Item.id))`, 4 readers (default `observationFetch: .writerWhenAwaited`: fetched on the writer before `write` returns while the loop waits)"
        case .DReaders: "the same with `Options.observationFetch = .readers` (fetched on a reader after `write` returned; a write never waits for it)"
        }
    }

    /// Selected by `--contender`: GRDB by B or C, D by D.
    func isSelected(by contenders: [ContenderID]) -> Bool {
        self == .D || self == .DReaders ? contenders.contains(.D) : contenders.contains(.B) || contenders.contains(.C)
    }

    func open(path: String) throws -> any ObservingContender {
        switch self {
        case .GRDB: try GRDBObservingContender(path: path, removeDuplicates: false)
        case .GRDBDeduplicated: try GRDBObservingContender(path: path, removeDuplicates: true)
        case .D: try ORMKitObservingContender(path: path, fetch: .writerWhenAwaited)
        case .DReaders: try ORMKitObservingContender(path: path, fetch: .readers)
        }
    }
}

/// What one contender's `observation` run measured.
struct ObservationResult {
    /// Write returned → value received, for each changing commit.
    var latency = Distribution(nanoseconds: [])
    /// Write called → value received (the write's own time included).
    var latencyFromCall = Distribution(nanoseconds: [])
    /// The `write` call's duration with the observation running.
    var writeDuration = Distribution(nanoseconds: [])
    /// The observed request fetched in a plain read on the calling thread.
    var fetchAlone = Distribution(nanoseconds: [])
    /// How many of the values arrived before the write call returned (negative latency).
    var earlyValues = 0
    /// Values delivered for `unchangedCommits` updates of rows outside the filter.
    var valuesOutsideFilter = 0
    /// Values delivered for `unchangedCommits` updates of observed rows to the values they have.
    var valuesSameValues = 0
    var errors = 0
    var firstError: String?
}

/// The values an observation delivered: arrival time and marker, in order.
final class ValueLog: @unchecked Sendable {
    // `@unchecked`: `values` and `failure` are only touched under `condition`.
    private let condition = NSCondition()
    private var values: [(time: UInt64, marker: Int)] = []
    private var failure: String?

    func append(marker: Int) {
        let time = monotonicNanoseconds()
        condition.lock()
        values.append((time, marker))
        condition.broadcast()
        condition.unlock()
    }

    func fail(_ error: any Error) {
        condition.lock()
        failure = failure ?? "\(error)"
        condition.broadcast()
        condition.unlock()
    }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return values.count
    }

    var error: String? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// The index and arrival time of the first value at `index` or later whose marker is `marker`, waiting up
    /// to `timeout` seconds; nil on timeout or after a failure.
    func wait(for marker: Int, from index: Int, timeout: Double) -> (index: Int, time: UInt64)? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        var next = index
        while failure == nil {
            while next < values.count {
                if values[next].marker == marker { return (next, values[next].time) }
                next += 1
            }
            if !condition.wait(until: deadline) { return nil }
        }
        return nil
    }

    /// Waits up to `timeout` seconds for a value past the first `count`.
    func waitForMore(than count: Int, timeout: Double) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while values.count <= count, failure == nil, condition.wait(until: deadline) {}
    }
}

/// Observes 100 rows; times commit → value for changing commits (each value awaited before the next commit),
/// then counts the values delivered for commits that leave the result unchanged.
struct ObservationLatency {
    let sizes: ConcurrencySizes

    /// Sets one observed row's `visits` to a new, larger value: the marker of the value it yields.
    static let markSQL = "UPDATE items SET visits = ? WHERE id = ?"
    /// Changes a row outside the filter (`id > 100`).
    static let outsideSQL = "UPDATE items SET visits = visits + ? WHERE id = ?"
    /// Rewrites an observed row's `visits` with the value it has (`? * 0`: the second argument is unused).
    static let sameSQL = "UPDATE items SET visits = visits + ? * 0 WHERE id = ?"

    func run(_ id: ObservingContenderID, path: String) throws -> ObservationResult {
        let contender = try id.open(path: path)
        let log = ValueLog()
        let rows = sizes.observedRows
        let task = contender.observe(rows: rows, into: log)
        var result = ObservationResult()
        func fail(_ message: String) {
            result.errors += 1
            result.firstError = result.firstError ?? message
        }
        defer {
            task.cancel()
            try? contender.close()
        }
        // The first value: the fixture's largest `visits` among the observed rows.
        guard log.wait(for: Fixture.visits(rows), from: 0, timeout: 10) != nil else {
            fail(log.error ?? "no first value")
            return result
        }
        var marker = 1_000_000
        /// A changing commit; returns when the write was called and returned and when its value arrived, nil on timeout.
        func commitChange() throws -> (called: UInt64, returned: UInt64, arrival: UInt64)? {
            marker += 1
            let start = log.count
            let called = monotonicNanoseconds()
            try contender.write(Self.markSQL, marker, marker % rows + 1)
            let returned = monotonicNanoseconds()
            guard let (_, arrival) = log.wait(for: marker, from: start, timeout: 5) else {
                fail(log.error ?? "no value for commit \(marker)")
                return nil
            }
            return (called, returned, arrival)
        }

        // Warm-up (untimed): the first writes compile their statements and load the schema.
        for _ in 0..<5 { _ = try commitChange() }
        var times: [(called: UInt64, returned: UInt64, arrival: UInt64)] = []
        for _ in 0..<sizes.latencyCommits {
            if let time = try commitChange() { times.append(time) }
        }
        let latencies = times.map { Int64(bitPattern: $0.arrival &- $0.returned) }
        result.latency = Distribution(nanoseconds: latencies)
        result.latencyFromCall = Distribution(nanoseconds: times.map { Int64($0.arrival - $0.called) })
        result.writeDuration = Distribution(nanoseconds: times.map { Int64($0.returned - $0.called) })
        result.earlyValues = latencies.filter { $0 < 0 }.count

        /// Values delivered for `unchangedCommits` commits of `sql`, counted up to the next changing commit's value.
        func unchangedValues(_ sql: String, _ arguments: (Int) -> (Int, Int)) throws -> Int {
            let start = log.count
            for k in 0..<sizes.unchangedCommits {
                let before = log.count
                let (first, second) = arguments(k)
                try contender.write(sql, first, second)
                // Pace the commits: give a redundant value up to 5 ms to arrive (less when it does).
                log.waitForMore(than: before, timeout: 0.005)
            }
            let sentinelStart = log.count
            marker += 1
            try contender.write(Self.markSQL, marker, marker % rows + 1)
            guard let (index, _) = log.wait(for: marker, from: sentinelStart, timeout: 5) else {
                fail(log.error ?? "no value for the commit after the unchanged ones")
                return 0
            }
            return index - start
        }
        result.valuesOutsideFilter = try unchangedValues(Self.outsideSQL) { k in (1, rows + 1 + k * 7) }
        result.valuesSameValues = try unchangedValues(Self.sameSQL) { k in (1, k % rows + 1) }
        result.fetchAlone = Distribution(nanoseconds: try (0..<sizes.latencyCommits).map { _ in
            let start = monotonicNanoseconds()
            let fetched = try contender.fetchOnce(rows: rows)
            let elapsed = Int64(monotonicNanoseconds() - start)
            if fetched != marker { fail("a fetch returned marker \(fetched), expected \(marker)") }
            return elapsed
        })
        if let error = log.error { fail(error) }
        return result
    }
}

// MARK: - Contenders

/// GRDB: `ValueObservation.tracking` consumed with `values(in: pool)`, optionally with `removeDuplicates()`.
final class GRDBObservingContender: ObservingContender {
    typealias Item = GRDBManualContender.Item
    let pool: DatabasePool
    let removeDuplicates: Bool

    init(path: String, removeDuplicates: Bool) throws {
        var configuration = GRDBSetup.configuration()
        configuration.busyMode = .timeout(5)
        pool = try DatabasePool(path: path, configuration: configuration)
        self.removeDuplicates = removeDuplicates
    }

    func observe(rows: Int, into log: ValueLog) -> Task<Void, Never> {
        let request = Item.filter(Column("id") <= rows).orderByPrimaryKey()
        let observation = ValueObservation.tracking { db in try request.fetchAll(db) }
        let values = removeDuplicates ? observation.removeDuplicates().values(in: pool) : observation.values(in: pool)
        return Task {
            do {
                for try await items in values {
                    log.append(marker: items.map(\.visits).max() ?? 0)
                }
            } catch {
                log.fail(error)
            }
        }
    }

    func fetchOnce(rows: Int) throws -> Int {
        let request = Item.filter(Column("id") <= rows).orderByPrimaryKey()
        return try pool.read { db in try request.fetchAll(db) }.map(\.visits).max() ?? 0
    }

    func write(_ sql: String, _ first: Int, _ second: Int) throws {
        try pool.write { db in try db.execute(sql: sql, arguments: [first, second]) }
    }

    func close() throws { try pool.close() }
}

extension GRDBManualContender.Item: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.email == rhs.email && lhs.age == rhs.age
            && lhs.score == rhs.score && lhs.active == rhs.active && lhs.created == rhs.created
            && lhs.note == rhs.note && lhs.avatar == rhs.avatar && lhs.visits == rhs.visits
    }
}

/// ORMKit: `db.observe(request)` consumed with `for try await`, on a database with 4 readers.
final class ORMKitObservingContender: ObservingContender {
    let database: ORMKit.Database

    init(path: String, fetch: ObservationFetch) throws {
        var options = ORMKit.Database.Options(maximumReaderCount: 4)
        options.observationFetch = fetch
        database = try ORMKit.Database(path: path, options: options)
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
    }

    func observe(rows: Int, into log: ValueLog) -> Task<Void, Never> {
        let observation = database.observe(Item.filter(Item.id <= Int64(rows)).order(Item.id))
        return Task {
            do {
                for try await items in observation {
                    log.append(marker: items.map(\.visits).max() ?? 0)
                }
            } catch {
                log.fail(error)
            }
        }
    }

    func fetchOnce(rows: Int) throws -> Int {
        let request = Item.filter(Item.id <= Int64(rows)).order(Item.id)
        return try database.read { conn in try request.fetchAll(conn) }.map(\.visits).max() ?? 0
    }

    func write(_ sql: String, _ first: Int, _ second: Int) throws {
        try database.write { conn in try conn.execute(sql: sql, arguments: [first, second]) }
    }

    func close() throws { try database.close() }
}

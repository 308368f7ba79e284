import BenchSQLite
import BenchSupport
import Foundation

/// A contender of `concurrentReads`: hands each reader thread and the writer thread a session, made on that
/// thread and used only there.
protocol ConcurrentReadsContender: AnyObject, Sendable {
    /// A reader's session: `read` fetches the first `rows` items in one read transaction, decoding each.
    func makeReader(rows: Int) throws -> any ReadSession
    /// The writer's session.
    func makeWriter() throws -> any WriteSession
    /// Closes every connection (after all threads finished).
    func close() throws
}

protocol ReadSession: AnyObject {
    func read() throws -> Outcome
}

protocol WriteSession: AnyObject {
    /// Builds the records with fixture ids `first ..< first + count` (keys assigned by SQLite) and returns
    /// the timed part: inserting them in one write transaction.
    func batch(first: Int, count: Int) -> () throws -> Void
}

/// The contenders of the concurrency groups on a pool of connections.
enum PoolContenderID: String, CaseIterable, Sendable {
    case A
    case GRDB = "GRDB pool"
    case D
    case D0

    var summary: String {
        switch self {
        case .A: "hand-written C: 1 writer connection + 4 reader connections, reads in BEGIN…COMMIT, busy timeout 5 s"
        case .GRDB: "GRDB 7.10.0 `DatabasePool` (maximumReaderCount 4, busy timeout 5 s), C's hand-written records, `pool.read`/`pool.write` from threads"
        case .D: "ORMKit, `Database(path:options: .init(maximumReaderCount: 4))`, `db.read`/`db.write` from threads"
        case .D0: "ORMKit, `maximumReaderCount: 0`: everything on one connection (ORMKit before the reader pool)"
        }
    }

    /// Selected by `--contender`: A by A, the GRDB pool by B or C, D and D0 by D.
    func isSelected(by contenders: [ContenderID]) -> Bool {
        switch self {
        case .A: contenders.contains(.A)
        case .GRDB: contenders.contains(.B) || contenders.contains(.C)
        case .D, .D0: contenders.contains(.D)
        }
    }

    func open(path: String) throws -> any ConcurrentReadsContender {
        switch self {
        case .A: try RawConcurrentContender(path: path, connections: 5)
        case .GRDB: try GRDBPoolContender(path: path)
        case .D: try ORMKitConcurrentContender(path: path, readers: 4)
        case .D0: try ORMKitConcurrentContender(path: path, readers: 0)
        }
    }
}

/// What one contender's `concurrentReads` run (or rounds of runs) measured.
struct ConcurrentReadsResult {
    var reads = 0
    var readsPerReader: [Int] = []
    var seconds = 0.0
    var batches = 0
    var batchLatencies: [Int64] = []
    var errors = 0
    var firstError: String?
    /// Reads per second of each round (one for a single run).
    var roundRates: [Double] = []

    var batchLatency: Distribution { Distribution(nanoseconds: batchLatencies) }

    /// Reads per second: of the run, or the median over rounds.
    var readsPerSecond: Double {
        if roundRates.count > 1 {
            let sorted = roundRates.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        return seconds > 0 ? Double(reads) / seconds : 0
    }

    init() {}

    /// Rounds of one contender: reads, batches and errors added up, latencies pooled, reads/s the median.
    init(combining rounds: [ConcurrentReadsResult]) {
        for round in rounds {
            reads += round.reads
            if readsPerReader.isEmpty { readsPerReader = Array(repeating: 0, count: round.readsPerReader.count) }
            for (reader, count) in round.readsPerReader.enumerated() where reader < readsPerReader.count {
                readsPerReader[reader] += count
            }
            seconds += round.seconds
            batches += round.batches
            batchLatencies += round.batchLatencies
            errors += round.errors
            firstError = firstError ?? round.firstError
            roundRates.append(round.readsPerSecond)
        }
    }
}

/// One thread's counts, written only by that thread and read after it finished.
private final class Tally: @unchecked Sendable {
    var operations = 0
    var errors = 0
    var firstError: String?
    var latencies: [Int64] = []

    func fail(_ message: String) {
        errors += 1
        if firstError == nil { firstError = message }
    }
}

/// 4 reader threads each fetch the first 10k rows in a loop while 1 writer thread inserts 100-row batches
/// continuously, for a fixed time. Every read must return the same rows (the writer only appends after them).
struct ConcurrentReads {
    let sizes: ConcurrencySizes
    /// Rows in the template (the writer's fixture ids continue after them).
    let templateRows: Int

    func run(_ id: PoolContenderID, path: String) throws -> ConcurrentReadsResult {
        let contender = try id.open(path: path)
        let expected = expectedOutcome()
        let seconds = sizes.seconds
        let ready = DispatchGroup()
        let done = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let readerTallies = (0..<sizes.readers).map { _ in Tally() }
        let writerTally = Tally()

        for tally in readerTallies {
            let rows = sizes.rowsPerRead
            startThread(ready: ready, done: done, go: go) {
                // Opened and warmed up (one untimed read) before the start signal.
                let session: any ReadSession
                do {
                    session = try contender.makeReader(rows: rows)
                    _ = try session.read()
                } catch {
                    tally.fail("\(error)")
                    return nil
                }
                return {
                    let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
                    while monotonicNanoseconds() < deadline {
                        do {
                            let outcome = try session.read()
                            tally.operations += 1
                            if outcome != expected { tally.fail("read returned \(outcome), expected \(expected)") }
                        } catch {
                            tally.fail("\(error)")
                        }
                    }
                }
            }
        }
        let batchRows = sizes.batchRows
        let firstID = templateRows + 1
        startThread(ready: ready, done: done, go: go) {
            let session: any WriteSession
            do { session = try contender.makeWriter() } catch {
                writerTally.fail("\(error)")
                return nil
            }
            return {
                let deadline = monotonicNanoseconds() + UInt64(seconds * 1e9)
                while monotonicNanoseconds() < deadline {
                    let write = session.batch(first: firstID + writerTally.operations * batchRows, count: batchRows)
                    let start = monotonicNanoseconds()
                    do {
                        try write()
                        writerTally.latencies.append(Int64(monotonicNanoseconds() - start))
                        writerTally.operations += 1
                    } catch {
                        writerTally.fail("\(error)")
                    }
                }
            }
        }

        ready.wait()
        let start = monotonicNanoseconds()
        for _ in 0..<(sizes.readers + 1) { go.signal() }
        done.wait()
        let elapsed = monotonicNanoseconds() - start
        try contender.close()

        var result = ConcurrentReadsResult()
        result.readsPerReader = readerTallies.map(\.operations)
        result.reads = result.readsPerReader.reduce(0, +)
        result.seconds = Double(elapsed) / 1e9
        result.batches = writerTally.operations
        result.batchLatencies = writerTally.latencies
        for tally in readerTallies + [writerTally] {
            result.errors += tally.errors
            if result.firstError == nil { result.firstError = tally.firstError }
        }
        // Every committed batch is in the file, and nothing else.
        let rows = try Self.rowCount(path)
        if rows != templateRows + result.batches * batchRows {
            result.errors += 1
            result.firstError = result.firstError ?? "\(rows) rows after the run, expected \(templateRows + result.batches * batchRows)"
        }
        return result
    }

    /// `count(*)` of `items`, on a plain connection with a busy timeout (no PRAGMAs: A's connections may still be open).
    private static func rowCount(_ path: String) throws -> Int {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle,
            sqlite3_busy_timeout(handle, 5_000) == SQLITE_OK,
            sqlite3_prepare_v2(handle, "SELECT count(*) FROM items", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW
        else {
            throw SQLiteError(code: sqlite3_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: "SELECT count(*) FROM items")
        }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// Rows and checksum of the first `rowsPerRead` fixture items (what every read must decode).
    private func expectedOutcome() -> Outcome {
        let rows = min(sizes.rowsPerRead, templateRows)
        let checksum = (1...rows).reduce(0) { sum, id in
            Fixture.fold(
                sum, id: Int64(id), name: Fixture.name(id), email: Fixture.email(id), age: Fixture.age(id),
                score: Fixture.score(id), active: Fixture.active(id), created: Fixture.created(id),
                note: Fixture.note(id), avatar: Fixture.avatar(id), visits: Fixture.visits(id))
        }
        return Outcome(rows: rows, checksum: checksum)
    }

    /// Starts a thread that runs `setup`, reports ready, waits for `go`, then runs what `setup` returned.
    private func startThread(
        ready: DispatchGroup, done: DispatchGroup, go: DispatchSemaphore,
        _ setup: @escaping @Sendable () -> (() -> Void)?
    ) {
        ready.enter()
        done.enter()
        let thread = Thread {
            let body = setup()
            ready.leave()
            go.wait()
            body?()
            done.leave()
        }
        thread.start()
    }
}

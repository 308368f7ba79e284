import BenchSupport
import Foundation

/// The concurrency benchmark groups: not one timed closure per run like `Workload`, but threads (or tasks)
/// running side by side for a while, reporting throughput, latency distributions and counts.
enum ConcurrencyGroup: String, CaseIterable, Sendable {
    /// 4 reader threads fetching 10k rows in a loop while 1 writer inserts 100-row batches.
    case concurrentReads
    /// Commit → new value latency of an observed 100-row query, and values delivered for commits that do not
    /// change it.
    case observation
}

/// The sizes of the concurrency groups (the full run, or `--quick`).
struct ConcurrencySizes: Sendable {
    /// Reader threads in `concurrentReads`.
    var readers = 4
    /// Rows each read fetches (the first rows of the `items` template, which the writer never touches).
    var rowsPerRead = 10_000
    /// Rows the writer inserts per transaction.
    var batchRows = 100
    /// How long readers and writer run, in seconds.
    var seconds: Double
    /// Runs of `concurrentReads` per contender, the contenders' order rotated each round.
    var rounds: Int
    /// Changing commits timed in `observation`, one value awaited after each.
    var latencyCommits: Int
    /// Commits of each kind that leave the observed value unchanged.
    var unchangedCommits: Int
    /// Rows the observed query returns.
    var observedRows = 100

    static let full = ConcurrencySizes(seconds: 3, rounds: 3, latencyCommits: 200, unchangedCommits: 100)
    static let quick = ConcurrencySizes(seconds: 1, rounds: 1, latencyCommits: 50, unchangedCommits: 50)
}

/// Median, 90th and 99th percentiles of nanosecond samples, in milliseconds.
struct Distribution {
    var count = 0
    var median: Double?
    var p90: Double?
    var p99: Double?

    init(nanoseconds samples: [Int64]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        count = sorted.count
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
        self.median = median / 1_000_000
        // Nearest rank: the smallest sample at or above that share of them.
        func percentile(_ share: Double) -> Double {
            let rank = Int((Double(sorted.count) * share).rounded(.up)) - 1
            return Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1_000_000
        }
        p90 = percentile(0.90)
        p99 = percentile(0.99)
    }
}

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs the selected concurrency groups, one contender after another, each on a fresh copy of the `items`
/// template, and renders their tables.
struct ConcurrencyRunner {
    let options: Options
    let databases: Databases

    var sizes: ConcurrencySizes {
        var sizes = options.quick ? ConcurrencySizes.quick : .full
        if let seconds = options.concurrentSeconds { sizes.seconds = seconds }
        if let rounds = options.repetitions { sizes.rounds = rounds }
        return sizes
    }

    func run(log: (String) -> Void) throws -> ConcurrencyReport {
        var report = ConcurrencyReport(sizes: sizes, templateRows: options.sizes.rows)
        if options.groups.contains(.concurrentReads) {
            let contenders = PoolContenderID.allCases.filter { $0.isSelected(by: options.contenders) }
            var runs: [PoolContenderID: [ConcurrentReadsResult]] = [:]
            for round in 0..<sizes.rounds {
                for offset in contenders.indices {
                    let id = contenders[(offset + round) % contenders.count]
                    let file = try databases.file(for: .copy(.items))
                    defer { databases.remove(file.path) }
                    let result = try ConcurrentReads(sizes: sizes, templateRows: options.sizes.rows).run(id, path: file.path)
                    runs[id, default: []].append(result)
                    log(String(
                        format: "concurrentReads %@ (round %d): %.0f reads/s, %d batches, batch median %.2f ms, p99 %.2f ms, %d errors%@",
                        id.rawValue, round + 1, result.readsPerSecond, result.batches, result.batchLatency.median ?? 0,
                        result.batchLatency.p99 ?? 0, result.errors, result.firstError.map { " (\($0))" } ?? ""))
                }
            }
            report.reads = contenders.compactMap { id in runs[id].map { (id, ConcurrentReadsResult(combining: $0)) } }
        }
        if options.groups.contains(.observation) {
            for id in ObservingContenderID.allCases where id.isSelected(by: options.contenders) {
                let file = try databases.file(for: .copy(.items))
                defer { databases.remove(file.path) }
                let result = try ObservationLatency(sizes: sizes).run(id, path: file.path)
                report.observation.append((id, result))
                log(String(
                    format: "observation %@: returned → value median %.3f ms, p99 %.3f ms; called → value median %.3f ms; unchanged-commit values %d + %d; %d errors%@",
                    id.rawValue, result.latency.median ?? 0, result.latency.p99 ?? 0, result.latencyFromCall.median ?? 0, result.valuesOutsideFilter,
                    result.valuesSameValues, result.errors, result.firstError.map { " (\($0))" } ?? ""))
            }
        }
        return report
    }
}

import BenchSupport
import Foundation

/// Runs every selected workload for every selected contender, interleaving contenders within each
/// repetition (rotating who goes first) so machine noise spreads evenly.
struct Runner {
    let options: Options
    let databases: Databases

    func run(_ workload: Workload, log: (String) -> Void) throws -> [ContenderID: WorkloadResult] {
        var results: [ContenderID: WorkloadResult] = [:]
        let contenders = options.contenders
        if options.warmsUp {
            for contender in contenders { _ = try runOnce(workload, contender, countAllocations: false, measured: false) }
        }
        for repetition in 0..<options.reps {
            for offset in contenders.indices {
                let contender = contenders[(offset + repetition) % contenders.count]
                guard results[contender]?.isUnsupported != true else { continue }
                guard let sample = try runOnce(workload, contender, countAllocations: false) else {
                    results[contender, default: WorkloadResult()].isUnsupported = true
                    continue
                }
                results[contender, default: WorkloadResult()].record(sample)
            }
        }
        if options.countAllocations && Memory.countsAllocations {
            for contender in contenders where results[contender]?.isUnsupported == false {
                results[contender]?.allocations = try runOnce(workload, contender, countAllocations: true)?.allocations
            }
        }
        let outcomes = Set(contenders.compactMap { results[$0]?.outcome }.map { "\($0.rows)/\($0.checksum)" })
        if outcomes.count > 1 {
            log("warning: \(workload.rawValue): contenders disagree on rows/checksum: "
                + contenders.map { "\($0)=\(results[$0]?.outcome.map { "\($0.rows)/\($0.checksum)" } ?? "-")" }.joined(separator: " "))
        }
        return results
    }

    /// One run on its own database file and its own connection; nil when the contender cannot run it. A run that is
    /// not `measured` (a warm-up) calls the body outside `measuredRun`, where callgrind does not collect, and returns nil.
    private func runOnce(_ workload: Workload, _ id: ContenderID, countAllocations: Bool, measured: Bool = true) throws -> Sample? {
        let file = try databases.file(for: workload.start)
        defer { if file.isScratch { databases.remove(file.path) } }
        var sample: Sample
        do {
            let contender = try id.open(path: file.path)
            guard let body = try contender.prepare(workload, sizes: options.sizes) else { return nil }
            guard measured else {
                _ = try body()
                return nil
            }
            // Steady state: a read-only workload runs once untimed on the same connection first, so each contender's
            // statements are prepared before the timed run (A prepares its own in `prepare`; D's statement cache
            // fills on first use, as in an app whose connection has run the query before).
            if options.warmsUp && !workload.writes { _ = try body() }
            sample = try measuredRun(body, countAllocations: countAllocations, trackMemory: workload == .cursor)
        }
        if workload.writes {
            sample.outcome.checksum = try databases.digest(file.path)
        }
        return sample
    }
}

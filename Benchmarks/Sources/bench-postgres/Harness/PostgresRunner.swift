import BenchSupport

/// Runs every selected workload for every selected contender, interleaving contenders within each repetition
/// (rotating who goes first) so machine noise spreads evenly — the SQLite benchmark's `Runner`, asynchronous.
struct PostgresRunner {
    let options: PostgresOptions
    let databases: PostgresDatabases

    func run(_ workload: Workload, log: (String) -> Void) async throws -> [PostgresContenderID: WorkloadResult] {
        var results: [PostgresContenderID: WorkloadResult] = [:]
        let contenders = options.contenders
        if options.warmsUp {
            for contender in contenders { _ = try await runOnce(workload, contender, countAllocations: false, measured: false) }
        }
        for repetition in 0..<options.reps {
            for offset in contenders.indices {
                let contender = contenders[(offset + repetition) % contenders.count]
                guard results[contender]?.isUnsupported != true else { continue }
                guard let sample = try await runOnce(workload, contender, countAllocations: false) else {
                    results[contender, default: WorkloadResult()].isUnsupported = true
                    continue
                }
                results[contender, default: WorkloadResult()].record(sample)
            }
        }
        if options.countAllocations && Memory.countsAllocations {
            for contender in contenders where results[contender]?.isUnsupported == false {
                results[contender]?.allocations = try await runOnce(workload, contender, countAllocations: true)?.allocations
            }
        }
        let outcomes = Set(contenders.compactMap { results[$0]?.outcome }.map { "\($0.rows)/\($0.checksum)" })
        if outcomes.count > 1 {
            log("warning: \(workload.rawValue): contenders disagree on rows/checksum: "
                + contenders.map { "\($0)=\(results[$0]?.outcome.map { "\($0.rows)/\($0.checksum)" } ?? "-")" }.joined(separator: " "))
        }
        return results
    }

    /// One run on its own database and its own connection; nil when the contender cannot run it. A run that is
    /// not `measured` (a warm-up) calls the body outside `measuredRun`, where callgrind does not collect, and returns nil.
    private func runOnce(
        _ workload: Workload, _ id: PostgresContenderID, countAllocations: Bool, measured: Bool = true
    ) async throws -> Sample? {
        let type = id.type
        let database = try await databases.database(for: workload.start)
        do {
            var sample = try await measure(
                type, workload, database: database.name, countAllocations: countAllocations, measured: measured)
            if var found = sample, workload.writes {
                found.outcome.checksum = try await databases.digest(database.name)
                sample = found
            }
            if database.isScratch { try await databases.drop(database.name) }
            return sample
        } catch {
            if database.isScratch { try? await databases.drop(database.name) }
            throw error
        }
    }

    private func measure(
        _ type: any PostgresContender.Type, _ workload: Workload, database: String, countAllocations: Bool,
        measured: Bool
    ) async throws -> Sample? {
        let contender = try await type.init(server: databases.server, database: database)
        do {
            guard let body = try await contender.prepare(workload, sizes: options.sizes) else {
                try await contender.close()
                return nil
            }
            guard measured else {
                _ = try await body()
                try await contender.close()
                return nil
            }
            // Steady state: a read-only workload runs once untimed on the same connection first, so each
            // contender's statements are prepared on it before the timed run.
            if options.warmsUp && !workload.writes { _ = try await body() }
            let sample = try await measuredRun(body, countAllocations: countAllocations, trackMemory: workload == .cursor)
            try await contender.close()
            return sample
        } catch {
            try? await contender.close()
            throw error
        }
    }
}

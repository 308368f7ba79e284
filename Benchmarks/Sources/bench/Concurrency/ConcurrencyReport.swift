import Foundation

/// The Markdown tables of the concurrency groups, printed after the main report.
struct ConcurrencyReport {
    let sizes: ConcurrencySizes
    let templateRows: Int
    var reads: [(PoolContenderID, ConcurrentReadsResult)] = []
    var observation: [(ObservingContenderID, ObservationResult)] = []

    func render() -> String {
        var lines: [String] = []
        let cores = ProcessInfo.processInfo.activeProcessorCount
        lines.append("## Concurrent reads and observation")
        lines.append("")
        let command = (["swift run -c release --package-path Benchmarks bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        let load = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: " ")
        lines.append("- date: \(Self.now()), \(cores) cores (nproc), load average at the end: \(load.isEmpty ? "–" : load)")
        lines.append("- SQLite \(SQLiteConnection.libraryVersion); command: `\(command)` — concurrentReads: \(sizes.rounds) run(s) per contender (`--reps`), observation: one run per contender")
        lines.append("")
        if !reads.isEmpty {
            lines.append(String(
                format: "Concurrent reads: %d reader threads each fetching the first %@ of %@ rows (all columns, decoded into records, one read transaction each) in a loop, while 1 writer thread inserts %d-row transactions continuously, for %.1f s; contenders one after another, each on a fresh copy of the file, %d round(s) with the order rotated (reads and batches added up over the rounds, batch latencies pooled); %d cores.",
                sizes.readers, Self.count(sizes.rowsPerRead), Self.count(templateRows), sizes.batchRows, sizes.seconds, sizes.rounds, cores))
            lines.append("")
            lines.append("| contender | reads/s (total)\(sizes.rounds > 1 ? ", median of rounds" : "") |\(sizes.rounds > 1 ? " reads/s per round |" : "") reads per reader | write batches | batch median (ms) | batch p90 (ms) | batch p99 (ms) | errors |")
            lines.append("| --- | ---: |\(sizes.rounds > 1 ? " --- |" : "") --- | ---: | ---: | ---: | ---: | ---: |")
            for (id, result) in reads {
                lines.append("| \(id.rawValue) | " + [
                    String(format: "%.1f", result.readsPerSecond),
                    sizes.rounds > 1 ? result.roundRates.map { String(format: "%.0f", $0) }.joined(separator: " / ") : nil,
                    result.readsPerReader.map(String.init).joined(separator: "/"),
                    "\(result.batches)",
                    Self.milliseconds(result.batchLatency.median),
                    Self.milliseconds(result.batchLatency.p90),
                    Self.milliseconds(result.batchLatency.p99),
                    "\(result.errors)",
                ].compactMap { $0 }.joined(separator: " | ") + " |")
            }
            let rate = { (id: PoolContenderID) in reads.first { $0.0 == id }?.1.readsPerSecond }
            if let d = rate(.D) {
                var ratios: [String] = []
                if let d0 = rate(.D0), d0 > 0 { ratios.append(String(format: "D/D0 %.2f× (goal ≥ 3× on 4+ cores)", d / d0)) }
                if let grdb = rate(.GRDB), grdb > 0 { ratios.append(String(format: "D/GRDB pool %.2f× (goal ≥ 1)", d / grdb)) }
                if let a = rate(.A), a > 0 { ratios.append(String(format: "D/A %.2f×", d / a)) }
                if !ratios.isEmpty { lines.append(""); lines.append("Reads/s ratios: " + ratios.joined(separator: ", ") + ".") }
            }
            lines.append("")
            for (id, _) in reads { lines.append("- \(id.rawValue): \(id.summary)") }
            lines.append("")
        }
        if !observation.isEmpty {
            lines.append(
                "Observation: `items WHERE id <= \(sizes.observedRows) ORDER BY id` (\(sizes.observedRows) rows) observed in a task; "
                    + "after 5 untimed warm-up commits, \(sizes.latencyCommits) commits that change one observed row's `visits` "
                    + "(one `UPDATE` per write transaction), each value awaited before the next commit. Latency: the moment the "
                    + "observer's loop receives the value minus the moment `write` returned (negative when the value came first), "
                    + "and minus the moment `write` was called. Fetch alone: the same request in a plain read on the calling thread. "
                    + "Then \(sizes.unchangedCommits) commits updating a row outside the filter and \(sizes.unchangedCommits) "
                    + "rewriting an observed row with its own value, paced (up to 5 ms for a value to arrive after each), "
                    + "counting the values delivered up to the next changing commit's value.")
            lines.append("")
            lines.append("| contender | write returned → value, median (ms) | p99 (ms) | values before `write` returned | write called → value, median (ms) | p99 (ms) | `write` call, median (ms) | fetch alone, median (ms) | values for \(sizes.unchangedCommits) commits outside the filter | values for \(sizes.unchangedCommits) same-value commits | errors |")
            lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
            for (id, result) in observation {
                lines.append("| \(id.rawValue) | " + [
                    Self.milliseconds(result.latency.median, digits: 3),
                    Self.milliseconds(result.latency.p99, digits: 3),
                    "\(result.earlyValues)/\(result.latency.count)",
                    Self.milliseconds(result.latencyFromCall.median, digits: 3),
                    Self.milliseconds(result.latencyFromCall.p99, digits: 3),
                    Self.milliseconds(result.writeDuration.median, digits: 3),
                    Self.milliseconds(result.fetchAlone.median, digits: 3),
                    "\(result.valuesOutsideFilter)",
                    "\(result.valuesSameValues)",
                    "\(result.errors)",
                ].joined(separator: " | ") + " |")
            }
            lines.append("")
            for (id, _) in observation { lines.append("- \(id.rawValue): \(id.summary)") }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ value: Double?, digits: Int = 2) -> String {
        value.map { String(format: "%.\(digits)f", $0) } ?? "–"
    }

    private static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date())
    }

    private static func count(_ value: Int) -> String {
        value >= 1_000 && value % 1_000 == 0 ? "\(value / 1_000)k" : "\(value)"
    }
}

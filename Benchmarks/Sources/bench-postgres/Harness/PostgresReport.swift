import BenchSupport
import Foundation

/// Renders the results as Markdown: timings, allocations per row, cursor memory, and D's goals.
struct PostgresReport {
    let options: PostgresOptions
    let server: String
    let results: [(Workload, [PostgresContenderID: WorkloadResult])]

    func render() -> String {
        var lines: [String] = []
        let command = (["swift run -c release --package-path Benchmarks bench-postgres"] + CommandLine.arguments.dropFirst())
            .joined(separator: " ")
        lines.append("- date: \(RunInfo.today())")
        lines.append("- machine: \(RunInfo.machine())")
        lines.append("- server: \(server)")
        lines.append("- command: `\(command)` — median of \(options.reps) runs, each on a fresh connection (and a fresh database for writes)")
        lines.append("")
        let ids = PostgresContenderID.allCases
        lines.append("| workload | " + ids.map { "\($0.rawValue) (ms)" }.joined(separator: " | ") + " | F/A | D/A | D/F | allocs/row D |")
        lines.append("| --- | " + ids.map { _ in "---:" }.joined(separator: " | ") + " | ---: | ---: | ---: | ---: |")
        for (workload, byContender) in results {
            let median = { (id: PostgresContenderID) in byContender[id]?.medianMilliseconds }
            var cells = [workload.title(options.sizes)]
            for id in ids {
                cells.append(Self.cell(byContender[id], median(id)))
            }
            cells.append(Self.ratio(median(.F), median(.A)))
            cells.append(Self.ratio(median(.D), median(.A)))
            cells.append(Self.ratio(median(.D), median(.F)))
            cells.append(Self.allocations(byContender[.D]?.allocationsPerRow))
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        let softRows = results.compactMap { workload, byContender -> String? in
            guard let twin = workload.plainTwin, let plain = results.first(where: { $0.0 == twin })?.1 else { return nil }
            let soft = byContender[.D]?.medianMilliseconds, base = plain[.D]?.medianMilliseconds
            let verdict = soft.flatMap { s in base.map { s <= $0 * 1.05 ? "✓" : "✗" } } ?? "–"
            let cells = [
                workload.title(options.sizes), Self.cell(plain[.D], base), Self.cell(byContender[.D], soft), Self.ratio(soft, base), verdict,
                Self.ratio(byContender[.A]?.medianMilliseconds, plain[.A]?.medianMilliseconds),
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        }
        if !softRows.isEmpty {
            lines.append("")
            lines.append("Soft-delete overhead: D on the `softDelete:` twin against D on the plain twin (same columns, same rows, none "
                + "deleted), medians (target ≤ 1.05); A soft/plain: the same two by hand, the soft one with `WHERE deleted_at IS NULL`:")
            lines.append("")
            lines.append("| workload | D plain (ms) | D soft (ms) | D soft/plain | ≤ 1.05 | A soft/plain |")
            lines.append("| --- | ---: | ---: | ---: | :---: | ---: |")
            lines.append(contentsOf: softRows)
        }
        lines.append("")
        lines.append(contentsOf: spreadAndCPUTable(
            results.map { (workload, byContender) in (workload.title(options.sizes), byContender) },
            contenders: ids.filter { id in results.contains { $0.1[id]?.times.isEmpty == false } }, subject: .D, reference: .A))
        lines.append("")
        lines.append("Allocations per row (one counted run; `malloc`, `calloc`, `realloc`, aligned allocations, in every thread of the client process, the drivers' event loops included; the server's are not counted):")
        lines.append("")
        lines.append("| workload | " + ids.map(\.rawValue).joined(separator: " | ") + " |")
        lines.append("| --- | " + ids.map { _ in "---:" }.joined(separator: " | ") + " |")
        for (workload, byContender) in results {
            let cells = [workload.title(options.sizes)] + ids.map { Self.allocations(byContender[$0]?.allocationsPerRow) }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let cursor = results.first(where: { $0.0 == .cursor })?.1 {
            lines.append("")
            let growth = ids.map { id -> String in
                guard let values = cursor[id]?.peakMemoryGrowthKiB, let worst = values.max() else { return "\(id) –" }
                return String(format: "%@ %.1f MiB", id.rawValue, Double(worst) / 1024)
            }
            lines.append("Cursor, peak RSS growth of the client during the iteration (max over runs): " + growth.joined(separator: ", ") + ".")
        }
        lines.append("")
        lines.append("Goals for D (ORMKitPostgres): within 1.10× of A, faster than F:")
        lines.append("")
        for (workload, byContender) in results {
            guard let d = byContender[.D]?.medianMilliseconds else {
                lines.append("- \(workload.title(options.sizes)): D not measured")
                continue
            }
            var verdicts: [String] = []
            if let a = byContender[.A]?.medianMilliseconds {
                verdicts.append(d <= a * 1.10 ? "≤1.10×A ✓" : String(format: "%.2f×A ✗", d / a))
            }
            if let f = byContender[.F]?.medianMilliseconds { verdicts.append(d < f ? "<F ✓" : "not faster than F ✗") }
            if let twin = workload.plainTwin, let plain = results.first(where: { $0.0 == twin })?.1[.D]?.medianMilliseconds {
                verdicts.append(d <= plain * 1.05 ? "≤1.05×plain twin ✓" : String(format: "%.2f×plain twin ✗", d / plain))
            }
            if verdicts.isEmpty { verdicts.append(workload.isPlainTwin ? "the soft-delete twin's reference" : "no reference measured") }
            lines.append("- \(workload.title(options.sizes)): " + verdicts.joined(separator: ", "))
        }
        lines.append("")
        for id in ids {
            lines.append("- \(id.rawValue): \(id.summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cell(_ result: WorkloadResult?, _ median: Double?) -> String {
        if result?.isUnsupported == true { return "n/a" }
        guard let median else { return "–" }
        return String(format: median < 10 ? "%.2f" : "%.1f", median)
    }

    private static func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "–" }
        return String(format: "%.2f", numerator / denominator)
    }

    private static func allocations(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
}

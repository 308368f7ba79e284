import BenchSupport
import Foundation

/// Renders the results as Markdown: the main table, allocations per row, cursor memory and the targets.
struct Report {
    let options: Options
    let results: [(Workload, [ContenderID: WorkloadResult])]
    let openCheck: OpenCheck.Measurement

    func render() -> String {
        var lines: [String] = []
        let command = (["swift run -c release --package-path Benchmarks bench"] + CommandLine.arguments.dropFirst())
            .joined(separator: " ")
        lines.append("- date: \(RunInfo.today())")
        lines.append("- machine: \(RunInfo.machine())")
        lines.append("- SQLite \(SQLiteConnection.libraryVersion) (`sqlite3_libversion()`), PRAGMAs: \(Fixture.pragmas.map { $0.replacingOccurrences(of: "PRAGMA ", with: "") }.joined(separator: ", "))")
        lines.append("- command: `\(command)` — median of \(options.reps) runs, each on a fresh connection (and a fresh file for writes)")
        lines.append("")
        // One column per contender (T included), then the ratios.
        let ids = ContenderID.allCases
        lines.append("| workload | " + ids.map { "\($0.rawValue) (ms)" }.joined(separator: " | ") + " | D/A | D/C | allocs/row D |")
        lines.append("| --- | " + ids.map { _ in "---:" }.joined(separator: " | ") + " | ---: | ---: | ---: |")
        for (workload, byContender) in results {
            let median = { (id: ContenderID) in byContender[id]?.medianMilliseconds }
            var cells = [workload.title(options.sizes)]
            for id in ids {
                cells.append(Self.cell(byContender[id], median(id)))
            }
            cells.append(Self.ratio(median(.D), median(.A)))
            cells.append(Self.ratio(median(.D), median(.C)))
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
        lines.append("Allocations per row (one counted run; `malloc`, `calloc`, `realloc`, aligned allocations, SQLite's own included):")
        lines.append("")
        lines.append("| workload | " + ids.map(\.rawValue).joined(separator: " | ") + " |")
        lines.append("| --- | " + ids.map { _ in "---:" }.joined(separator: " | ") + " |")
        for (workload, byContender) in results {
            let cells = [workload.title(options.sizes)] + ids.map { Self.allocations(byContender[$0]?.allocationsPerRow) }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let cursor = results.first(where: { $0.0 == .cursor })?.1 {
            lines.append("")
            let growth = ContenderID.allCases.map { id -> String in
                guard let values = cursor[id]?.peakMemoryGrowthKiB, let worst = values.max() else { return "\(id) –" }
                return String(format: "%@ %.1f MiB", id.rawValue, Double(worst) / 1024)
            }
            lines.append("Cursor, peak RSS growth during the iteration (max over runs): " + growth.joined(separator: ", ") + ".")
        }
        lines.append("")
        lines.append(String(
            format: "`migrate` on an up-to-date 20-table file (version, storage format and every declared column type): "
                + "%.1f µs median; reading `PRAGMA user_version` alone: %.1f µs (target for the check: under 1 ms).",
            openCheck.migrate, openCheck.versionRead))
        lines.append("")
        lines.append("Targets for D (ORMKit): within 1.15× of A, no slower than C, faster than B:")
        lines.append("")
        for (workload, byContender) in results {
            guard let d = byContender[.D]?.medianMilliseconds else {
                lines.append("- \(workload.title(options.sizes)): D not measured")
                continue
            }
            var verdicts: [String] = []
            if let twin = workload.plainTwin, let plain = results.first(where: { $0.0 == twin })?.1[.D]?.medianMilliseconds {
                verdicts.append(d <= plain * 1.05 ? "≤1.05×plain twin ✓" : String(format: "%.2f×plain twin ✗", d / plain))
            }
            if let a = byContender[.A]?.medianMilliseconds {
                verdicts.append(d <= a * 1.15 ? "≤1.15×A ✓" : String(format: "%.2f×A ✗", d / a))
            }
            if let c = byContender[.C]?.medianMilliseconds { verdicts.append(d <= c ? "≤C ✓" : "slower than C ✗") }
            if let b = byContender[.B]?.medianMilliseconds { verdicts.append(d < b ? "<B ✓" : "not faster than B ✗") }
            if verdicts.isEmpty { verdicts.append(workload.isPlainTwin ? "the soft-delete twin's reference" : "no reference measured") }
            lines.append("- \(workload.title(options.sizes)): " + verdicts.joined(separator: ", "))
        }
        lines.append("")
        for id in ContenderID.allCases {
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

import Foundation

/// The table of run-to-run spread and client CPU time both benchmark executables print under their main table: per
/// workload and contender the wall-clock median, its spread over the interleaved runs and the median CPU time of the
/// process; then `subject`/`reference` by wall and by CPU. CPU time is what the machine's other load and a server's
/// work disturb least, so a ratio the wall clock cannot settle is read there.
public func spreadAndCPUTable<ID: RawRepresentable & Hashable>(
    _ results: [(title: String, byContender: [ID: WorkloadResult])], contenders: [ID], subject: ID, reference: ID
) -> [String] where ID.RawValue == String {
    func milliseconds(_ value: Double?) -> String {
        guard let value else { return "–" }
        return String(format: value < 10 ? "%.2f" : "%.1f", value)
    }
    func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "–" }
        return String(format: "%.2f", numerator / denominator)
    }
    let name = { (id: ID) in id.rawValue }
    var lines = [
        "Spread and CPU time: per contender the wall-clock median, the spread of its runs ((slowest − fastest) / median) "
            + "and the median CPU time of the process (user + system, `getrusage`; every thread of the client, a driver's "
            + "event loops included, a server's work not); then \(name(subject))/\(name(reference)) by wall and by CPU:",
        "",
        "| workload | " + contenders.map { "\(name($0)) wall (ms) | \(name($0)) spread | \(name($0)) CPU (ms)" }.joined(separator: " | ")
            + " | \(name(subject))/\(name(reference)) wall | \(name(subject))/\(name(reference)) CPU |",
        "| --- | " + contenders.map { _ in "---: | ---: | ---:" }.joined(separator: " | ") + " | ---: | ---: |",
    ]
    for (title, byContender) in results {
        var cells = [title]
        for id in contenders {
            let result = byContender[id]
            cells.append(milliseconds(result?.medianMilliseconds))
            cells.append(result?.spread.map { String(format: "%.0f%%", $0 * 100) } ?? "–")
            cells.append(milliseconds(result?.medianCPUMilliseconds))
        }
        cells.append(ratio(byContender[subject]?.medianMilliseconds, byContender[reference]?.medianMilliseconds))
        cells.append(ratio(byContender[subject]?.medianCPUMilliseconds, byContender[reference]?.medianCPUMilliseconds))
        lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines
}

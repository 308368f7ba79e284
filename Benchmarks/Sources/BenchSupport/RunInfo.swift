import Foundation

/// What a report says about when and where it ran.
public enum RunInfo {
    /// The current time in UTC, `yyyy-MM-dd HH:mm UTC`.
    public static func today() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: Date())
    }

    /// Cores, CPU model and operating system.
    public static func machine() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let system = ProcessInfo.processInfo.operatingSystemVersionString
        return "\(cores) cores (nproc)" + (model.map { ", \($0)" } ?? "") + ", \(system)"
    }
}

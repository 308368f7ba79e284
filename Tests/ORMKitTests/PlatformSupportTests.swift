import Foundation
import Testing

/// The package supports macOS 13 / iOS 16 (Package.swift `platforms`), and this suite runs on Linux, where nothing
/// checks Apple availability: the standard library's `Synchronization` types (`Mutex`, `Atomic`) need macOS 15 /
/// iOS 18, so a target that uses them unguarded does not compile for an app on the supported Apple systems. They
/// may appear only in `AtomicInteger.swift`, behind `#if canImport(Darwin)`.
@Suite struct PlatformSupportTests {
    @Test func noSourceUsesSynchronizationTypesOutsideAtomicInteger() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && $0.lastPathComponent != "AtomicInteger.swift" }
        #expect(files.count > 100, "found the package's sources")
        let patterns = ["import Synchronization", "Mutex<", "Mutex(", "Atomic<", "Atomic("]
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                && patterns.contains(where: { line.contains($0) }) {
                offenders.append("\(file.path.replacingOccurrences(of: sources.path + "/", with: "")):\(number + 1): \(line)")
            }
        }
        #expect(offenders.isEmpty, "macOS 15 / iOS 18 types outside AtomicInteger.swift:\n\(offenders.joined(separator: "\n"))")
    }
}

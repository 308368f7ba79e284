import Foundation
import MallocCounter

/// What one timed run produced.
struct Sample {
    var outcome: Outcome
    var nanoseconds: UInt64
    /// Allocation calls during the run, when counted.
    var allocations: UInt64?
    /// Peak resident memory during the run minus resident memory before it, in KiB, when tracked.
    var peakMemoryGrowthKiB: Int?
}

/// Runs `body` once, timing it; optionally counts allocations and tracks peak memory.
///
/// Never inlined, so a profiler can restrict collection to it:
/// `valgrind --tool=callgrind --toggle-collect='*measuredRun*' … bench --only <workload> --contender D`.
@inline(never)
func measuredRun(_ body: () throws -> Outcome, countAllocations: Bool, trackMemory: Bool) throws -> Sample {
    var residentBefore = 0
    if trackMemory {
        Memory.resetPeak()
        residentBefore = Memory.kibibytes("VmRSS:")
    }
    if countAllocations { malloc_counter_start() }
    let start = DispatchTime.now().uptimeNanoseconds
    let outcome = try body()
    let end = DispatchTime.now().uptimeNanoseconds
    let allocations = countAllocations ? malloc_counter_stop() : nil
    let growth = trackMemory ? Memory.kibibytes("VmHWM:") - residentBefore : nil
    return Sample(outcome: outcome, nanoseconds: end - start, allocations: allocations, peakMemoryGrowthKiB: growth)
}

/// Resident-memory readings from `/proc/self` (Linux); zero elsewhere.
enum Memory {
    /// Resets the peak resident set size (`VmHWM`) to the current one.
    static func resetPeak() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// A `kB` field of `/proc/self/status`, such as `VmRSS:` or `VmHWM:`.
    static func kibibytes(_ field: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix(field) {
                return Int(text.dropFirst(field.count).filter(\.isNumber)) ?? 0
            }
        }
        return 0
    }

    /// Whether allocation counting works on this platform.
    static var countsAllocations: Bool { malloc_counter_is_supported() != 0 }
}

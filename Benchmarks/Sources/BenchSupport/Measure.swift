import CallgrindControl
import Foundation
import MallocCounter

/// What one timed run produced.
public struct Sample: Sendable {
    public var outcome: Outcome
    public var nanoseconds: UInt64
    /// CPU time of the whole process during the run (user + system, `getrusage(RUSAGE_SELF)`): every thread,
    /// a driver's event loops included; a server's work is not.
    public var cpuNanoseconds: UInt64
    /// Allocation calls during the run, when counted.
    public var allocations: UInt64?
    /// Peak resident memory during the run minus resident memory before it, in KiB, when tracked.
    public var peakMemoryGrowthKiB: Int?
}

/// Runs `body` once, timing it; optionally counts allocations and tracks peak memory.
///
/// Under `valgrind --tool=callgrind --instr-atstart=no` (Benchmarks/profile.sh) only `body` is instrumented and
/// counted: callgrind's instrumentation is switched on just before it and off just after.
@inline(never)
public func measuredRun(_ body: () throws -> Outcome, countAllocations: Bool, trackMemory: Bool) throws -> Sample {
    let meter = Meter(countAllocations: countAllocations, trackMemory: trackMemory)
    callgrind_start_counting()
    defer { callgrind_stop_counting() }
    let outcome = try body()
    return meter.stop(outcome)
}

/// `measuredRun` for an asynchronous body (the PostgreSQL contenders). Allocations are counted in every thread of
/// the process, so a driver's event-loop threads are included.
///
/// Instrumented under callgrind like the synchronous one (the driver's threads too, while `body` runs).
@inline(never)
public func measuredRun(
    _ body: () async throws -> Outcome, countAllocations: Bool, trackMemory: Bool
) async throws -> Sample {
    let meter = Meter(countAllocations: countAllocations, trackMemory: trackMemory)
    callgrind_start_counting()
    defer { callgrind_stop_counting() }
    let outcome = try await body()
    return meter.stop(outcome)
}

/// The clock, allocation counter and memory reading around one timed run.
private struct Meter {
    let countAllocations: Bool
    let trackMemory: Bool
    let residentBefore: Int
    let cpuStart: UInt64
    let start: UInt64

    @inline(__always)
    init(countAllocations: Bool, trackMemory: Bool) {
        self.countAllocations = countAllocations
        self.trackMemory = trackMemory
        var residentBefore = 0
        if trackMemory {
            Memory.resetPeak()
            residentBefore = Memory.kibibytes("VmRSS:")
        }
        self.residentBefore = residentBefore
        if countAllocations { malloc_counter_start() }
        cpuStart = Self.processCPUNanoseconds()
        start = DispatchTime.now().uptimeNanoseconds
    }

    @inline(__always)
    func stop(_ outcome: Outcome) -> Sample {
        let end = DispatchTime.now().uptimeNanoseconds
        let cpu = Self.processCPUNanoseconds() &- cpuStart
        let allocations = countAllocations ? malloc_counter_stop() : nil
        let growth = trackMemory ? Memory.kibibytes("VmHWM:") - residentBefore : nil
        return Sample(outcome: outcome, nanoseconds: end - start, cpuNanoseconds: cpu, allocations: allocations, peakMemoryGrowthKiB: growth)
    }

    /// User + system CPU time of the process so far.
    static func processCPUNanoseconds() -> UInt64 {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
        return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
    }
}

/// Resident-memory readings from `/proc/self` (Linux); zero elsewhere.
public enum Memory {
    /// Resets the peak resident set size (`VmHWM`) to the current one.
    public static func resetPeak() {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// A `kB` field of `/proc/self/status`, such as `VmRSS:` or `VmHWM:`.
    public static func kibibytes(_ field: String) -> Int {
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
    public static var countsAllocations: Bool { malloc_counter_is_supported() != 0 }
}

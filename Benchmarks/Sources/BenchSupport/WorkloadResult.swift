/// The figures of one contender on one workload.
public struct WorkloadResult: Sendable {
    public var times: [UInt64] = []
    /// The process's CPU time (user + system) of each timed run.
    public var cpuTimes: [UInt64] = []
    public var outcome: Outcome?
    public var allocations: UInt64?
    public var peakMemoryGrowthKiB: [Int] = []
    public var isUnsupported = false

    public init() {}

    /// Keeps the figures of one timed run.
    public mutating func record(_ sample: Sample) {
        times.append(sample.nanoseconds)
        cpuTimes.append(sample.cpuNanoseconds)
        outcome = sample.outcome
        if let growth = sample.peakMemoryGrowthKiB { peakMemoryGrowthKiB.append(growth) }
    }

    /// The median of the timed runs, in milliseconds.
    public var medianMilliseconds: Double? { Self.medianMilliseconds(of: times) }

    /// The median CPU time of the timed runs, in milliseconds.
    public var medianCPUMilliseconds: Double? { Self.medianMilliseconds(of: cpuTimes) }

    /// How far apart the timed runs are: (slowest − fastest) / median, so 0.10 is a 10% spread.
    public var spread: Double? {
        guard let median = medianMilliseconds, median > 0, let low = times.min(), let high = times.max() else { return nil }
        return Double(high - low) / 1_000_000 / median
    }

    private static func medianMilliseconds(of values: [UInt64]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let nanoseconds = sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
        return nanoseconds / 1_000_000
    }

    /// Allocation calls of the counted run divided by the rows it processed.
    public var allocationsPerRow: Double? {
        guard let allocations, let rows = outcome?.rows, rows > 0 else { return nil }
        return Double(allocations) / Double(rows)
    }
}

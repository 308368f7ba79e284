/// The figures of one contender on one workload.
public struct WorkloadResult: Sendable {
    public var times: [UInt64] = []
    public var outcome: Outcome?
    public var allocations: UInt64?
    public var peakMemoryGrowthKiB: [Int] = []
    public var isUnsupported = false

    public init() {}

    /// The median of the timed runs, in milliseconds.
    public var medianMilliseconds: Double? {
        guard !times.isEmpty else { return nil }
        let sorted = times.sorted()
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

/// A numbered unit of work (a batch, a graph) as the reopened file holds it.
struct StoredUnit: Equatable {
    /// How many of its rows are there.
    var parts: Int
    /// Whether it is there whole, every row as written.
    var isComplete: Bool
}

/// What the workers of one suite reported across kills (`ready n` when a run starts after unit n, `<start> n`
/// before unit n, `<done> n` once the call that wrote it returned), checked against the file after each kill:
/// every unit reported done is there whole, no unit is there in part, the numbers have no holes, and at most
/// the unit being written when the kill came is there without its report.
struct KillLedger {
    let start: String
    let done: String
    let partsPerUnit: Int
    /// Units whose `done` line was read, over every run so far.
    private(set) var reported: Set<Int> = []
    private(set) var kills = 0
    /// Kills whose run's last line was `start n` and whose file has no unit n: the transaction was cut.
    private(set) var killsInsideTransaction = 0
    /// Units in the file whose `done` line never came: killed between the commit and the report.
    private(set) var doneUnreported = 0
    /// Kills whose run's last line was a `done` line: between two transactions.
    private(set) var killsBetweenTransactions = 0
    /// Reported units seen with rows missing, by number: the most rows missing at one check.
    private(set) var lostParts: [Int: Int] = [:]
    /// Units seen in the file not whole, by number.
    private(set) var partialUnits: Set<Int> = []
    /// Unit numbers seen missing below the highest one in the file.
    private(set) var holes: Set<Int> = []
    /// Checks after which the file's highest unit was not the run's starting point (its `ready n`, else the
    /// previous check's highest) or last reported unit, or the one after: work appeared from nowhere or
    /// vanished, or the worker started elsewhere than the test saw the file end.
    private(set) var unexplainedUnits = 0
    /// The highest unit at the previous check.
    private var previousHighest = 0

    init(start: String, done: String, partsPerUnit: Int) {
        self.start = start
        self.done = done
        self.partsPerUnit = partsPerUnit
    }

    /// Records one killed run (`lines`) and checks the file's `stored` units against everything reported so far.
    mutating func record(lines: [String], stored: [Int: StoredUnit]) {
        kills += 1
        let reportedNow = lines.compactMap { Self.number(in: $0, after: done) }
        reported.formUnion(reportedNow)
        if let last = lines.last {
            if let unit = Self.number(in: last, after: start) {
                if stored[unit] == nil { killsInsideTransaction += 1 } else { doneUnreported += 1 }
            } else if Self.number(in: last, after: done) != nil {
                killsBetweenTransactions += 1
            }
        }
        for unit in reported {
            let missing = partsPerUnit - min(partsPerUnit, stored[unit]?.parts ?? 0)
            if missing > 0 { lostParts[unit] = max(missing, lostParts[unit] ?? 0) }
        }
        partialUnits.formUnion(stored.filter { !$0.value.isComplete }.keys)
        let highestStored = stored.keys.max() ?? 0
        holes.formUnion((1..<(highestStored + 1)).filter { stored[$0] == nil })
        let startedAt = lines.lazy.compactMap { Self.number(in: $0, after: "ready") }.first
        let last = max(startedAt ?? previousHighest, reportedNow.max() ?? 0)
        if startedAt.map({ $0 != previousHighest }) ?? false || highestStored < last || highestStored > last + 1 {
            unexplainedUnits += 1
        }
        previousHighest = highestStored
    }

    /// Rows of reported units missing from the file (at the check where most were missing).
    var partsLost: Int { lostParts.values.reduce(0, +) }

    /// The figures, on one line: `units` and `parts` name what is counted ("batches", "rows").
    func summary(units: String, parts: String) -> String {
        "kills \(kills) (inside a transaction \(killsInsideTransaction), after a commit not yet reported \(doneUnreported), "
            + "between transactions \(killsBetweenTransactions)), \(units) reported \(reported.count) "
            + "(\(reported.count * partsPerUnit) \(parts)), \(parts) lost \(partsLost), partial \(units) \(partialUnits.count), "
            + "missing numbers \(holes.count), unexplained \(units) \(unexplainedUnits)"
    }

    /// `n` when `line` is `prefix n`.
    private static func number(in line: String, after prefix: String) -> Int? {
        guard line.hasPrefix(prefix + " ") else { return nil }
        return Int(line.dropFirst(prefix.count + 1))
    }
}

import BenchSupport

/// Command-line options: `bench [--quick] [--reps N] [--warm-up] [--only w1,w2] [--contender A,D] [--no-allocations] [--seconds S]`.
struct Options {
    var quick = false
    var repetitions: Int?
    var workloads = Workload.allCases
    /// The concurrency groups (run after the workloads; `--only` selects them by name too).
    var groups = ConcurrencyGroup.allCases
    var contenders = ContenderID.allCases
    var countAllocations = true
    /// `--warm-up`: one untimed run per contender and workload before the measured ones, and for a read-only
    /// workload one more on each measured run's connection before it is timed.
    var warmsUp = false
    /// `--seconds`: how long `concurrentReads` runs (3 s, 1 s with `--quick`).
    var concurrentSeconds: Double?

    static let usage = """
        usage: bench [--quick] [--reps N] [--warm-up] [--only WORKLOAD[,…]] [--contender A|B|C|D|T[,…]] [--no-allocations] [--seconds S]
          --quick           smaller sizes and 3 repetitions (CI smoke run, under a minute)
          --reps N          repetitions per contender and workload (default 5; 3 with --quick);
                            rounds of concurrentReads (default 3; 1 with --quick)
          --warm-up         one untimed run per contender first, so the measured runs exclude what a process
                            pays once (type metadata, each model's schema), and a read-only workload runs once
                            more untimed on each measured connection (statements prepared): profile.sh's steady state
          --only            workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))
                            concurrency groups: \(ConcurrencyGroup.allCases.map(\.rawValue).joined(separator: ", "))
          --contender       contenders to run (A is the reference; B or C selects the GRDB pool, D also D0)
          --no-allocations  skip the extra allocation-counting run
          --seconds S       how long concurrentReads runs (default 3; 1 with --quick)
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--no-allocations": countAllocations = false
            case "--warm-up": warmsUp = true
            case "--reps":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw OptionsError("--reps needs a positive number")
                }
                repetitions = value
            case "--only":
                let names = (remaining.popFirst() ?? "").split(separator: ",").map(String.init)
                for name in names where Workload(rawValue: name) == nil && ConcurrencyGroup(rawValue: name) == nil {
                    throw OptionsError("unknown workload '\(name)'")
                }
                workloads = names.compactMap(Workload.init(rawValue:))
                groups = names.compactMap(ConcurrencyGroup.init(rawValue:))
            case "--contender":
                let names = (remaining.popFirst() ?? "").split(separator: ",").map(String.init)
                contenders = try names.map { name in
                    guard let contender = ContenderID(rawValue: name.uppercased()) else {
                        throw OptionsError("unknown contender '\(name)'")
                    }
                    return contender
                }
            case "--seconds":
                guard let value = remaining.popFirst().flatMap(Double.init), value > 0, value.isFinite else {
                    throw OptionsError("--seconds needs a positive number")
                }
                concurrentSeconds = value
            case "--help", "-h": throw OptionsError(nil)
            default: throw OptionsError("unknown argument '\(argument)'")
            }
        }
    }

    var sizes: Sizes { quick ? .quick : .full }
    var reps: Int { repetitions ?? (quick ? 3 : 5) }
}

struct OptionsError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}

import BenchSupport

/// Command-line options of `bench-postgres`.
struct PostgresOptions {
    var quick = false
    var repetitions: Int?
    var workloads = Workload.allCases
    var contenders = PostgresContenderID.allCases
    var countAllocations = true
    /// `--warm-up`: one untimed run per contender and workload before the measured ones, and for a read-only
    /// workload one more on each measured run's connection before it is timed (the SQLite benchmark's option).
    var warmsUp = false
    /// `--url`: the server; nil means `ORMKIT_POSTGRES_URL`, else a cluster of our own.
    var url: String?

    static let usage = """
        usage: bench-postgres [--url postgres://USER@HOST:PORT/DATABASE] [--quick] [--reps N] [--only WORKLOAD[,…]]
                              [--contender A|F|D[,…]] [--no-allocations] [--warm-up]
          --url URL         the server to run against; the benchmark creates and drops its own databases there
                            (ormkit_bench_<pid>_*), so the user needs CREATEDB. Default: $ORMKIT_POSTGRES_URL, else
                            a throwaway cluster started with scripts/postgres-cluster.sh (and stopped at the end)
          --quick           smaller sizes and 3 repetitions (CI smoke run)
          --reps N          repetitions per contender and workload (default 5; 3 with --quick)
          --only            workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))
          --contender       contenders to run (A is the reference)
          --no-allocations  skip the extra allocation-counting run
          --warm-up         one untimed run per contender first, so the measured runs exclude what a process
                            pays once (type metadata, each model's schema), and a read-only workload runs once
                            more untimed on each measured connection (statements prepared): profile.sh's steady state
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--no-allocations": countAllocations = false
            case "--warm-up": warmsUp = true
            case "--url":
                guard let value = remaining.popFirst(), !value.isEmpty else { throw OptionsError("--url needs a postgres:// URL") }
                url = value
            case "--reps":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw OptionsError("--reps needs a positive number")
                }
                repetitions = value
            case "--only":
                let names = (remaining.popFirst() ?? "").split(separator: ",").map(String.init)
                workloads = try names.map { name in
                    guard let workload = Workload(rawValue: name) else { throw OptionsError("unknown workload '\(name)'") }
                    return workload
                }
            case "--contender":
                let names = (remaining.popFirst() ?? "").split(separator: ",").map(String.init)
                contenders = try names.map { name in
                    guard let contender = PostgresContenderID(rawValue: name.uppercased()) else {
                        throw OptionsError("unknown contender '\(name)'")
                    }
                    return contender
                }
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

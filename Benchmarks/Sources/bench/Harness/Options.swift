/// Command-line options: `bench [--quick] [--reps N] [--only w1,w2] [--contender A,D] [--no-allocations]`.
struct Options {
    var quick = false
    var repetitions: Int?
    var workloads = Workload.allCases
    var contenders = ContenderID.allCases
    var countAllocations = true

    static let usage = """
        usage: bench [--quick] [--reps N] [--only WORKLOAD[,…]] [--contender A|B|C|D[,…]] [--no-allocations]
          --quick           smaller sizes and 3 repetitions (CI smoke run, under a minute)
          --reps N          repetitions per contender and workload (default 5; 3 with --quick)
          --only            workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", "))
          --contender       contenders to run (A is the reference)
          --no-allocations  skip the extra allocation-counting run
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--no-allocations": countAllocations = false
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
                    guard let contender = ContenderID(rawValue: name.uppercased()) else {
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

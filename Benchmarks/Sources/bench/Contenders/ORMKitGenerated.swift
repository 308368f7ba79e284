/// (D) ORMKit with the code ormgen generated from Benchmarks/schema. Not wired yet.
final class ORMKitContender: Contender {
    init(path: String) throws {}

    func prepare(_ workload: Workload, sizes: Sizes) throws -> (() throws -> Outcome)? { nil }
}

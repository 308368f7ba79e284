import BenchSupport

extension Fixture {
    /// The PRAGMAs every contender applies when it opens a database.
    static let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"]

    /// The schema, identical for every contender: the DDL ormgen generated from `Benchmarks/schema`.
    static var schema: [String] { AppSchema.createStatements(in: .sqlite) }
}

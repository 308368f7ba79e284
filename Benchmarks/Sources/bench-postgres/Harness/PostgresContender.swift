import BenchSupport

/// One way of talking to PostgreSQL: (A) postgres-nio by hand, (F) Fluent, (D) ORMKitPostgres.
///
/// The harness gives each run a fresh contender connected to that run's database, asks it for the workload's timed
/// body (building inputs such as the records to write outside the timed region), times the body, then closes it.
/// Every contender runs against the same tables (`PostgresSchema.createStatements`) and data (`Fixture`).
protocol PostgresContender: AnyObject {
    /// Connects to `database` on `server`; called outside the timed region. A contender that pools connections
    /// opens its connection here, so the timed body never waits for a connect.
    init(server: PostgresServer, database: String) async throws

    /// Builds the inputs of `workload` and returns the timed part. Each run is one transaction, as in the
    /// SQLite benchmark: `BEGIN`…`COMMIT` around the whole body, reads included.
    /// Returns nil when the contender cannot express the workload.
    func prepare(_ workload: Workload, sizes: Sizes) async throws -> (() async throws -> Outcome)?

    /// Closes every connection (outside the timed region); the harness then drops the run's database.
    func close() async throws
}

/// The contenders, in report order.
enum PostgresContenderID: String, CaseIterable, Sendable {
    case A, F, D

    var summary: String {
        switch self {
        case .A: "postgres-nio 1.33.2 by hand: PostgresClient, one PostgresPreparedStatement per statement (prepared once per connection), binary rows decoded by position"
        case .F: "Fluent: FluentKit 1.57.0 models (property wrappers, Codable values) on fluent-postgres-driver 2.14.0; the upsert through SQLKit, which Fluent's model API lacks"
        case .D: "ORMKitPostgres with the models ormgen generates from Benchmarks/schema"
        }
    }

    /// The contender's type.
    var type: any PostgresContender.Type {
        switch self {
        case .A: PostgresNIOContender.self
        case .F: FluentContender.self
        case .D: ORMKitPostgresContender.self
        }
    }
}

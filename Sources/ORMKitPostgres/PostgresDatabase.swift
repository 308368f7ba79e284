#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import PostgresNIO

/// A PostgreSQL database: a primary and optionally streaming replicas, each through a `PostgresClient` pool.
///
/// Writes and transactions run on the primary; reads run on a replica (round robin or least busy) and fail
/// over to the next replica, then the primary, when one cannot be reached. Everything a `write` closure reads
/// comes from the primary inside its transaction, so it sees its own writes.
///
/// ```swift
/// let db = try PostgresDatabase(url: "postgres://app@127.0.0.1:5432/library")
/// try await db.migrate(LibrarySchema.self)
/// var author = Author(name: "Ursula K. Le Guin", email: "ursula@example.org")
/// try await author.insert(db)
/// let rated = try await Author.filter(Author.rating >= 4).fetchAll(db)
/// ```
public final class PostgresDatabase: Sendable {
    /// How reads pick a replica.
    public enum ReplicaSelection: Sendable, Hashable {
        /// Each read goes to the next replica in turn.
        case roundRobin
        /// Each read goes to the replica with the fewest operations running.
        case leastBusy
    }

    /// Where a read runs.
    public enum ReadSource: Sendable, Hashable {
        /// A replica (the primary when there are none or none can be reached).
        case replica
        /// The primary: for a request that must see writes that replicas may not have replayed yet.
        case primary
    }

    /// Pool and routing settings.
    public struct Options: Sendable {
        /// The most connections each server's pool opens.
        public var maximumConnections = 20
        /// How reads pick a replica.
        public var replicaSelection = ReplicaSelection.roundRobin
        /// How long reads skip a replica that could not be reached.
        public var replicaRetryInterval = Duration.seconds(5)
        /// How long opening a connection may take before it counts as a failure.
        public var connectTimeout = Duration.seconds(5)
        /// How long a read waits for a replica connection before it reads from the next server instead.
        public var replicaLeaseTimeout = Duration.seconds(1)
        /// Whether record operations (find, insert, update, upsert, delete) and query-builder requests other than
        /// cursors run as named prepared statements, parsed once per connection. Turn it off behind a pooler that
        /// shares server connections between clients per transaction (PgBouncer before 1.21 in transaction mode),
        /// where a statement prepared on one connection is missing on the next. Left on there, the first statement
        /// that meets a lost one fails (`DatabaseError.isPreparedStatementLost`, retryable) and turns preparing off
        /// for the database; a verb called on the database (not inside a `read`/`write`/`transaction` closure) then
        /// runs again by itself.
        public var preparesStatements = true
        /// Reports each statement, transaction and connection lease, for logs, traces and metrics (ORMKitTelemetry's
        /// `Telemetry`); nil (the default) reports nothing.
        public var instrument: (any DatabaseInstrument)?

        /// Default options: 20 connections per server, round robin, skip a failed replica for 5 s.
        public init() {}
    }

    /// The server writes go to: the primary, until it is lost and a server of the replica list is found promoted
    /// (`failOver(from:)`).
    private let writer: Locked<PostgresEndpoint>
    /// The server the URL named as the primary.
    private let originalPrimary: PostgresEndpoint
    let replicas: [PostgresEndpoint]
    /// The server writes go to now.
    var primary: PostgresEndpoint { writer.withLock { $0 } }
    private let options: Options
    /// Whether sessions prepare statements: `options.preparesStatements` until a pooler is found.
    private let preparation: StatementPreparationSwitch
    private let runTask: Task<Void, Never>
    /// The operations in flight: `shutdown()` refuses new ones and waits for these.
    private let operations: OperationGate
    private let nextReplica = Locked(0)
    /// The trace closure, read as each session begins.
    let tracer = Locked<(@Sendable (TraceEvent) -> Void)?>(nil)

    /// Opens a database from a connection URL (`postgres://user:password@host:port/database?sslmode=disable`;
    /// `?host=/socket/dir` for a Unix socket) and optional replica URLs. Connections open on first use.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when a URL cannot be parsed.
    public convenience init(url: String, replicaURLs: [String] = [], options: Options = Options()) throws {
        try self.init(
            primary: ServerConfiguration(url: url), replicas: replicaURLs.map(ServerConfiguration.init(url:)), options: options
        )
    }

    /// Opens a database from postgres-nio configurations. Connections open on first use.
    public convenience init(
        primary: PostgresClient.Configuration, replicas: [PostgresClient.Configuration] = [], options: Options = Options()
    ) {
        self.init(primary: ServerConfiguration(primary), replicas: replicas.map { ServerConfiguration($0) }, options: options)
    }

    init(primary: ServerConfiguration, replicas: [ServerConfiguration], options: Options) {
        func endpoint(_ server: ServerConfiguration, name: String, operations: OperationGate) -> PostgresEndpoint {
            var configuration = server.configuration
            configuration.options.maximumConnections = options.maximumConnections
            configuration.options.connectTimeout = options.connectTimeout
            // Timestamps render and parse in UTC whatever the server's TimeZone setting.
            configuration.options.additionalStartupParameters.append(("TimeZone", "UTC"))
            return PostgresEndpoint(
                configuration: configuration, tlsOnRefusal: server.tlsOnRefusal, name: name, instrument: options.instrument,
                operations: operations
            )
        }
        let operations = OperationGate()
        let primary = endpoint(primary, name: "primary", operations: operations)
        let replicas = replicas.enumerated().map { endpoint($1, name: "replica \($0 + 1)", operations: operations) }
        self.operations = operations
        writer = Locked(primary)
        originalPrimary = primary
        self.replicas = replicas
        self.options = options
        preparation = StatementPreparationSwitch(isOn: options.preparesStatements)
        runTask = Task {
            await withDiscardingTaskGroup { group in
                for endpoint in [primary] + replicas {
                    group.addTask { await endpoint.run() }
                }
            }
        }
    }

    deinit {
        runTask.cancel()
    }

    /// Sends each statement's SQL to `body` (in `event.sql`, and the same text in `event.expandedSQL`: values are
    /// sent apart from the SQL), from sessions that begin after this call; pass nil to stop.
    ///
    /// ```swift
    /// db.trace { event in print(event.sql) }
    /// ```
    ///
    /// `body` runs on the task running the statement, before it is sent: it must not use the database.
    public func trace(_ body: (@Sendable (TraceEvent) -> Void)?) {
        tracer.withLock { $0 = body }
    }

    /// Closes every pool at once; operations after this fail (`DatabaseError`, `.closed`), and operations running
    /// fail as their connection closes. `shutdown()` lets the running ones finish first.
    public func close() async {
        operations.close()
        runTask.cancel()
        await runTask.value
    }

    /// Shuts down gracefully: refuses new operations (`DatabaseError`, `.closed`), waits for the running ones to
    /// finish (a transaction running commits or rolls back as it would have), then closes every pool. What a service
    /// group runs on graceful shutdown (`run()`).
    public func shutdown() async {
        operations.close()
        await operations.drained()
        await close()
    }

    /// Runs `body` in a transaction on the primary: committed when it returns, rolled back when it throws. When the
    /// primary is lost, the call fails (retryable) and the next ones go to a server of the replica list found
    /// promoted, if one is (docs/postgresql.md, "Failover of writes").
    ///
    /// - Throws: what `body` throws, or `DatabaseError` when the transaction cannot begin or commit.
    public func write<T>(_ body: (PostgresSession) async throws -> sending T) async throws -> sending T {
        let endpoint = primary
        do {
            return try await transaction(on: endpoint, begin: "BEGIN", isWritable: true, body)
        } catch let error as DatabaseError where error.isConnectionLost {
            await failOver(from: endpoint)
            throw error
        }
    }

    /// After the server writes went to was lost: the first other server of the list (the replicas, then the
    /// primary it replaced) that is not in recovery — a standby promoted meanwhile — takes the writes from the next
    /// call on. None found: writes stay where they were (the server may come back), and the next lost write looks
    /// again. The call that lost its connection still fails (retryable): it may or may not have committed.
    private func failOver(from lost: PostgresEndpoint) async {
        for candidate in replicas + [originalPrimary] where candidate !== lost {
            guard await candidate.canLease(within: options.replicaLeaseTimeout) else { continue }
            let isPrimary = try? await candidate.withConnection { connection in
                try await PostgresSession(
                    connection: connection, isWritable: false, traceSetting: nil, preparation: preparation, instrumentation: nil
                ).fetchOne("SELECT NOT pg_is_in_recovery()", []) { row in try row.decode(at: 0) as Bool }
            }
            if isPrimary == true {
                writer.withLock { if $0 === lost { $0 = candidate } }
                return
            }
        }
    }

    /// Runs `body` in a read-only snapshot (`REPEATABLE READ READ ONLY`) on a replica, or on the primary with
    /// `from: .primary`. A replica that cannot be reached is skipped for `replicaRetryInterval` and the read runs
    /// on the next one, then on the primary.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func read<T>(
        from source: ReadSource = .replica, _ body: (PostgresSession) async throws -> sending T
    ) async throws -> sending T {
        let begin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        guard source == .replica else { return try await transaction(on: primary, begin: begin, isWritable: false, body) }
        for endpoint in readOrder() {
            guard await endpoint.canLease(within: options.replicaLeaseTimeout) else {
                endpoint.markDown(for: options.replicaRetryInterval)
                continue
            }
            do {
                return try await transaction(on: endpoint, begin: begin, isWritable: false, body)
            } catch let error as DatabaseError where error.isConnectionLost {
                endpoint.markDown(for: options.replicaRetryInterval)
            }
        }
        return try await transaction(on: primary, begin: begin, isWritable: false, body)
    }

    /// Runs one statement on the primary outside any transaction (autocommit): for statements PostgreSQL refuses
    /// inside one (`CREATE DATABASE`, `VACUUM`, `CREATE INDEX CONCURRENTLY`).
    ///
    /// - Throws: `DatabaseError`.
    public func executeOutsideTransaction(sql: String) async throws {
        do {
            try await primary.withConnection { connection in
                try await PostgresSession(
                    connection: connection, isWritable: true, traceSetting: tracer, preparation: preparation,
                    instrumentation: primary.instrumentation
                ).execute(sql: sql)
            }
        } catch {
            throw translated(error, sql: sql)
        }
    }

    /// The replicas to try for a read, in order: up ones first by the selection rule, then ones marked down.
    func readOrder() -> [PostgresEndpoint] {
        guard !replicas.isEmpty else { return [] }
        let up = replicas.filter { !$0.isDown }
        switch options.replicaSelection {
        case .roundRobin:
            guard !up.isEmpty else { return [] }
            let start = ((nextReplica.increment() &- 1) & Int.max) % up.count
            return Array(up[start...] + up[..<start])
        case .leastBusy:
            return up.sorted { $0.load < $1.load }
        }
    }

    /// How many leased connections a transaction tries when `BEGIN` finds each one lost (a connection the server or
    /// a proxy cut while it sat idle in the pool, before the pool noticed): nothing of the transaction ran on it, and
    /// the endpoint closes it, so the next lease gets another.
    private static let beginAttempts = 3

    private func transaction<T>(
        on endpoint: PostgresEndpoint, begin: String, isWritable: Bool, _ body: (PostgresSession) async throws -> sending T
    ) async throws -> sending T {
        var attempt = 1
        while true {
            var lostAtBegin = false
            do {
                return try await transaction(on: endpoint, begin: begin, isWritable: isWritable, lostAtBegin: &lostAtBegin, body)
            } catch where lostAtBegin && attempt < Self.beginAttempts {
                attempt += 1
            }
        }
    }

    /// One try of `transaction(on:begin:isWritable:_:)`; sets `lostAtBegin` when `BEGIN` found the connection lost.
    private func transaction<T>(
        on endpoint: PostgresEndpoint, begin: String, isWritable: Bool, lostAtBegin: inout Bool,
        _ body: (PostgresSession) async throws -> sending T
    ) async throws -> sending T {
        do {
            return try await endpoint.withConnection { connection in
                let session = PostgresSession(
                    connection: connection, isWritable: isWritable, traceSetting: tracer, preparation: preparation,
                    instrumentation: endpoint.instrumentation
                )
                let activity = endpoint.instrumentation?.transactionStarted(isWrite: isWritable)
                session.transactionActivity = activity
                let result: T
                do {
                    do {
                        try await session.execute(sql: begin)
                    } catch let error as DatabaseError where error.isConnectionLost {
                        lostAtBegin = true
                        throw error
                    }
                    do {
                        result = try await body(session)
                        try session.requireCommittable()
                        try await session.settleSequences()
                    } catch {
                        // A lost connection took its transaction with it (the endpoint closes it); a ROLLBACK sent on
                        // it could wait forever.
                        if (translated(error, sql: nil) as? DatabaseError)?.isConnectionLost != true {
                            try? await session.execute(sql: "ROLLBACK")
                        }
                        throw error
                    }
                    try await session.execute(sql: "COMMIT")
                } catch {
                    activity?.finished(error: error, arguments: nil)
                    throw error
                }
                activity?.finished(error: nil, arguments: nil)
                return result
            }
        } catch {
            throw translated(error, sql: nil)
        }
    }
}
#endif

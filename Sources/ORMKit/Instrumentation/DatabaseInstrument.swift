/// What a database reports about its work, for logging, tracing and metrics: each statement and transaction as it
/// starts and finishes, and each connection lease. Both engines report through it (`Database.Options.instrument`,
/// `PostgresDatabase.Options.instrument`); ORMKitTelemetry (the `Telemetry` trait) implements it with swift-log,
/// swift-distributed-tracing and swift-metrics.
///
/// A database with no instrument (the default) skips all of it: a statement then costs one test of a nil reference.
///
/// The calls run on the thread or task running the statement, while its connection is in use: an instrument must
/// return quickly and must not use the database.
public protocol DatabaseInstrument: AnyObject, Sendable {
    /// Whether statements report their bound values (`InstrumentedStatement.arguments` and
    /// `InstrumentedActivity.finished(error:arguments:)`). Values are user data: off unless the app opts in.
    var capturesArguments: Bool { get }

    /// A statement is about to run. The activity returned is finished when the statement is done (its rows read,
    /// or a failure).
    func statementStarted(_ statement: InstrumentedStatement) -> any InstrumentedActivity

    /// A transaction is about to begin (`read`, `write`, `transaction`). The activity is the parent of the
    /// statements run in it and is finished after the commit or rollback.
    func transactionStarted(_ transaction: InstrumentedTransaction) -> any InstrumentedActivity

    /// A connection was taken from a pool (or the writer's lock was taken) after waiting `lease.waited`.
    func connectionLeased(_ lease: InstrumentedLease)

    /// A connection taken by `connectionLeased` went back to its pool.
    func connectionReturned(_ lease: InstrumentedLease)

    /// No connection could be taken from the pool (PostgreSQL: the server refused the credentials or TLS, cannot be
    /// reached, is not PostgreSQL): `error` is what the call throws. `lease.waited` is how long it tried.
    func connectionFailed(_ lease: InstrumentedLease, error: any Error)

    /// What the calling task carries that the instrument reads (its span, its logger), captured where work leaves
    /// the task for a database queue.
    func captureTaskContext() -> any Sendable

    /// Runs `body` with a context from `captureTaskContext()` in effect (on the database queue).
    ///
    /// - Throws: what `body` throws.
    func withTaskContext<T>(_ context: any Sendable, _ body: () throws -> T) throws -> T
}

/// A statement or transaction in progress, from `DatabaseInstrument`.
public protocol InstrumentedActivity: AnyObject, Sendable {
    /// The statement or transaction ended: with `error` when it failed (nil: it succeeded). `arguments` describes
    /// the values bound, when the instrument captures them and the engine knows them only now (SQLite).
    func finished(error: (any Error)?, arguments: String?)
}

/// The server a PostgreSQL statement runs on (OpenTelemetry's `server.address` and `server.port`).
public struct InstrumentedServer: Sendable, Hashable {
    /// The host name, IP address or Unix socket path.
    public let address: String
    /// The TCP port (nil for a Unix socket).
    public let port: Int?

    /// A server.
    public init(address: String, port: Int?) {
        self.address = address
        self.port = port
    }
}

/// One statement, as a `DatabaseInstrument` sees it start.
///
/// What does not change between runs of a prepared statement (its SQL, operation, table, database) is held in one
/// shared `InstrumentedStatement.Description` the engine makes when it prepares the statement, so that reporting a
/// run copies two references, not six strings.
public struct InstrumentedStatement: Sendable {
    /// What every run of one statement shares.
    public final class Description: Sendable {
        /// The engine (`SQLDialect.name`: `sqlite`, `postgresql`).
        public let system: String
        /// The SQL, with parameters (`?`, `$1`) in place of values.
        public let sql: String
        /// The statement's first keyword, upper-cased.
        public let operation: String
        /// The one table the statement is about, when there is one.
        public let table: String?
        /// The database: the file path (SQLite) or database name (PostgreSQL).
        public let namespace: String?
        /// The server (PostgreSQL), nil for SQLite.
        public let server: InstrumentedServer?

        /// The description of a statement.
        public init(
            system: String, sql: String, operation: String, table: String?, namespace: String?, server: InstrumentedServer?
        ) {
            self.system = system
            self.sql = sql
            self.operation = operation
            self.table = table
            self.namespace = namespace
            self.server = server
        }
    }

    /// What every run of this statement shares.
    public let shared: Description
    /// The bound values, when the instrument captures them and the engine knows them before the statement runs
    /// (PostgreSQL); SQLite passes them to `finished(error:arguments:)`.
    public let arguments: String?
    /// The transaction the statement runs in, when the instrument started one.
    public let parent: (any InstrumentedActivity)?

    /// The engine (`SQLDialect.name`: `sqlite`, `postgresql`).
    public var system: String { shared.system }
    /// The SQL, with parameters (`?`, `$1`) in place of values: values are never inlined here.
    public var sql: String { shared.sql }
    /// The statement's first keyword, upper-cased (`SELECT`, `INSERT`, `UPDATE`, `DELETE`, `BEGIN`, …).
    public var operation: String { shared.operation }
    /// The one table the statement is about, when there is one (the table written, else the table read).
    public var table: String? { shared.table }
    /// The database: the file path (SQLite) or database name (PostgreSQL).
    public var namespace: String? { shared.namespace }
    /// The server (PostgreSQL), nil for SQLite.
    public var server: InstrumentedServer? { shared.server }

    /// A run of the statement `description` describes.
    public init(_ description: Description, arguments: String?, parent: (any InstrumentedActivity)?) {
        self.shared = description
        self.arguments = arguments
        self.parent = parent
    }

    /// A statement.
    public init(
        system: String, sql: String, operation: String, table: String?, namespace: String?, server: InstrumentedServer?,
        arguments: String?, parent: (any InstrumentedActivity)?
    ) {
        self.init(
            Description(system: system, sql: sql, operation: operation, table: table, namespace: namespace, server: server),
            arguments: arguments, parent: parent
        )
    }

    /// The first keyword of `sql`, upper-cased (`SELECT`), or "" when it has none.
    public static func operation(of sql: String) -> String {
        var keyword = ""
        for scalar in sql.unicodeScalars {
            if scalar.properties.isAlphabetic, scalar.isASCII {
                keyword.unicodeScalars.append(scalar)
            } else if !keyword.isEmpty || !(scalar.properties.isWhitespace || scalar == "(") {
                break
            }
        }
        return keyword.uppercased()
    }
}

/// One transaction, as a `DatabaseInstrument` sees it begin.
public struct InstrumentedTransaction: Sendable {
    /// The engine (`sqlite`, `postgresql`).
    public let system: String
    /// Whether the transaction may write.
    public let isWrite: Bool
    /// The database: the file path (SQLite) or database name (PostgreSQL).
    public let namespace: String?
    /// The server (PostgreSQL), nil for SQLite.
    public let server: InstrumentedServer?

    /// A transaction.
    public init(system: String, isWrite: Bool, namespace: String?, server: InstrumentedServer?) {
        self.system = system
        self.isWrite = isWrite
        self.namespace = namespace
        self.server = server
    }
}

/// A connection taken for use, as a `DatabaseInstrument` sees it.
public struct InstrumentedLease: Sendable {
    /// The engine (`sqlite`, `postgresql`).
    public let system: String
    /// The pool: `writer` or `readers` (SQLite); `primary`, `replica 1`, … (PostgreSQL).
    public let pool: String
    /// How long the caller waited for the connection (zero on `connectionReturned`).
    public let waited: Duration

    /// A lease.
    public init(system: String, pool: String, waited: Duration) {
        self.system = system
        self.pool = pool
        self.waited = waited
    }
}

/// An optional instrument, equal to another when it is the same object: what lets options holding one stay
/// `Hashable`.
struct InstrumentSlot: Sendable, Hashable {
    let instrument: (any DatabaseInstrument)?

    init(_ instrument: (any DatabaseInstrument)?) {
        self.instrument = instrument
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.instrument.map(ObjectIdentifier.init) == rhs.instrument.map(ObjectIdentifier.init)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(instrument.map(ObjectIdentifier.init))
    }
}

import Foundation
import Testing
#if canImport(XCTest)
import XCTest
#endif

/// The PostgreSQL servers the PostgreSQL suites run against, as `scripts/postgres-cluster.sh` describes them in
/// the environment: a primary, a streaming hot standby, and the shell commands that stop and restart the standby.
///
/// It only hands out connection strings and runs commands; it does not connect (so the SQLite-only test targets
/// that share TestSupport do not link a PostgreSQL driver).
///
/// Without the variables the PostgreSQL tests skip, and the process prints one line saying how to run them:
///
/// ```sh
/// bash scripts/postgres-cluster.sh run -- swift test
/// ```
///
/// With `ORMKIT_REQUIRE_POSTGRES=1` (CI sets it) a missing server fails those tests instead.
///
/// Swift Testing:
///
/// <!-- snippet: skip -->
/// ```swift
/// @Suite(.postgres) struct PostgresFetchTests {
///     @Test func fetch() async throws {
///         let server = try PostgresTestServer.require()
///         // connect to server.primary.url …
///     }
/// }
/// ```
///
/// XCTest: `let server = try PostgresTestServer.require()` in the test throws `XCTSkip` when no server is set.
public struct PostgresTestServer: Sendable {
    /// The environment variables, as `scripts/postgres-cluster.sh` writes them to its `env` file.
    public enum Variable {
        /// The primary: `postgres://postgres@127.0.0.1:PORT/ormkit`.
        public static let url = "ORMKIT_POSTGRES_URL"
        /// The hot standby, read-only.
        public static let replicaURL = "ORMKIT_POSTGRES_REPLICA_URL"
        /// A shell command that stops the standby at once.
        public static let replicaStop = "ORMKIT_POSTGRES_REPLICA_STOP"
        /// A shell command that starts the standby again and waits until it accepts connections.
        public static let replicaStart = "ORMKIT_POSTGRES_REPLICA_START"
        /// PgBouncer in transaction pooling mode in front of the primary (every database; `ormkit_pooler` with one
        /// server connection).
        public static let poolerURL = "ORMKIT_PGBOUNCER_URL"
        /// `1`: a missing server fails the PostgreSQL tests instead of skipping them.
        public static let require = "ORMKIT_REQUIRE_POSTGRES"
    }

    /// How to run the PostgreSQL suites locally.
    public static let howToRun = "bash scripts/postgres-cluster.sh run -- swift test"

    /// The primary server.
    public let primary: Endpoint
    /// The streaming hot standby, with its stop and start commands; nil when the environment names none.
    public let replica: Replica?
    /// PgBouncer in transaction pooling mode in front of the primary; nil when the environment names none.
    public let pooler: Endpoint?

    /// Whether `ORMKIT_POSTGRES_URL` is set (a malformed one too: `require()` then fails and says why).
    public static let isConfigured: Bool = !(ProcessInfo.processInfo.environment[Variable.url] ?? "").isEmpty

    /// Whether `ORMKIT_REQUIRE_POSTGRES=1` is set.
    public static let isRequired: Bool = ProcessInfo.processInfo.environment[Variable.require] == "1"

    /// Whether a PostgreSQL test should run: a server is configured, or one is required (then `require()` fails).
    /// When it returns false it prints, once per process, how to run the PostgreSQL suites.
    public static var shouldRun: Bool {
        if isConfigured || isRequired { return true }
        announceSkipOnce()
        return false
    }

    /// The reason shown for a skipped PostgreSQL suite or test.
    public static let skipComment: Comment = "no PostgreSQL server (\(Variable.url) is not set); run: \(howToRun)"

    /// Reads the servers from environment variables.
    ///
    /// - Throws: ``Missing`` when `ORMKIT_POSTGRES_URL` is unset or empty; ``InvalidURL`` when a URL does not parse
    ///   as `postgres://user[:password]@host[:port]/database`.
    public init(environment: [String: String]) throws {
        guard let url = environment[Variable.url], !url.isEmpty else { throw Missing(variable: Variable.url) }
        primary = try Endpoint(url: url, variable: Variable.url)
        if let replicaURL = environment[Variable.replicaURL], !replicaURL.isEmpty {
            replica = Replica(
                endpoint: try Endpoint(url: replicaURL, variable: Variable.replicaURL),
                stopCommand: environment[Variable.replicaStop].flatMap { $0.isEmpty ? nil : $0 },
                startCommand: environment[Variable.replicaStart].flatMap { $0.isEmpty ? nil : $0 })
        } else {
            replica = nil
        }
        if let poolerURL = environment[Variable.poolerURL], !poolerURL.isEmpty {
            pooler = try Endpoint(url: poolerURL, variable: Variable.poolerURL)
        } else {
            pooler = nil
        }
    }

    /// PgBouncer in front of the primary: the pooler tests skip without it, unless `ORMKIT_REQUIRE_POSTGRES=1`
    /// (CI, whose cluster script starts it; Debian: `apt-get install -y pgbouncer`).
    ///
    /// - Throws: ``Missing`` when `ORMKIT_PGBOUNCER_URL` is not set and the servers are required; a skip otherwise.
    public func requirePooler(sourceLocation: SourceLocation = #_sourceLocation) throws -> Endpoint {
        if let pooler { return pooler }
        if Self.isRequired { throw Missing(variable: Variable.poolerURL) }
        try Test.cancel("no PgBouncer (\(Variable.poolerURL) is not set; apt-get install -y pgbouncer)", sourceLocation: sourceLocation)
    }

    /// The configured server. Call it first in every PostgreSQL test.
    ///
    /// - Throws: When no server is configured: a skip — in Swift Testing `Test.cancel` (the runner reports the test
    ///   as cancelled, not failed; an `XCTSkip` thrown there would count as a failure), in XCTest `XCTSkip` — or
    ///   ``Missing``, a failure, when `ORMKIT_REQUIRE_POSTGRES=1`. ``InvalidURL`` when a variable is set but
    ///   malformed (always a failure).
    public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> PostgresTestServer {
        do {
            return try PostgresTestServer(environment: ProcessInfo.processInfo.environment)
        } catch let missing as Missing {
            if isRequired { throw missing }
            announceSkipOnce()
            if Test.current != nil {
                try Test.cancel(skipComment, sourceLocation: sourceLocation)
            }
            #if canImport(XCTest)
            throw XCTSkip("no PostgreSQL server (\(Variable.url) is not set); run: \(howToRun)")
            #else
            throw missing
            #endif
        }
    }

    /// The standby with both of its commands.
    ///
    /// - Throws: ``Missing`` naming the first variable that is not set.
    public func requireReplica() throws -> Replica {
        guard let replica else { throw Missing(variable: Variable.replicaURL) }
        guard replica.stopCommand != nil else { throw Missing(variable: Variable.replicaStop) }
        guard replica.startCommand != nil else { throw Missing(variable: Variable.replicaStart) }
        return replica
    }

    /// One server: its connection string and the parts of it a driver's configuration takes.
    public struct Endpoint: Sendable, Hashable {
        /// `postgres://user[:password]@host[:port]/database`.
        public let url: String
        public let host: String
        /// 5432 when the URL names none.
        public let port: Int
        public let username: String
        public let password: String?
        public let database: String

        /// Parses `url`; `variable` names it in the error.
        ///
        /// - Throws: ``InvalidURL`` when the scheme is not `postgres`/`postgresql` or the host, user or database is missing.
        public init(url: String, variable: String = Variable.url) throws {
            guard let components = URLComponents(string: url),
                components.scheme == "postgres" || components.scheme == "postgresql",
                let host = components.host, !host.isEmpty,
                let username = components.user, !username.isEmpty
            else { throw InvalidURL(variable: variable, url: url) }
            let database = String(components.path.drop { $0 == "/" })
            guard !database.isEmpty else { throw InvalidURL(variable: variable, url: url) }
            self.url = url
            self.host = host
            self.port = components.port ?? 5432
            self.username = username
            self.password = components.password
            self.database = database
        }
    }

    /// The hot standby and the commands that stop and restart it.
    public struct Replica: Sendable, Hashable {
        public let endpoint: Endpoint
        /// `ORMKIT_POSTGRES_REPLICA_STOP`.
        public let stopCommand: String?
        /// `ORMKIT_POSTGRES_REPLICA_START`.
        public let startCommand: String?

        /// Stops the standby at once (an immediate shutdown: its connections drop, as in a crash).
        ///
        /// - Throws: ``Missing`` when no stop command is set; ``CommandFailed`` when it exits non-zero.
        public func stop() throws {
            guard let stopCommand else { throw Missing(variable: Variable.replicaStop) }
            try PostgresTestServer.runShell(stopCommand)
        }

        /// Starts the standby again; returns once it accepts connections (it then catches up with the primary).
        ///
        /// - Throws: ``Missing`` when no start command is set; ``CommandFailed`` when it exits non-zero.
        public func start() throws {
            guard let startCommand else { throw Missing(variable: Variable.replicaStart) }
            try PostgresTestServer.runShell(startCommand)
        }
    }

    /// Adds glibc's `posix_spawn_file_actions_addclosefrom_np(actions, 3)` (2.34 and later; Swift's Glibc module
    /// does not declare it, so it is looked up by name), when the C library has it.
    private static func closingFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // RTLD_DEFAULT is the null handle on glibc.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }

    /// Runs `command` with `/bin/sh -c` and waits for it; its output is returned, and in the error when it fails.
    ///
    /// - Throws: ``CommandFailed`` when it exits non-zero or dies from a signal; `Process.run()`'s error.
    @discardableResult
    public static func runShell(_ command: String) throws -> String {
        // posix_spawn and waitpid, output to a file: `pg_ctl start` leaves the server running with the command's
        // output descriptors (a pipe would never reach end-of-file), and Foundation's Process has been seen not
        // to return from waitUntilExit after it.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ormkit-shell-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let wrapped = "exec </dev/null >'\(log.path)' 2>&1; \(command)"
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", wrapped]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The child keeps only its standard descriptors: a server it starts must not inherit the pipes of processes
        // other tests run meanwhile (the crash tests' workers exit when their standard input closes, and a server
        // holding its write end kept one running past its test).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        closingFrom3(&actions)
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        guard spawned == 0 else { throw CommandFailed(command: command, status: spawned, output: "posix_spawn failed") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        guard exited, code == 0 else {
            throw CommandFailed(command: command, status: exited ? code : -1, output: text)
        }
        return text
    }

    /// A variable the test needs is not set.
    public struct Missing: Error, CustomStringConvertible {
        public let variable: String
        public var description: String {
            "\(variable) is not set and \(Variable.require)=1 requires the PostgreSQL servers; run: \(howToRun)"
        }
    }

    /// A variable holds something that is not a `postgres://` URL.
    public struct InvalidURL: Error, CustomStringConvertible {
        public let variable: String
        public let url: String
        public var description: String {
            "\(variable)=\(url) is not a postgres://user[:password]@host[:port]/database URL"
        }
    }

    /// A replica command exited non-zero.
    public struct CommandFailed: Error, CustomStringConvertible {
        public let command: String
        public let status: Int32
        public let output: String
        public var description: String { "`\(command)` failed with status \(status):\n\(output)" }
    }

    /// Prints, once per process, that the PostgreSQL tests are skipped and how to run them.
    private static func announceSkipOnce() { _ = announcement }

    private static let announcement: Void = {
        FileHandle.standardError.write(Data(
            "note: PostgreSQL tests skipped: \(Variable.url) is not set. To run them: \(howToRun)\n".utf8))
    }()
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite or test only when a PostgreSQL server is configured (`ORMKIT_POSTGRES_URL`), or when one is
    /// required (`ORMKIT_REQUIRE_POSTGRES=1`: `PostgresTestServer.require()` then fails the test).
    public static var postgres: Self {
        .enabled(if: PostgresTestServer.shouldRun, PostgresTestServer.skipComment)
    }
}

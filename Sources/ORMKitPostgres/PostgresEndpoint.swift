#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import Logging
import ORMKit
import PostgresNIO

/// One server (the primary or a replica): its connection pool, and for replicas how busy it is and whether it
/// failed recently.
final class PostgresEndpoint: Sendable {
    /// A connection pool and the log of its failed connection attempts.
    private struct Pool: Sendable {
        let client: PostgresClient
        /// The pool's connection failures, so a call that cannot connect fails with their cause.
        let failures: ConnectionFailureLog

        init(configuration: PostgresClient.Configuration) {
            failures = ConnectionFailureLog()
            client = PostgresClient(configuration: configuration, backgroundLogger: failures.logger)
        }
    }

    /// The pool of the configuration, then for `sslmode=allow` the pool that connects with TLS.
    private let pools: [Pool]
    /// The index in `pools` of the pool calls use: the second once the server refused a connection of the first.
    private let poolInUse = Locked(0)
    let name: String
    /// The number of operations running on this server now.
    private let inFlight = Locked(0)
    /// Until when reads skip this server after a connection failure.
    private let downUntil = Locked<ContinuousClock.Instant?>(nil)
    /// `host:port` or the socket path, for error messages.
    private let address: String
    private let password: String?
    private let connectTimeout: Duration

    /// Where leases and statements are reported (`PostgresDatabase.Options.instrument`), nil when nowhere.
    let instrumentation: EndpointInstrumentation?

    /// The database's operations in flight, refused after a shutdown began (shared by its endpoints).
    private let operations: OperationGate

    /// - Parameter tlsOnRefusal: for `sslmode=allow`, the TLS to connect with once the server refused a connection
    ///   of `configuration` (without TLS), as libpq tries TLS second.
    init(
        configuration: PostgresClient.Configuration, tlsOnRefusal: PostgresClient.Configuration.TLS? = nil, name: String,
        instrument: (any DatabaseInstrument)? = nil, operations: OperationGate = OperationGate()
    ) {
        self.operations = operations
        instrumentation = instrument.map { EndpointInstrumentation(instrument: $0, configuration: configuration, pool: name) }
        var pools = [Pool(configuration: configuration)]
        if let tlsOnRefusal {
            var encrypted = configuration
            encrypted.tls = tlsOnRefusal
            pools.append(Pool(configuration: encrypted))
        }
        self.pools = pools
        self.name = name
        address = configuration.unixSocketPath ?? "\(configuration.host ?? "?"):\(configuration.port ?? 5432)"
        password = configuration.password
        connectTimeout = configuration.options.connectTimeout
    }

    /// The pool calls use now.
    private var pool: Pool { pools[poolInUse.withLock { $0 }] }

    /// Runs the connection pools until the task is cancelled.
    func run() async {
        await withDiscardingTaskGroup { group in
            for pool in pools {
                group.addTask { await pool.client.run() }
            }
        }
    }

    /// The number of operations running on this server now.
    var load: Int { inFlight.withLock { $0 } }

    /// Whether the server failed within the retry interval (reads skip it meanwhile).
    var isDown: Bool {
        downUntil.withLock { downUntil in
            guard let downUntil else { return false }
            return ContinuousClock.now < downUntil
        }
    }

    /// Skips the server for `interval` after a connection failure.
    func markDown(for interval: Duration) {
        downUntil.withLock { $0 = ContinuousClock.now + interval }
    }

    /// Whether a connection can be leased within `timeout`: the pool keeps retrying a server that refuses
    /// connections, so a read would wait for it forever; this lease is cancelled after `timeout` instead.
    func canLease(within timeout: Duration) async -> Bool {
        let client = pool.client
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                (try? await client.withConnection { _ in true }) ?? false
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Runs `body` on a leased connection, counting it as in flight (for the endpoint and the database).
    ///
    /// - Throws: `DatabaseError` (`.closed` once the database shut down, `.connectionLost`), or what `body` throws.
    func withConnection<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> sending T
    ) async throws -> sending T {
        try operations.enter()
        defer { operations.leave() }
        inFlight.withLock { $0 += 1 }
        defer { inFlight.withLock { $0 -= 1 } }
        guard let instrumentation else { return try await leasing(isolation: isolation, body) }
        let waitStart = ContinuousClock.now
        let leased = Locked(false)
        do {
            return try await leasing(isolation: isolation) { connection in
                leased.withLock { $0 = true }
                instrumentation.lease(waited: ContinuousClock.now - waitStart)
                defer { instrumentation.lease(waited: nil) }
                return try await body(connection)
            }
        } catch {
            if !leased.withLock({ $0 }) {
                instrumentation.leaseFailed(waited: ContinuousClock.now - waitStart, error: translated(error, sql: nil))
            }
            throw error
        }
    }

    /// Runs `body` on a connection of the pool once the server can be reached; closes a connection that broke.
    ///
    /// - Throws: `DatabaseError` (`.connectionLost`), or what `body` throws.
    private func leasing<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> sending T
    ) async throws -> sending T {
        try await checkReachable()
        let pool = pool, failures = pool.failures
        return try await pool.client.withConnection(isolation: isolation) { connection in
            failures.watch(connection)
            do {
                return try await body(connection)
            } catch {
                if (translated(error, sql: nil) as? DatabaseError)?.isConnectionLost == true {
                    // Closed before the pool gets it back: a lease the pool takes while it still counts the broken
                    // connection as leased is never served (postgres-nio 1.33), and the next call would wait forever.
                    // The next call first checks that the server can be reached (it may have gone), so it fails
                    // within the connect timeout instead of waiting on the pool's retries.
                    try? await connection.close()
                    failures.recordLostConnection()
                }
                throw error
            }
        }
    }

    /// Before the first connection, after a failed one and after a connection broke, waits for a connection to open: it fails at once when
    /// the server refused the credentials, TLS, or the protocol, and after the connect timeout when the server
    /// cannot be reached at all, with the cause the pool logged (the pool would retry for a minute and then report
    /// only that it gave up). With `sslmode=allow`, a server that refused a connection without TLS is asked again
    /// with TLS, and calls use TLS from then on.
    ///
    /// - Throws: `DatabaseError` (`.connectionLost` with its `connectionFailure`).
    private func checkReachable() async throws {
        let index = poolInUse.withLock { $0 }
        do {
            try await waitForConnection(pools[index])
        } catch let error as DatabaseError where error.connectionFailure == .authentication && index + 1 < pools.count {
            poolInUse.withLock { $0 = max($0, index + 1) }
            try await checkReachable()
        }
    }

    /// Waits for `pool` to open a connection when it needs the check (`checkReachable()`).
    ///
    /// - Throws: `DatabaseError` (`.connectionLost` with its `connectionFailure`).
    private func waitForConnection(_ pool: Pool) async throws {
        let failures = pool.failures
        guard failures.needsCheck else { return }
        let client = pool.client, started = ContinuousClock.now, deadline = started + connectTimeout
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await client.withConnection { _ in }
                failures.recordConnected()
            }
            group.addTask {
                // Only a logged failure ends the wait: a pool that is merely slow to connect (a busy server) is waited for.
                while true {
                    try await Task.sleep(for: .milliseconds(20))
                    guard let failure = failures.failure(since: started) else { continue }
                    let cause = ConnectionCause(failure.description)
                    if cause.isFinal || ContinuousClock.now >= deadline { throw self.error(cause) }
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// The error for a connection that failed for `cause`, without the password.
    private func error(_ cause: ConnectionCause) -> DatabaseError {
        var message = "cannot connect to the \(name) (\(address)): \(cause.message)"
        if let password, !password.isEmpty { message = message.replacingOccurrences(of: password, with: "***") }
        return DatabaseError(kind: .connectionLost, message: message, sqlState: cause.sqlState, connectionFailure: cause.kind)
    }
}

/// How to reach one server: a postgres-nio configuration, and for `sslmode=allow` the TLS to try second.
struct ServerConfiguration: Sendable {
    var configuration: PostgresClient.Configuration
    /// For `sslmode=allow`: the TLS to connect with once the server refused a connection without it.
    var tlsOnRefusal: PostgresClient.Configuration.TLS?

    init(_ configuration: PostgresClient.Configuration, tlsOnRefusal: PostgresClient.Configuration.TLS? = nil) {
        self.configuration = configuration
        self.tlsOnRefusal = tlsOnRefusal
    }

    /// Parses `postgres://user:password@host:port/database?sslmode=disable|allow|prefer|require|verify-ca|verify-full`
    /// (`&sslrootcert=/path/ca.pem` for the CA to trust instead of the system's), or
    /// `postgres://user@/database?host=/socket/directory` for a Unix socket (as libpq spells it).
    ///
    /// - Throws: `DatabaseError` (`.misuse`) naming what is wrong with the URL.
    init(url: String) throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? "") else {
            throw DatabaseError(kind: .misuse, message: "not a postgres:// URL: \(Self.redacted(url))")
        }
        let query = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        let password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let database = path.isEmpty ? nil : path
        if let socketDirectory = query["host"], socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            self.init(PostgresClient.Configuration(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: user, password: password, database: database
            ))
            return
        }
        // libpq's meaning of each mode: `allow` connects without TLS and tries TLS (unverified) when the server
        // refuses that, `prefer` and `require` encrypt without verifying (`require` verifies the chain when
        // `sslrootcert` names a CA file, as libpq does), `verify-ca` checks the chain, `verify-full` also the host name.
        let rootCertificate = query["sslrootcert"].flatMap { $0.isEmpty ? nil : $0 }
        func tlsConfiguration(_ verification: CertificateVerification) throws -> TLSConfiguration {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = verification
            if let rootCertificate {
                do {
                    configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
                } catch {
                    throw DatabaseError(kind: .misuse, message: "sslrootcert \(rootCertificate) is not a readable PEM certificate file: \(error)")
                }
            }
            return configuration
        }
        var tls = PostgresClient.Configuration.TLS.disable, tlsOnRefusal: PostgresClient.Configuration.TLS?
        switch query["sslmode"] ?? "disable" {
        case "disable": break
        case "allow": tlsOnRefusal = .require(try tlsConfiguration(.none))
        case "prefer": tls = .prefer(try tlsConfiguration(.none))
        case "require": tls = .require(try tlsConfiguration(rootCertificate == nil ? .none : .noHostnameVerification))
        case "verify-ca": tls = .require(try tlsConfiguration(.noHostnameVerification))
        case "verify-full": tls = .require(try tlsConfiguration(.fullVerification))
        case let mode: throw DatabaseError(kind: .misuse, message: "unknown sslmode \(mode) in \(Self.redacted(url))")
        }
        self.init(
            PostgresClient.Configuration(
                host: components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1", port: components.port ?? 5432,
                username: user, password: password, database: database, tls: tls
            ),
            tlsOnRefusal: tlsOnRefusal
        )
    }

    /// `url` without its password, for error messages.
    private static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "(the URL)"
    }
}
#endif

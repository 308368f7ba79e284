#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Logging
import ORMKit
import PostgresNIO

/// The last connection failure of one server's pool, read from the log postgres-nio's pool writes: the pool keeps
/// retrying a server it cannot reach and tells a waiting call only, a minute later, that its circuit breaker
/// tripped; the cause (a wrong password, a refused port) is only in that log.
final class ConnectionFailureLog: Sendable {
    /// A failed attempt to connect, as postgres-nio describes its error.
    struct Failure: Sendable {
        let at: ContinuousClock.Instant
        let description: String
    }

    private struct State {
        var hasConnected = false
        var failure: Failure?
        /// A leased connection broke: the server may be gone, and the pool would wait for it without a word.
        var lostConnection = false
    }

    private let state = Locked(State())
    /// The connections `watch` follows (by `PostgresConnection.ID`).
    private let watched = Locked(Set<Int>())

    /// This log's number in `registry`.
    private let number: Int

    /// The logs alive, by number: what a `Handler` reaches its log through.
    private static let registry = Locked<[Int: Weak]>([:])
    private static let created = Locked(0)

    private struct Weak {
        weak var log: ConnectionFailureLog?
    }

    init() {
        number = Self.created.increment()
        Self.registry.withLock { $0[number] = Weak(log: self) }
    }

    deinit {
        _ = Self.registry.withLock { $0.removeValue(forKey: number) }
    }

    /// The logger to give the pool: it records failures and prints nothing. Its level is `info`, the failures' level,
    /// so the pool's `debug` lines (one per lease) are not even formatted.
    var logger: Logger {
        let number = number
        return Logger(label: "ormkit.postgres.pool") { _ in Handler(logNumber: number) }
    }

    /// Whether a call should first check that the server can be reached: no connection was ever made, the last
    /// attempt failed, or a connection broke since the last check.
    var needsCheck: Bool {
        state.withLock { !$0.hasConnected || $0.failure != nil || $0.lostConnection }
    }

    /// Notes that a leased connection broke, so the next call checks that the server can be reached.
    func recordLostConnection() {
        state.withLock { $0.lostConnection = true }
    }

    /// Follows `connection` (once per connection): when it closes — the server went away while the pool held it
    /// idle, or the pool retired it — the next call checks that the server can be reached first, instead of waiting
    /// a minute on the pool's silent retries.
    func watch(_ connection: PostgresConnection) {
        let id = connection.id
        guard watched.withLock({ $0.insert(id).inserted }) else { return }
        connection.closeFuture.whenComplete { [self] _ in
            _ = watched.withLock { $0.remove(id) }
            recordLostConnection()
        }
    }

    /// The last failure, when it happened at or after `instant`.
    func failure(since instant: ContinuousClock.Instant) -> Failure? {
        state.withLock { state in state.failure.flatMap { $0.at >= instant ? $0 : nil } }
    }

    /// Notes that a connection was leased: the server can be reached.
    func recordConnected() {
        state.withLock { $0 = State(hasConnected: true, failure: nil, lostConnection: false) }
    }

    private func record(_ message: String, error: String?) {
        guard message == "Connection creation failed" else { return }
        state.withLock { $0.failure = Failure(at: .now, description: error ?? "unknown error") }
    }

    /// Passes the pool's connection events to the log. It holds no reference, only the log's number: postgres-nio
    /// copies a connection's logger handler each time it checks the level of a `trace` line (about ten times a
    /// statement), and a handler with references paid two retains and two releases each time (measured under
    /// callgrind: about 900 instructions a statement). It keeps no metadata: it reads only a failure's own.
    private struct Handler: LogHandler {
        let logNumber: Int
        var logLevel: Logger.Level {
            get { .info }
            set {}
        }
        var metadata: Logger.Metadata {
            get { [:] }
            set {}
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { nil }
            set {}
        }

        func log(event: LogEvent) {
            guard let log = ConnectionFailureLog.registry.withLock({ $0[logNumber]?.log }) else { return }
            log.record(event.message.description, error: event.metadata?["psql_error"]?.description)
        }
    }
}

/// What a failed connection attempt says, read from postgres-nio's description of its error
/// (`String(reflecting: PSQLError)`): the server's message and SQLSTATE, or the socket's or TLS's error.
struct ConnectionCause {
    let kind: DatabaseError.ConnectionFailure
    let message: String
    let sqlState: String?

    /// Whether another attempt cannot succeed without a change (credentials, certificates, the address).
    var isFinal: Bool { kind == .authentication || kind == .tls || kind == .protocolMismatch }

    init(_ description: String) {
        let state = Self.capture(#"sqlState: ([0-9A-Z]{5})"#, in: description)
        sqlState = state
        let serverMessage = Self.capture(#"message: (.*?), routine: "#, in: description)
        let lowered = description.lowercased()
        if let state, state.hasPrefix("28") {
            kind = .authentication
        } else if lowered.contains("ssl") || lowered.contains("certificate") || lowered.contains("handshake") {
            kind = .tls
        } else if lowered.contains("connection refused") || lowered.contains("no such file or directory") {
            kind = .refused
        } else if lowered.contains("unknown host") || lowered.contains("name or service not known") || lowered.contains("dns")
            || lowered.contains("nodename nor servname") || lowered.contains("temporary failure in name resolution")
        {
            kind = .unknownHost
        } else if lowered.contains("connecttimeout") || lowered.contains("timed out") || lowered.contains("timeout") {
            kind = .timedOut
        } else if lowered.contains("messagedecodingfailure") || lowered.contains("unexpectedbackendmessage") {
            kind = .protocolMismatch
        } else {
            kind = .other
        }
        message = serverMessage.map { "\($0) (\(state ?? "?"))" } ?? Self.summary(of: kind, description)
    }

    private static func summary(of kind: DatabaseError.ConnectionFailure, _ description: String) -> String {
        switch kind {
        case .refused: "connection refused"
        case .unknownHost: "the host name does not resolve"
        case .timedOut: "no answer within the connect timeout"
        case .protocolMismatch: "the server does not speak PostgreSQL's protocol"
        case .tls, .authentication, .other: description
        }
    }

    private static func capture(_ pattern: String, in text: String) -> String? {
        guard let regex = try? Regex(pattern), let match = text.firstMatch(of: regex), match.count > 1 else { return nil }
        return match[1].substring.map(String.init)
    }
}
#endif

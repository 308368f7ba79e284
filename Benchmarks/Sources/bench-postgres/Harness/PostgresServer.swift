import Foundation
import Logging
import PostgresNIO

/// The server the benchmark runs against: a `postgres://user[:password]@host[:port]/database` URL, given with
/// `--url`, taken from `ORMKIT_POSTGRES_URL`, or that of a throwaway cluster started by
/// `scripts/postgres-cluster.sh`. The URL's database is only used to create and drop the benchmark's own
/// databases (`ormkit_bench_<pid>_…`), so the benchmark never touches existing tables.
struct PostgresServer: Sendable {
    let url: String
    let host: String
    let port: Int
    let username: String
    let password: String?
    /// The database named in the URL (the administrative connection's).
    let database: String

    /// Parses `url`.
    ///
    /// - Throws: `BenchError` when it is not a `postgres://` URL with a host, a user and a database.
    init(url: String) throws {
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql",
            let host = components.host, !host.isEmpty,
            let username = components.user, !username.isEmpty
        else { throw BenchError("'\(url)' is not a postgres://user[:password]@host[:port]/database URL") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw BenchError("'\(url)' names no database (postgres://…/DATABASE)") }
        self.url = url
        self.host = host
        self.port = components.port ?? 5432
        self.username = username
        self.password = components.password
        self.database = database
    }

    /// The URL of `database` on this server (what a contender that takes URLs connects to).
    func url(database: String) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        return components.string ?? url
    }

    /// postgres-nio's client configuration for `database`: no TLS (a local server), the default pool.
    func clientConfiguration(database: String) -> PostgresClient.Configuration {
        PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: .disable)
    }

    /// A quiet logger for the drivers: warnings and errors only.
    static let logger: Logger = {
        var logger = Logger(label: "bench-postgres")
        logger.logLevel = .warning
        return logger
    }()
}

/// A throwaway primary (and standby, stopped so it takes no CPU) started with `scripts/postgres-cluster.sh`.
final class OwnCluster: Sendable {
    let directory: String
    let server: PostgresServer
    private let script: String

    /// Starts the cluster; `script` is the path of `postgres-cluster.sh`.
    ///
    /// - Throws: `BenchError` with the script's output when it fails.
    init(script: String, log: (String) -> Void) throws {
        self.script = script
        log("starting a throwaway PostgreSQL cluster: bash \(script) start")
        let started = try Shell.run("/bin/bash", [script, "start"], echoErrors: true)
        let envPath = started.trimmingCharacters(in: .whitespacesAndNewlines)
        let environment = try Shell.exports(in: envPath)
        guard let url = environment["ORMKIT_POSTGRES_URL"], let dir = environment["ORMKIT_POSTGRES_DIR"] else {
            throw BenchError("\(envPath) has no ORMKIT_POSTGRES_URL or ORMKIT_POSTGRES_DIR")
        }
        directory = dir
        server = try PostgresServer(url: url)
        // The benchmark needs no standby: stopping it keeps WAL replay off the two cores the contenders share.
        if let stop = environment["ORMKIT_POSTGRES_REPLICA_STOP"] {
            _ = try? Shell.run("/bin/sh", ["-c", stop], echoErrors: false)
        }
    }

    /// Stops both servers and removes the directory.
    func stop() {
        _ = try? Shell.run("/bin/bash", [script, "stop", directory], echoErrors: true)
    }

    /// `scripts/postgres-cluster.sh` of this checkout, found from this source file's path.
    static func defaultScript() -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/postgres-cluster.sh").path
    }
}

/// Runs commands for the cluster's lifecycle, with `posix_spawn` and a blocking `waitpid`: Foundation's `Process`
/// never sees its child exit when waited on from this executable's `async` top-level code on Linux (the main
/// thread parks in libdispatch with the signals it watches blocked), so `waitUntilExit()` hangs.
enum Shell {
    /// Runs `executable arguments`; returns its standard output. Its standard error goes to ours when
    /// `echoErrors`, else to `/dev/null`.
    ///
    /// - Throws: `BenchError` when it cannot start, exits non-zero or dies from a signal.
    static func run(_ executable: String, _ arguments: [String], echoErrors: Bool) throws -> String {
        var fds: [Int32] = [0, 0]
        guard fds.withUnsafeMutableBufferPointer({ pipe($0.baseAddress!) }) == 0 else {
            throw BenchError("pipe() failed: errno \(errno)")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        if !echoErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw BenchError("cannot run \(executable): error \(spawned)")
        }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        let exitCode = (status >> 8) & 0xff
        guard exited, exitCode == 0 else {
            let how = exited ? "exited with status \(exitCode)" : "was killed by signal \(status & 0x7f)"
            throw BenchError("\(([executable] + arguments).joined(separator: " ")) \(how)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The variables an `env` file of `postgres-cluster.sh` exports, as a shell sees them.
    static func exports(in path: String) throws -> [String: String] {
        let text = try run("/bin/bash", ["-c", "set -a; . \"$1\"; env -0", "bash", path], echoErrors: true)
        var values: [String: String] = [:]
        for entry in text.split(separator: "\0") {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            values[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return values
    }
}

/// A benchmark failure with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

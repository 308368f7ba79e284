import BenchSupport
import Foundation
import PostgresNIO

/// A `PostgresClient` with the task that runs it (a client leases connections only while `run()` runs).
final class RunningClient: Sendable {
    let client: PostgresClient
    private let runTask: Task<Void, Never>

    init(_ configuration: PostgresClient.Configuration) {
        let client = PostgresClient(configuration: configuration, backgroundLogger: PostgresServer.logger)
        self.client = client
        // `run()` must have started before the first lease (postgres-nio warns otherwise): an immediate task runs
        // it on this thread up to its first suspension.
        #if compiler(>=6.2)
        runTask = Task.immediate { await client.run() }
        #else
        runTask = Task { await client.run() }
        #endif
    }

    /// Ends `run()`, which closes every connection, and waits for it.
    func shutdown() async {
        runTask.cancel()
        await runTask.value
    }
}

/// The databases of one benchmark process, the counterpart of the SQLite benchmark's files: seeded templates built
/// once, and for each run that writes a fresh database copied from its template (`CREATE DATABASE … TEMPLATE`, a
/// file-level copy, like copying a SQLite file). All are named `ormkit_bench_<pid>_…` and dropped at the end.
final class PostgresDatabases {
    let server: PostgresServer
    let sizes: Sizes
    private let admin: RunningClient
    private let prefix = "ormkit_bench_\(ProcessInfo.processInfo.processIdentifier)"
    private var templates: [String: String] = [:]
    private var created: [String] = []
    private var counter = 0

    /// Connects to the server's own database (the URL's) to create and drop the benchmark's.
    init(server: PostgresServer, sizes: Sizes) async throws {
        self.server = server
        self.sizes = sizes
        admin = RunningClient(server.clientConfiguration(database: server.database))
        do {
            _ = try await scalar(admin, "SELECT 1")
        } catch {
            await admin.shutdown()
            throw BenchError("cannot connect to \(server.url): \(await Self.connectionError(server) ?? String(reflecting: error))")
        }
    }

    /// Why a single connection to `server` fails (the pool only reports that its circuit breaker tripped); nil when
    /// it connects.
    private static func connectionError(_ server: PostgresServer) async -> String? {
        let configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.username, password: server.password,
            database: server.database, tls: .disable)
        do {
            let connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: 0,
                logger: PostgresServer.logger
            ).get()
            try await connection.close()
            return nil
        } catch {
            // PSQLError's description hides details on purpose; this is a local tool's own server, so show them.
            return String(reflecting: error)
        }
    }

    /// The server's version and the settings that matter for the timings, for the report.
    func serverDescription() async throws -> String {
        let version = try await text(admin, "SELECT current_setting('server_version')")
        var settings: [String] = []
        for name in ["fsync", "synchronous_commit", "shared_buffers", "wal_level"] {
            settings.append("\(name) = \(try await text(admin, "SELECT current_setting('\(name)')"))")
        }
        let replicas = try await scalar(admin, "SELECT count(*) FROM pg_stat_replication")
        return "PostgreSQL \(version) at \(server.host):\(server.port), \(settings.joined(separator: ", ")), "
            + "\(replicas) streaming \(replicas == 1 ? "replica" : "replicas")"
    }

    /// The database a run of a workload starting at `start` connects to, and whether the run owns it (drop after).
    func database(for start: DatabaseStart) async throws -> (name: String, isScratch: Bool) {
        switch start {
        case .empty:
            return (try await copy(of: try await emptyTemplate()), true)
        case .shared(let template):
            return (try await self.template(template), false)
        case .copy(let template):
            return (try await copy(of: try await self.template(template)), true)
        }
    }

    /// Drops a run's database.
    func drop(_ name: String) async throws {
        try await execute(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        created.removeAll { $0 == name }
    }

    /// A digest of the `items` table of `database` (see `PostgresSchema.itemsDigest`).
    func digest(_ database: String) async throws -> Int {
        let client = RunningClient(server.clientConfiguration(database: database))
        do {
            let value = try await scalar(client, PostgresSchema.itemsDigest)
            await client.shutdown()
            return value
        } catch {
            await client.shutdown()
            throw error
        }
    }

    /// Drops every database this process created and closes the administrative connection.
    func close() async {
        for name in created.reversed() {
            do {
                try await execute(admin, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            } catch {
                FileHandle.standardError.write(Data("warning: could not drop database \(name): \(error)\n".utf8))
            }
        }
        created.removeAll()
        await admin.shutdown()
    }

    // MARK: - Templates

    private func emptyTemplate() async throws -> String {
        if let name = templates["empty"] { return name }
        let name = try await createDatabase("\(prefix)_empty")
        try await withClient(name) { connection in
            for statement in PostgresSchema.createStatements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: PostgresServer.logger)
            }
        }
        templates["empty"] = name
        return name
    }

    private func template(_ template: Template) async throws -> String {
        let key = "\(template)"
        if let name = templates[key] { return name }
        let name = try await copy(of: try await emptyTemplate(), named: "\(prefix)_\(key.lowercased())")
        try await withClient(name) { connection in
            switch template {
            case .items: try await Seeder.items(count: sizes.rows, on: connection)
            case .cursorItems: try await Seeder.items(count: sizes.cursorRows, on: connection)
            case .library: try await Seeder.library(authors: sizes.authors, booksPerAuthor: sizes.booksPerAuthor, on: connection)
            case .documents:
                // The jsonPath workload's table has no path index.
                try await connection.query(PostgresQuery(unsafeSQL: "DROP INDEX \(Fixture.pathIndex)"), logger: PostgresServer.logger)
                try await Seeder.documents(count: sizes.rows, on: connection)
            case .indexedDocuments: try await Seeder.documents(count: sizes.rows, on: connection)
            case .articles: try await Seeder.articles(count: sizes.rows, on: connection)
            case .shelves: try await Seeder.shelves(shelves: Fixture.shelves(sizes), volumesPerShelf: sizes.booksPerAuthor, on: connection)
            }
            // Statistics for the planner, hint bits and the visibility map set once here, so that no timed read
            // pays for the bulk load's first-read maintenance.
            try await connection.query("VACUUM (FREEZE, ANALYZE)", logger: PostgresServer.logger)
            switch template {
            case .items, .cursorItems: try await Seeder.verifyItems(on: connection)
            case .library, .shelves: break
            case .articles: try await logMatchingPlans(connection)
            case .documents, .indexedDocuments:
                try await Seeder.verifyDocuments(on: connection)
                try await checkPlan(connection, usesPathIndex: template == .indexedDocuments)
            }
        }
        templates[key] = name
        return name
    }

    /// Checks that the server plans the JSON-path filter (A's SQL, the index's expression) with the path index
    /// exactly when the template has it, so the two workloads measure what their titles say.
    private func checkPlan(_ connection: PostgresConnection, usesPathIndex: Bool) async throws {
        let sql = "EXPLAIN " + SelectDocumentsByCity.sql.replacingOccurrences(of: "$1", with: "'\(Fixture.pathCity(0))'")
        var plan: [String] = []
        for try await line in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresServer.logger).decode(String.self) {
            plan.append(line)
        }
        let text = plan.joined(separator: "; ")
        guard text.contains(Fixture.pathIndex) == usesPathIndex else {
            throw BenchError("expected a plan \(usesPathIndex ? "using" : "without") \(Fixture.pathIndex), got: \(text)")
        }
    }

    /// Prints on stderr the plan of A's `matching` statement for the query matching the most articles and for the one
    /// matching the fewest (the planner picks the GIN index or a scan by the word's frequency).
    private func logMatchingPlans(_ connection: PostgresConnection) async throws {
        for query in [Fixture.matchQuery(0), Fixture.matchQuery(11)] {
            let literal = "'" + query.replacingOccurrences(of: "'", with: "''") + "'"
            let sql = "EXPLAIN " + SelectMatches.sql.replacingOccurrences(of: "$1", with: literal)
            var plan: [String] = []
            for try await line in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresServer.logger).decode(String.self) {
                plan.append(line.trimmingCharacters(in: .whitespaces))
            }
            FileHandle.standardError.write(Data("matching, A's plan for '\(query)': \(plan.joined(separator: "; "))\n".utf8))
        }
    }

    private func copy(of template: String, named name: String? = nil) async throws -> String {
        let name = name ?? { counter += 1; return "\(prefix)_run_\(counter)" }()
        return try await createDatabase(name, template: template)
    }

    private func createDatabase(_ name: String, template: String = "template0") async throws -> String {
        try await execute(admin, "CREATE DATABASE \(name) TEMPLATE \(template)")
        created.append(name)
        return name
    }

    private func withClient(_ database: String, _ body: (PostgresConnection) async throws -> Void) async throws {
        let client = RunningClient(server.clientConfiguration(database: database))
        do {
            try await client.client.withConnection { connection in try await body(connection) }
            await client.shutdown()
        } catch {
            await client.shutdown()
            throw error
        }
    }

    // MARK: - Administrative queries

    private func execute(_ client: RunningClient, _ sql: String) async throws {
        try await client.client.query(PostgresQuery(unsafeSQL: sql), logger: PostgresServer.logger)
    }

    private func scalar(_ client: RunningClient, _ sql: String) async throws -> Int {
        for try await value in try await client.client.query(PostgresQuery(unsafeSQL: sql), logger: PostgresServer.logger).decode(Int.self) {
            return value
        }
        throw BenchError("no row from: \(sql)")
    }

    private func text(_ client: RunningClient, _ sql: String) async throws -> String {
        for try await value in try await client.client.query(PostgresQuery(unsafeSQL: sql), logger: PostgresServer.logger).decode(String.self) {
            return value
        }
        throw BenchError("no row from: \(sql)")
    }
}

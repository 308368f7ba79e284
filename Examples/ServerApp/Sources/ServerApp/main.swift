// ServerApp: ORMGen inside a Hummingbird 2 server. The models (Author, Book, BookshopSchema) are generated at build
// time from schema/bookshop.yaml; the routes are written once against ORMKit's engine protocol and run on SQLite
// (the default: an embedded file) or PostgreSQL (DATABASE_URL). README.md shows every endpoint with curl.
import Foundation
import Hummingbird
import Logging
import Metrics
import ORMKit
import ORMKitPostgres
import ORMKitTelemetry
import Prometheus
import ServiceLifecycle

let settings: Settings
do {
    settings = try Settings(environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("ServerApp: error: \(error)\n".utf8))
    exit(2)
}

var logger = Logger(label: "ServerApp")
logger.logLevel = settings.logLevel

// Metrics go to a Prometheus registry that GET /metrics prints; spans go to the tracer an app bootstraps with
// InstrumentationSystem.bootstrap (swift-otel, for one): Telemetry and Hummingbird's TracingMiddleware use it.
let registry = PrometheusCollectorRegistry()
MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
let telemetry = Telemetry(logger: logger, slowStatementThreshold: .milliseconds(200))

do {
    if let url = settings.databaseURL {
        var options = PostgresDatabase.Options()
        options.instrument = telemetry
        let db = try PostgresDatabase(url: url, options: options)
        // A service of the application's group: stopped after the HTTP server, once its requests are done.
        try await serve(db, services: [db], settings: settings, registry: registry, logger: logger) { request in
            LiveQuery.polling(request, in: db, every: .milliseconds(250))
        }
    } else {
        var options = Database.Options()
        options.instrument = telemetry
        let db = try Database(path: settings.databasePath, options: options)
        try await serve(db, services: [], settings: settings, registry: registry, logger: logger) { request in
            LiveQuery.observing(request, in: db)
        }
        try db.close()
    }
} catch {
    logger.critical("ServerApp stopped", metadata: ["error": "\(error)"])
    exit(1)
}

/// Migrates `db`, then serves the API on it until SIGTERM or SIGINT. A graceful shutdown stops accepting
/// connections, lets the requests in flight finish (and ends the live streams), then stops `services` (PostgreSQL's
/// database: its pools close after the last operation).
func serve<DB: DatabaseWriter & Sendable>(
    _ db: DB,
    services: [any Service],
    settings: Settings,
    registry: PrometheusCollectorRegistry,
    logger: Logger,
    liveQuery: @escaping @Sendable (QueryRequest<Book>) -> LiveQuery<Book>
) async throws {
    let outcome = try await db.migrate(BookshopSchema.self)
    logger.notice("database ready", metadata: ["engine": "\(db.dialect)", "schema": "\(outcome)"])
    let api = BookshopAPI(db: db, liveQuery: liveQuery)
    let router = Router()
    router.addMiddleware {
        LogRequestsMiddleware(.debug)
        MetricsMiddleware()
        TracingMiddleware()
    }
    api.addRoutes(to: router)
    router.get("metrics") { _, _ in registry.emitToString() }
    let app = Application(
        router: router,
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "ServerApp"),
        services: services,
        onServerRunning: { channel in
            logger.notice("listening", metadata: ["address": "\(channel.localAddress.map { "\($0)" } ?? "?")"])
        },
        logger: logger
    )
    try await app.runService()
}

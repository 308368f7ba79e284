#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ServiceLifecycle

/// A `PostgresDatabase` is a swift-service-lifecycle `Service`: put it in the app's `ServiceGroup` before the services
/// that use it (a group stops its services in reverse order, so they stop first), and a graceful shutdown (SIGTERM)
/// lets the operations running finish before the pools close.
///
/// ```swift
/// let group = ServiceGroup(services: [db, httpServer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
extension PostgresDatabase: Service {
    /// Runs until the service group shuts down, then `shutdown()`: new operations are refused, the running ones
    /// finish, the pools close. Cancelling the task (the group's forced end) shuts down the same way; the operations
    /// running are cancelled with it.
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }
}
#endif

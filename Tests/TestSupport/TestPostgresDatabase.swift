#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKitPostgres
import Testing

/// A database of its own on the test server (`ORMKIT_POSTGRES_URL`), created for one test and dropped after it.
public struct TestPostgresDatabase: Sendable {
    /// The database's name.
    public let name: String
    /// Its connection URL.
    public let url: String
    /// The URL of the server's default database, where it was created.
    public let adminURL: String

    /// A fresh database on the configured server.
    ///
    /// - Throws: a skip when no server is configured (`PostgresTestServer.require()`), a failure when CI requires
    ///   one, or the error creating the database.
    public static func create() async throws -> TestPostgresDatabase? {
        let server = try PostgresTestServer.require()
        let name = "ormkit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let admin = try PostgresDatabase(url: server.primary.url)
        try await admin.executeOutsideTransaction(sql: "CREATE DATABASE \"\(name)\"")
        await admin.close()
        return TestPostgresDatabase(name: String(name), url: Self.url(server.primary.url, database: String(name)), adminURL: server.primary.url)
    }

    /// `url` with its database replaced by `database`.
    public static func url(_ url: String, database: String) -> String {
        guard var components = URLComponents(string: url) else { return url }
        components.path = "/" + database
        return components.string ?? url
    }

    /// Drops the database (after its pools were closed).
    public func drop() async throws {
        let admin = try PostgresDatabase(url: adminURL)
        try await admin.executeOutsideTransaction(sql: "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)")
        await admin.close()
    }
}
#endif

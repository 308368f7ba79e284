#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import Testing

/// A role of the test server that logs in with a password (SCRAM-SHA-256), for the tests of credentials: the other
/// roles keep trusting loopback connections.
public enum PostgresPasswordRole {
    /// The role's name.
    public static let user = "ormkit_scram"
    /// Its password.
    public static let password = "right-horse-battery"
    /// A password it does not have.
    public static let wrongPassword = "wrong-horse-battery"

    /// Creates the role and the server's rule that asks it for its password (once per server), and returns the URLs
    /// with the right and with a wrong password, once the server has read the rule.
    ///
    /// - Throws: a skip when no server is configured, or what the server or the file system throws.
    public static func urls() async throws -> (right: String, wrong: String) {
        let server = try PostgresTestServer.require()
        let admin = try PostgresDatabase(url: server.primary.url)
        // Two suites may create it at once: the one that loses the race gets unique_violation, not duplicate_object.
        try await admin.executeOutsideTransaction(sql: """
            DO $$ BEGIN CREATE ROLE \(user) LOGIN PASSWORD '\(password)';
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$
            """)
        let hbaFile = try #require(try await String.fetchOne(admin, sql: "SHOW hba_file"))
        let rules = try String(contentsOfFile: hbaFile, encoding: .utf8)
        let scram = "host all \(user) 127.0.0.1/32 scram-sha-256\nhost all \(user) ::1/128 scram-sha-256\n"
        if !rules.hasPrefix(scram) { try (scram + rules).write(toFile: hbaFile, atomically: true, encoding: .utf8) }
        _ = try await Bool.fetchOne(admin, sql: "SELECT pg_reload_conf()")
        await admin.close()

        var components = try #require(URLComponents(string: server.primary.url))
        components.user = user
        components.password = password
        let right = try #require(components.string)
        components.password = wrongPassword
        let wrong = try #require(components.string)

        // The reload applies to connections the server accepts after it has read the file.
        for _ in 0..<50 {
            if try await canConnect(right) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return (right, wrong)
    }

    /// Whether one call on `url` succeeds.
    private static func canConnect(_ url: String) async throws -> Bool {
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(2)
        let db = try PostgresDatabase(url: url, options: options)
        let connected = (try? await Int.fetchOne(db, sql: "SELECT 1")) == 1
        await db.close()
        return connected
    }
}
#endif

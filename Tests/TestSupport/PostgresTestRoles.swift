#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import Testing

/// The test server's roles that do not simply trust loopback connections, and the rules of its `pg_hba.conf` that
/// say so. The rules are one block, written the same by every suite (suites run at once), above the rules that
/// trust the other roles.
enum PostgresTestRoles {
    private static let rules = """
        host all \(PostgresPasswordRole.user) 127.0.0.1/32 scram-sha-256
        host all \(PostgresPasswordRole.user) ::1/128 scram-sha-256
        hostnossl all \(PostgresTLSOnlyRole.user) 127.0.0.1/32 reject
        hostnossl all \(PostgresTLSOnlyRole.user) ::1/128 reject

        """

    /// Creates `user` (logging in with `password`, when given), the server's rules, and returns the server's URL
    /// for `user` once the server has read its rules (`isReady` tells, given the URL).
    static func install(
        user: String, password: String?, isReady: @escaping @Sendable (String) async throws -> Bool
    ) async throws -> URLComponents {
        let server = try PostgresTestServer.require()
        let admin = try PostgresDatabase(url: server.primary.url)
        // Two suites may create a role at once: the one that loses the race gets unique_violation, not duplicate_object.
        try await admin.executeOutsideTransaction(sql: """
            DO $$ BEGIN CREATE ROLE \(user) LOGIN\(password.map { " PASSWORD '\($0)'" } ?? "");
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$
            """)
        let hbaFile = try #require(try await String.fetchOne(admin, sql: "SHOW hba_file"))
        let current = try String(contentsOfFile: hbaFile, encoding: .utf8)
        if !current.hasPrefix(rules) { try (rules + current).write(toFile: hbaFile, atomically: true, encoding: .utf8) }
        _ = try await Bool.fetchOne(admin, sql: "SELECT pg_reload_conf()")
        await admin.close()

        var components = try #require(URLComponents(string: server.primary.url))
        components.user = user
        components.password = password
        let url = try #require(components.string)
        // The reload applies to connections the server accepts after it has read the file.
        for _ in 0..<50 {
            if try await isReady(url) { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        return components
    }

    /// Whether one call on `url` succeeds, and the session is encrypted when `encrypted` (else whichever).
    static func canConnect(_ url: String, encrypted: Bool = false) async throws -> Bool {
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(2)
        let db = try PostgresDatabase(url: url, options: options)
        let sql = encrypted ? "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()" : "SELECT true"
        let connected = (try? await Bool.fetchOne(db, sql: sql)) == true
        await db.close()
        return connected
    }
}

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
        var components = try await PostgresTestRoles.install(user: user, password: password) {
            try await PostgresTestRoles.canConnect($0)
        }
        let right = try #require(components.string)
        components.password = wrongPassword
        let wrong = try #require(components.string)
        return (right, wrong)
    }
}

/// A role the test server refuses on a connection without TLS (`hostnossl … reject`), for `sslmode=allow`; the
/// server must have TLS on (the TLS suite turns it on).
public enum PostgresTLSOnlyRole {
    /// The role's name.
    public static let user = "ormkit_tls_only"

    /// Creates the role and the server's rule, and returns the URL for the role (with the server's query string)
    /// once an encrypted session of the role can begin.
    ///
    /// - Throws: a skip when no server is configured, or what the server or the file system throws.
    public static func url() async throws -> URLComponents {
        try await PostgresTestRoles.install(user: user, password: nil) { url in
            guard var components = URLComponents(string: url) else { return false }
            components.query = "sslmode=require"
            return try await PostgresTestRoles.canConnect(components.string ?? url, encrypted: true)
        }
    }
}
#endif

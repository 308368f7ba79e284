#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// `sslmode` as libpq means it, against the test server with TLS turned on and a certificate for `localhost` that
/// a test CA signed (openssl, in the cluster's directory): `disable` never sends TLS, `allow` tries TLS only when the
/// server refuses a connection without it, `prefer` and `require` encrypt without verifying, `verify-ca` checks the
/// chain, `verify-full` also the host name.
@Suite("PostgreSQL: TLS modes") struct PostgresTLSTests {
    /// Runs `openssl` with `arguments` in `directory`.
    static func openssl(_ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
    }

    /// A CA, and a server certificate and key for `localhost` only, next to the server's data directory (owned by the
    /// server's user, as PostgreSQL requires of its key); the directory.
    static func certificates(dataDirectory: String) throws -> URL {
        let data = URL(fileURLWithPath: dataDirectory)
        let directory = data.deletingLastPathComponent().appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=ormkit test CA",
                     "-keyout", "ca.key", "-out", "ca.crt"], in: directory)
        try openssl(["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "server.key", "-out", "server.csr"],
                    in: directory)
        try "subjectAltName=DNS:localhost\n".write(to: directory.appendingPathComponent("san.ext"), atomically: true, encoding: .utf8)
        try openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
                     "-extfile", "san.ext", "-out", "server.crt"], in: directory)
        let owner = try FileManager.default.attributesOfItem(atPath: dataDirectory)
        var attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
        if getuid() == 0 {
            attributes[.ownerAccountID] = owner[.ownerAccountID]
            attributes[.groupOwnerAccountID] = owner[.groupOwnerAccountID]
        }
        for file in ["server.key", "server.crt", "ca.crt"] {
            try FileManager.default.setAttributes(attributes, ofItemAtPath: directory.appendingPathComponent(file).path)
        }
        return directory
    }

    /// Whether the session behind one call on `url` is encrypted, or the call's error.
    static func isEncrypted(_ url: String) async throws -> Result<Bool, DatabaseError> {
        var options = PostgresDatabase.Options()
        options.connectTimeout = .seconds(3)
        let db = try PostgresDatabase(url: url, options: options)
        let result: Result<Bool, DatabaseError>
        do {
            result = .success(try await Bool.fetchOne(db, sql: "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()") == true)
        } catch let error as DatabaseError {
            result = .failure(error)
        }
        await db.close()
        return result
    }

    @Test func everySSLModeMeansWhatLibpqMeans() async throws {
        let server = try PostgresTestServer.require()
        let admin = try PostgresDatabase(url: server.primary.url)
        let dataDirectory = try #require(try await String.fetchOne(admin, sql: "SHOW data_directory"))
        let directory = try Self.certificates(dataDirectory: dataDirectory)
        for (setting, file) in [("ssl_cert_file", "server.crt"), ("ssl_key_file", "server.key")] {
            try await admin.executeOutsideTransaction(
                sql: "ALTER SYSTEM SET \(setting) = '\(directory.appendingPathComponent(file).path)'")
        }
        try await admin.executeOutsideTransaction(sql: "ALTER SYSTEM SET ssl = on")
        _ = try await Bool.fetchOne(admin, sql: "SELECT pg_reload_conf()")

        var components = try #require(URLComponents(string: server.primary.url))
        func url(_ query: String, host: String = "127.0.0.1") -> String {
            components.host = host
            components.query = query
            return components.string ?? ""
        }
        let ca = directory.appendingPathComponent("ca.crt").path

        // The server encrypts once it has read its configuration again.
        var required = try await Self.isEncrypted(url("sslmode=require"))
        for _ in 0..<50 where (try? required.get()) != true {
            try await Task.sleep(for: .milliseconds(100))
            required = try await Self.isEncrypted(url("sslmode=require"))
        }
        #expect(try required.get() == true, "require encrypts without verifying the test CA")
        #expect(try await Self.isEncrypted(url("sslmode=prefer")).get() == true)
        #expect(try await Self.isEncrypted(url("sslmode=disable")).get() == false)
        #expect(try await Self.isEncrypted(url("sslmode=allow")).get() == false, "allow tries without TLS first")

        // `allow` tries TLS second, when the server refuses a connection without it (`hostnossl … reject`).
        var tlsOnly = try await PostgresTLSOnlyRole.url()
        tlsOnly.query = "sslmode=allow"
        #expect(try await Self.isEncrypted(try #require(tlsOnly.string)).get() == true, "allow retries with TLS")
        tlsOnly.query = "sslmode=disable"
        if case let .failure(error) = try await Self.isEncrypted(try #require(tlsOnly.string)) {
            #expect(error.connectionFailure == .authentication, "\(error)")
        } else {
            Issue.record("the server accepted a connection without TLS that its rules refuse")
        }
        #expect(try await Self.isEncrypted(url("sslmode=verify-ca&sslrootcert=\(ca)")).get() == true)
        #expect(try await Self.isEncrypted(url("sslmode=verify-full&sslrootcert=\(ca)", host: "localhost")).get() == true)

        // An unknown CA, and a host name the certificate does not name, are refused as TLS failures.
        if case let .failure(error) = try await Self.isEncrypted(url("sslmode=verify-ca")) {
            #expect(error.connectionFailure == .tls, "\(error)")
        } else {
            Issue.record("verify-ca trusted a certificate of an unknown CA")
        }
        if case let .failure(error) = try await Self.isEncrypted(url("sslmode=verify-full&sslrootcert=\(ca)")) {
            #expect(error.connectionFailure == .tls, "\(error)")
        } else {
            Issue.record("verify-full accepted a certificate for localhost at 127.0.0.1")
        }
        #expect(throws: DatabaseError.self) { try PostgresDatabase(url: url("sslmode=verify-ca&sslrootcert=/no/such/ca.pem")) }

        try await admin.executeOutsideTransaction(sql: "ALTER SYSTEM RESET ssl")
        _ = try await Bool.fetchOne(admin, sql: "SELECT pg_reload_conf()")
        await admin.close()
    }
}
#endif

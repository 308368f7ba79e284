import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `PostgresTestServer` (TestSupport): reading the cluster's variables, running its commands, and skipping or
/// failing without a server.
@Suite struct PostgresTestServerTests {
    static let environment = [
        "ORMKIT_POSTGRES_URL": "postgres://postgres@127.0.0.1:5433/ormkit",
        "ORMKIT_POSTGRES_REPLICA_URL": "postgresql://reader:secret@localhost/ormkit_replica",
        "ORMKIT_POSTGRES_REPLICA_STOP": "echo stopping; echo more >&2",
        "ORMKIT_POSTGRES_REPLICA_START": "echo starting; exit 3",
    ]

    @Test func readsTheClusterVariables() throws {
        let server = try PostgresTestServer(environment: Self.environment)
        #expect(server.primary.url == "postgres://postgres@127.0.0.1:5433/ormkit")
        #expect(server.primary.host == "127.0.0.1")
        #expect(server.primary.port == 5433)
        #expect(server.primary.username == "postgres")
        #expect(server.primary.password == nil)
        #expect(server.primary.database == "ormkit")
        let replica = try server.requireReplica()
        #expect(replica.endpoint.port == 5432)
        #expect(replica.endpoint.username == "reader")
        #expect(replica.endpoint.password == "secret")
        #expect(replica.endpoint.database == "ormkit_replica")
    }

    @Test func runsTheReplicaCommandsWithTheShell() throws {
        let replica = try PostgresTestServer(environment: Self.environment).requireReplica()
        try replica.stop()
        #expect(try PostgresTestServer.runShell(Self.environment["ORMKIT_POSTGRES_REPLICA_STOP"]!) == "stopping\nmore\n")
        let failure = #expect(throws: PostgresTestServer.CommandFailed.self) { try replica.start() }
        #expect(failure?.status == 3)
        #expect(failure?.output == "starting\n")
    }

    @Test func aMissingURLIsMissing() {
        let missing = #expect(throws: PostgresTestServer.Missing.self) { try PostgresTestServer(environment: [:]) }
        #expect(missing?.variable == "ORMKIT_POSTGRES_URL")
        #expect(missing?.description.contains("bash scripts/postgres-cluster.sh run -- swift test") == true)
    }

    @Test(arguments: ["http://postgres@127.0.0.1/ormkit", "postgres://127.0.0.1/ormkit", "postgres://postgres@127.0.0.1/", "not a url"])
    func aMalformedURLIsNamed(url: String) {
        let invalid = #expect(throws: PostgresTestServer.InvalidURL.self) {
            try PostgresTestServer(environment: ["ORMKIT_POSTGRES_URL": url])
        }
        #expect(invalid?.variable == "ORMKIT_POSTGRES_URL")
    }

    @Test func aReplicaWithoutCommandsNamesTheMissingOne() throws {
        var environment = Self.environment
        environment["ORMKIT_POSTGRES_REPLICA_START"] = nil
        let server = try PostgresTestServer(environment: environment)
        let missing = #expect(throws: PostgresTestServer.Missing.self) { try server.requireReplica() }
        #expect(missing?.variable == "ORMKIT_POSTGRES_REPLICA_START")
        let noReplica = try PostgresTestServer(environment: ["ORMKIT_POSTGRES_URL": Self.environment["ORMKIT_POSTGRES_URL"]!])
        #expect(noReplica.replica == nil)
    }
}

/// The servers `scripts/postgres-cluster.sh` started accept connections (skipped without them; CI requires them).
/// It does not stop the standby: suites run in parallel, and the replica-failover tests own that.
@Suite(.postgres) struct PostgresClusterReachabilityTests {
    @Test func primaryAndStandbyAcceptConnections() throws {
        let server = try PostgresTestServer.require()
        #expect(acceptsConnections(server.primary), "nothing listens at \(server.primary.url)")
        let replica = try server.requireReplica()
        #expect(acceptsConnections(replica.endpoint), "nothing listens at \(replica.endpoint.url)")
    }

    /// Whether a TCP connection to the endpoint's host and port opens.
    private func acceptsConnections(_ endpoint: PostgresTestServer.Endpoint) -> Bool {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(endpoint.host, String(endpoint.port), &hints, &results) == 0, let first = results else { return false }
        defer { freeaddrinfo(first) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            if descriptor >= 0 {
                defer { close(descriptor) }
                if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return true }
            }
            candidate = info.pointee.ai_next
        }
        return false
    }
}

#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// A server that cannot be reached fails the first call with its cause — a refused port, an unknown host, refused
/// credentials, something that is not PostgreSQL — within the connect timeout, not after the pool's minute of
/// retries as a tripped circuit breaker; and never with the password in the error.
@Suite("PostgreSQL: connection failures") struct PostgresConnectFailureTests {
    /// Runs one call on `url` with a connect timeout of `timeout` (2 s by default); returns its error. (How long it
    /// takes is not asserted: the pool's circuit breaker, the old behaviour, throws another error, which the cause
    /// would not match.)
    static func firstCall(_ url: String, timeout: Duration = .seconds(2)) async throws -> DatabaseError? {
        var options = PostgresDatabase.Options()
        options.connectTimeout = timeout
        let db = try PostgresDatabase(url: url, options: options)
        var failure: DatabaseError?
        do {
            _ = try await Int.fetchOne(db, sql: "SELECT 1")
        } catch let error as DatabaseError {
            failure = error
        }
        await db.close()
        return failure
    }

    @Test func aRefusedPortFailsWithItsCause() async throws {
        _ = try PostgresTestServer.require()
        let error = try await Self.firstCall("postgres://postgres@127.0.0.1:1/ormkit")
        #expect(error?.kind == .connectionLost)
        #expect(error?.connectionFailure == .refused, "\(String(describing: error))")
        #expect(error?.message == "cannot connect to the primary (127.0.0.1:1): connection refused")
    }

    @Test func anUnknownHostFailsWithItsCause() async throws {
        _ = try PostgresTestServer.require()
        let error = try await Self.firstCall("postgres://postgres@no-such-host.invalid:5432/ormkit")
        #expect(error?.connectionFailure == .unknownHost, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("cannot connect to the primary (no-such-host.invalid:5432): ") == true)
    }

    /// Something that answers in another protocol (here a MySQL server's greeting) is named as such.
    @Test func aServerThatIsNotPostgreSQLFailsWithItsCause() async throws {
        _ = try PostgresTestServer.require()
        let listener = try GarbageServer()
        defer { listener.stop() }
        let error = try await Self.firstCall("postgres://postgres@127.0.0.1:\(listener.port)/ormkit")
        #expect(error?.connectionFailure == .protocolMismatch, "\(String(describing: error))")
    }

    /// SCRAM-SHA-256: the right password connects; a wrong one fails at once with the server's message, and the
    /// password appears in neither the message nor the description.
    @Test func wrongCredentialsFailAtOnceWithTheServersMessage() async throws {
        let (right, wrong) = try await PostgresPasswordRole.urls()
        let user = PostgresPasswordRole.user
        // 10 s for both: a SCRAM handshake took over 2 s in full runs on a 2-core machine (the wrong password's
        // then timed out on 2026-12-04, so it failed as `.timedOut` before the server could refuse it).
        #expect(try await Self.firstCall(right, timeout: .seconds(10)) == nil)

        let error = try await Self.firstCall(wrong, timeout: .seconds(10))
        #expect(error?.connectionFailure == .authentication, "\(String(describing: error))")
        #expect(error?.sqlState == "28P01")
        #expect(error?.message.contains("password authentication failed for user \"\(user)\"") == true, "\(String(describing: error))")
        #expect(error.map { !"\($0)".contains("wrong-horse-battery") && !$0.message.contains("wrong-horse-battery") } == true)
    }
}

/// A loopback TCP server that answers every connection with a few bytes that are not PostgreSQL's protocol, and
/// keeps it open until the client closes it.
/// A listener that answers every connection with a MySQL server's greeting.
final class GarbageServer: Sendable {
    private let listener: LoopbackListener
    var port: Int { listener.port }

    init() throws {
        listener = try LoopbackListener()
        listener.serve { client in
            // A MySQL server's greeting: its first byte is no PostgreSQL message type.
            let reply: [UInt8] = [0x4A, 0x00, 0x00, 0x00, 0x0A] + Array("8.0.36".utf8) + [0]
            _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // Open until the client gives up on the reply, so it reads it rather than a closed connection.
            var buffer = [UInt8](repeating: 0, count: 512)
            while buffer.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
            close(client)
        }
    }

    func stop() { listener.stop() }
}
#endif

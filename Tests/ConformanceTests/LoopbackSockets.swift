#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import Glibc
import ORMKit
import Synchronization

/// A TCP socket listening on 127.0.0.1 on a free port (the tests' fake servers and proxies).
struct LoopbackListener: Sendable {
    let socket: Int32
    let port: Int

    init() throws {
        let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(listening, $0, length) }
        }
        guard bound == 0, listen(listening, 16) == 0 else {
            close(listening)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
        }
        socket = listening
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts connections on a thread of its own, passing each to `handle`, until `stop()`.
    func serve(_ handle: @escaping @Sendable (Int32) -> Void) {
        let socket = socket
        Thread {
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                handle(client)
            }
        }.start()
    }

    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

/// A TCP proxy on 127.0.0.1 in front of a server's port, which can cut every connection through it at once: the
/// client's side is reset (RST, as a router or a dying peer resets it), the server's side closed.
final class CuttingProxy: Sendable {
    /// One client connection and its connection to the server, each copied to the other by a thread.
    private final class Pair: Sendable {
        let client: Int32
        let server: Int32
        /// How many of the two copying threads have stopped; the second closes both sockets.
        let stoppedPumps = Atomic<Int>(0)

        init(client: Int32, server: Int32) {
            self.client = client
            self.server = server
        }
    }

    private let listener: LoopbackListener
    /// The open pairs.
    private let pairs = Locked<[Pair]>([])

    var port: Int { listener.port }

    /// The connections open through the proxy now.
    var openConnections: Int { pairs.withLock { $0.count } }

    init(to targetPort: Int) throws {
        listener = try LoopbackListener()
        listener.serve { [pairs] client in
            let server = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(targetPort).bigEndian)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(server)
                close(client)
                return
            }
            let pair = Pair(client: client, server: server)
            pairs.withLock { $0.append(pair) }
            let end: @Sendable () -> Void = {
                guard pair.stoppedPumps.add(1, ordering: .acquiringAndReleasing).newValue == 2 else { return }
                pairs.withLock { $0.removeAll { $0 === pair } }
                close(client)
                close(server)
            }
            Self.pump(from: client, to: server, then: end)
            Self.pump(from: server, to: client, then: end)
        }
    }

    /// Copies bytes from `source` to `destination` on a thread until `source` ends or `destination` fails, then
    /// stops reading `source` and wakes the other direction's thread.
    private static func pump(from source: Int32, to destination: Int32, then end: @escaping @Sendable () -> Void) {
        Thread {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { break }
                let sent = buffer.withUnsafeBytes { send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
                guard sent == count else { break }
            }
            shutdown(source, Int32(SHUT_RD))
            shutdown(destination, Int32(SHUT_RD))
            end()
        }.start()
    }

    /// Cuts every open connection: the client's socket is reset when closed (SO_LINGER 0), the server's shut down;
    /// new connections are accepted as before.
    func cutAll() {
        for pair in pairs.withLock({ $0 }) {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(pair.client, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            shutdown(pair.client, Int32(SHUT_RD))
            shutdown(pair.server, Int32(SHUT_RDWR))
        }
    }

    func stop() {
        listener.stop()
        cutAll()
    }
}
#endif

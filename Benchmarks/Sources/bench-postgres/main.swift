import BenchSupport
import Foundation

/// `swift run -c release --package-path Benchmarks bench-postgres [--quick] [--url postgres://…]`: the SQLite
/// benchmark's workloads on PostgreSQL — (A) postgres-nio by hand, (F) Fluent, (D) ORMKitPostgres — in one process;
/// progress on stderr, the Markdown report on stdout.
func main() async -> Int32 {
    let options: PostgresOptions
    do {
        options = try PostgresOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch let error as OptionsError {
        if let message = error.message { FileHandle.standardError.write(Data("error: \(message)\n".utf8)) }
        print(PostgresOptions.usage)
        return error.message == nil ? 0 : 2
    } catch {
        return 2
    }
    let log = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }

    let server: PostgresServer
    var cluster: OwnCluster?
    var signalSources: [any DispatchSourceSignal] = []
    do {
        if let url = options.url ?? ProcessInfo.processInfo.environment["ORMKIT_POSTGRES_URL"] {
            server = try PostgresServer(url: url)
            log("server: \(url)\(options.url == nil ? " (from ORMKIT_POSTGRES_URL)" : "")")
        } else {
            let own = try OwnCluster(script: OwnCluster.defaultScript(), log: log)
            cluster = own
            server = own.server
            signalSources = stopOnSignal(own)
        }
    } catch {
        log("error: \(error)")
        return 1
    }
    defer {
        signalSources.forEach { $0.cancel() }
        cluster?.stop()
    }

    let databases: PostgresDatabases
    do {
        databases = try await PostgresDatabases(server: server, sizes: options.sizes)
    } catch {
        log("error: \(error)")
        return 1
    }
    do {
        let description = try await databases.serverDescription()
        log(description)
        let runner = PostgresRunner(options: options, databases: databases)
        var results: [(Workload, [PostgresContenderID: WorkloadResult])] = []
        for workload in options.workloads {
            let started = Date()
            let byContender = try await runner.run(workload, log: log)
            results.append((workload, byContender))
            let medians = options.contenders.map { id in
                byContender[id]?.medianMilliseconds.map { String(format: "%@ %.2f ms", id.rawValue, $0) } ?? "\(id.rawValue) n/a"
            }
            log(String(format: "%@: %@ (%.1f s)", workload.rawValue, medians.joined(separator: ", "), Date().timeIntervalSince(started)))
        }
        await databases.close()
        print(PostgresReport(options: options, server: description, results: results).render(), terminator: "")
        return 0
    } catch {
        await databases.close()
        log("error: \(String(reflecting: error))")
        return 1
    }
}

/// Stops our own cluster when the process is interrupted (Ctrl-C, `kill`), then exits. Keep the returned sources
/// alive for as long as the cluster runs.
private func stopOnSignal(_ cluster: OwnCluster) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signalNumber in
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
            cluster.stop()
            exit(128 + signalNumber)
        }
        source.resume()
        return source
    }
}

/// The exit status `main()` returns, handed from its task to the main thread.
final class ExitStatus: @unchecked Sendable {  // written once by the task, read after `finished` is signalled
    var value: Int32 = 1
    let finished = DispatchSemaphore(value: 0)
}

// A synchronous top level that waits for `main()` on a semaphore, not `exit(await main())`: an async top level ends
// the main thread in `dispatch_main()` (`pthread_exit`), which valgrind 3.19 cannot follow (it crashes before the
// first instruction is counted), and `Benchmarks/profile.sh --postgres` runs this binary under callgrind.
let status = ExitStatus()
Task.detached {
    status.value = await main()
    status.finished.signal()
}
status.finished.wait()
exit(status.value)

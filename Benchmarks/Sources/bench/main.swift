import BenchSupport
import Foundation

/// `swift run -c release --package-path Benchmarks bench [--quick]`: every workload, every contender,
/// one process; progress on stderr, the Markdown report on stdout.
func main() -> Int32 {
    let options: Options
    do {
        options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch let error as OptionsError {
        if let message = error.message { FileHandle.standardError.write(Data("error: \(message)\n".utf8)) }
        print(Options.usage)
        return error.message == nil ? 0 : 2
    } catch {
        return 2
    }
    let log = { (line: String) in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    do {
        let databases = try Databases(sizes: options.sizes)
        let runner = Runner(options: options, databases: databases)
        var results: [(Workload, [ContenderID: WorkloadResult])] = []
        for workload in options.workloads {
            let started = Date()
            let byContender = try runner.run(workload, log: log)
            results.append((workload, byContender))
            let medians = options.contenders.map { id in
                byContender[id]?.medianMilliseconds.map { String(format: "%@ %.2f ms", id.rawValue, $0) } ?? "\(id.rawValue) n/a"
            }
            log(String(format: "%@: %@ (%.1f s)", workload.rawValue, medians.joined(separator: ", "), Date().timeIntervalSince(started)))
        }
        let concurrency = options.groups.isEmpty ? nil : try ConcurrencyRunner(options: options, databases: databases).run(log: log)
        if !options.workloads.isEmpty {
            let openCheck = try OpenCheck.measure(repetitions: options.quick ? 50 : 500)
            log(String(format: "open check: migrate %.1f µs, PRAGMA user_version %.1f µs", openCheck.migrate, openCheck.versionRead))
            print(Report(options: options, results: results, openCheck: openCheck).render(), terminator: "")
        }
        if let concurrency {
            if !options.workloads.isEmpty { print("") }
            print(concurrency.render(), terminator: "")
        }
        return 0
    } catch {
        log("error: \(error)")
        return 1
    }
}

exit(main())

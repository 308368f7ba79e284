import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the built `CrashWorker` (next to the test bundle): its standard output is read line by line as it
/// arrives, on a thread of its own, so a test can wait for a line, then SIGKILL the process at a moment of its
/// choosing. The worker exits by itself only after its standard input closes (`closeInput()`), so the process
/// killed is always still this run's child.
final class WorkerProcess: @unchecked Sendable {
    // `@unchecked`: `lines` and `ended` are only touched under `condition`; the rest is set in `init`.

    /// What a finished run left.
    struct Outcome {
        /// Every line the worker printed, in order.
        var lines: [String]
        /// Whether SIGKILL ended it.
        var wasKilled: Bool
        /// Its exit status, or the signal that ended it.
        var status: Int32
        /// What it wrote to standard error.
        var errors: String
    }

    /// Thrown when no built `CrashWorker` is found next to the test bundle.
    struct NotBuilt: Error, CustomStringConvertible {
        var description: String { "CrashWorker was not built next to the test bundle" }
    }

    /// The built `CrashWorker`, next to the test bundle.
    static let executable: URL? = CLI.builtProduct(named: "CrashWorker")

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorFile: URL
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false

    /// Starts `CrashWorker arguments`, its standard error going to a file in `directory`.
    ///
    /// - Throws: `NotBuilt`, or the error of creating the error file or of `Process.run()`.
    init(_ arguments: [String], in directory: URL) throws {
        guard let executable = Self.executable else { throw NotBuilt() }
        errorFile = directory.appendingPathComponent("worker-\(UUID().uuidString).stderr")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        Thread { [self] in readLines() }.start()
    }

    /// Waits up to `timeout` seconds for a line that satisfies `predicate` (among those already printed too).
    ///
    /// - Returns: The first such line, or nil when the output ended or the time ran out without one.
    func waitForLine(timeout: TimeInterval, where predicate: (String) -> Bool) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        var checked = 0
        while true {
            while checked < lines.count {
                if predicate(lines[checked]) { return lines[checked] }
                checked += 1
            }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }

    /// Sends SIGKILL to the worker, unless it already ended.
    func kill() {
        guard process.isRunning else { return }
        sendKill(process.processIdentifier)
    }

    /// Closes the worker's standard input: a worker whose mode has finished then exits.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits for the worker to end and for its output to be read to the end. Both waits are bounded: a pipe end
    /// that a process spawned at the same moment by another test inherited keeps the output open after the worker
    /// died, and a test must not wait for that process (it would hold one of Swift's few cooperative threads).
    func finish() -> Outcome {
        waitForExit()
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: Self.outputGrace)
        while !ended, condition.wait(until: deadline) {}
        let printed = lines
        condition.unlock()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errorFile)
        let hasEnded = !process.isRunning
        return Outcome(
            lines: printed,
            wasKilled: hasEnded && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
            status: hasEnded ? process.terminationStatus : -1, errors: hasEnded ? errors : errors + "\n(the worker did not end within a minute)")
    }

    /// Kills the worker if it still runs and waits for it to end: for `defer`, so a failing test leaves no process
    /// behind.
    func stop() {
        if process.isRunning { kill() }
        closeInput()
        waitForExit()
    }

    /// How long `finish()` waits for the end of the output once the worker has ended.
    static let outputGrace: TimeInterval = 10

    /// Waits until the worker has ended, polling so that the wait is bounded (`waitUntilExit` has no timeout);
    /// gives up after a minute, and the outcome then says the worker did not end.
    private func waitForExit() {
        let deadline = Date(timeIntervalSinceNow: 60)
        while process.isRunning, Date() < deadline { usleep(5_000) }
    }

    /// Reads standard output to its end, splitting it into lines (each written with one `write(2)`).
    private func readLines() {
        let descriptor = output.fileHandleForReading.fileDescriptor
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var pending = Data()
        while true {
            // read(2), not FileHandle.read(upToCount:): that one waits for a full buffer on Linux.
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                condition.lock()
                lines.append(line)
                condition.broadcast()
                condition.unlock()
            }
        }
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }
}

/// SIGKILL to `pid` (at file scope, where `kill` is the C function, not `WorkerProcess.kill()`).
private func sendKill(_ pid: Int32) {
    _ = kill(pid, SIGKILL)
}

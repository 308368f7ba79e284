import Foundation

/// The worker's side of the protocol with CrashTests: lines on standard output, each written with one
/// `write(2)` as soon as the step it reports has returned (no buffering to lose at the kill).
enum Report {
    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Blocks until standard input reaches its end (the test closed it, or it was never open).
    static func waitForEndOfInput() {
        while readLine() != nil {}
    }
}

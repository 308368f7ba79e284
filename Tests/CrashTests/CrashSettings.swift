import Foundation
import ORMKit
import Testing
import TestSupport

/// The three crash suites, run one after another so that their workers do not compete for the two cores
/// (which would only shift the kill moments).
@Suite(.serialized) enum CrashTests {}

/// How many kills and which kill moments: `ORMKIT_CRASH_KILLS` scales the counts up (`scripts/crash-test.sh`),
/// `ORMKIT_CRASH_SEED` replays the random delays of an earlier run (whose seed each suite prints).
enum CrashSettings {
    /// `ORMKIT_CRASH_KILLS`, when set to a positive number.
    static let requestedKills: Int? = ProcessInfo.processInfo.environment["ORMKIT_CRASH_KILLS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }

    /// `ORMKIT_CRASH_SEED`, or a new random seed.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["ORMKIT_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)

    /// The number of kills for a suite: `ciKills` by default, else `ORMKIT_CRASH_KILLS` divided by `share`
    /// (at least `ciKills`).
    static func kills(ci ciKills: Int, share: Int = 1) -> Int {
        guard let requestedKills else { return ciKills }
        return max(ciKills, requestedKills / share)
    }

    /// A generator for one suite: the seed mixed with `salt`, so suites draw different delays.
    static func generator(salt: UInt64) -> SplitMix64 {
        SplitMix64(seed: seed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    }

    /// Prints `crash <suite>: <text>`, the lines `scripts/crash-test.sh` keeps.
    static func report(_ suite: String, _ text: String) {
        print("crash \(suite): \(text)")
    }
}

/// Sleeps for `milliseconds` on the calling thread.
func sleep(milliseconds: Int) {
    Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

/// The journal mode a crash test runs the worker in and reopens the file in: ORMKit's default WAL, or SQLite's
/// rollback journal (`Database.Options.JournalMode.default`), where a kill leaves a hot journal to roll back.
enum Journal: String, Sendable, CustomTestStringConvertible {
    case wal
    case rollback

    /// The worker's option for this mode, before its mode argument.
    var workerOptions: [String] { self == .wal ? [] : ["--rollback-journal"] }

    /// How the test opens the file again.
    var options: Database.Options {
        var options = Database.Options()
        if self == .rollback { options.journalMode = .default }
        return options
    }

    /// `wal` or `rollback`, as test names and figures show it.
    var testDescription: String { rawValue }
}

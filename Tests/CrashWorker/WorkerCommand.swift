import Foundation
import ORMKit

/// The worker's modes, chosen by the first argument. Each opens the database at PATH with ORMKit's defaults
/// (WAL, foreign keys on), works, and reports every step only once the call that made it durable has returned;
/// the killable modes print `ready` once the database is open.
///
/// - `batches PATH SIZE [COUNT]`: migrates to `ExampleSchema`, then commits batches of SIZE orders, one
///   `write` transaction each, numbered on from the highest batch in the file; prints `begin <n>` before and
///   `committed <n>` after each. `BatchWriter`.
/// - `seed PATH ROWS`: creates `CrashItemsV1` with ROWS items (not meant to be killed). `ItemsMigration`.
/// - `migrate PATH`: migrates the file to `CrashItemsV2` (a table rebuild), then prints `migrated <outcome>`.
/// - `graphs PATH [COUNT]`: migrates to `ExampleSchema`, then saves author graphs (three books with two
///   readers each, and a profile) numbered on from the highest in the file; prints `saving <n>` before and
///   `saved <n>` after each. `GraphWriter`.
///
/// Before the mode, `--rollback-journal` opens the file in SQLite's rollback-journal mode (`DELETE`) instead of
/// ORMKit's default WAL. Without COUNT the loops run until killed. When a mode has finished, the worker waits
/// for its standard input to close before exiting, so that the process a test kills is always still its child.
struct WorkerCommand {
    /// Thrown for arguments that name no mode or lack a value.
    struct UsageError: Error, CustomStringConvertible {
        /// What was wrong.
        var description: String
    }

    /// The arguments after the options.
    let arguments: [String]
    /// How every mode opens the database.
    let options: Database.Options

    /// Reads the options at the front of `arguments`.
    init(arguments: [String]) {
        var rest = arguments[...]
        var options = Database.Options()
        while rest.first == "--rollback-journal" {
            options.journalMode = .default
            rest.removeFirst()
        }
        self.arguments = Array(rest)
        self.options = options
    }

    /// Runs the mode the arguments name.
    ///
    /// - Throws: `UsageError`, or the `DatabaseError` / `MigrationError` of the work.
    func run() throws {
        guard arguments.count >= 2 else {
            throw UsageError(description: "usage: CrashWorker [--rollback-journal] batches|seed|migrate|graphs PATH [N]")
        }
        let path = arguments[1]
        switch arguments[0] {
        case "batches":
            try BatchWriter(path: path, options: options, size: try number(at: 2), count: try optionalNumber(at: 3)).run()
        case "seed":
            try ItemsMigration(path: path, options: options).seed(rows: try number(at: 2))
        case "migrate":
            try ItemsMigration(path: path, options: options).migrate()
        case "graphs":
            try GraphWriter(path: path, options: options, count: try optionalNumber(at: 2)).run()
        default:
            throw UsageError(description: "unknown mode \(arguments[0])")
        }
        Report.waitForEndOfInput()
    }

    /// The positive integer argument at `index`.
    private func number(at index: Int) throws -> Int {
        guard let value = try optionalNumber(at: index) else { throw UsageError(description: "\(arguments[0]) needs a number") }
        return value
    }

    /// The positive integer argument at `index`, or nil when there is none.
    private func optionalNumber(at index: Int) throws -> Int? {
        guard index < arguments.count else { return nil }
        guard let value = Int(arguments[index]), value > 0 else { throw UsageError(description: "not a positive number: \(arguments[index])") }
        return value
    }
}

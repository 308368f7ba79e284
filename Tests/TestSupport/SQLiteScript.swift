import Foundation
import ORMKitSQLite

/// Builds database files from the SQL scripts in `Tests/Fixtures/ExistingDatabases/` (or any script), with
/// the system SQLite library.
public enum SQLiteScript {
    /// Thrown when SQLite rejects the script or cannot create the file.
    public struct Failure: Error, CustomStringConvertible {
        /// SQLite's message and the paths involved.
        public var description: String
    }

    /// The script `name` (`music.sql`) of `Tests/Fixtures/ExistingDatabases/`.
    public static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ExistingDatabases/\(name)")
    }

    /// Creates the database file `path` (a new path) and runs every statement of the script at `script` in it
    /// with `sqlite3_exec`.
    ///
    /// - Throws: The error of reading the script, or `Failure` with SQLite's message.
    public static func makeDatabase(from script: URL, at path: String) throws {
        let sql = try String(contentsOf: script, encoding: .utf8)
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            let handle
        else {
            throw Failure(description: "cannot create '\(path)': \(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")")
        }
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let reason = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw Failure(description: "\(script.lastPathComponent) failed in '\(path)': \(reason)")
        }
    }
}

import Foundation
import ORMKitSQLite

/// A connection to an existing database file opened with `SQLITE_OPEN_READONLY`, so nothing the pull does
/// can change the file (https://www.sqlite.org/c3ref/open.html). Used on one thread, then released.
final class ReadOnlyDatabase: SQLiteCatalogReader {
    /// The path as given on the command line, for messages.
    let path: String
    private let handle: OpaquePointer

    /// Opens `path` read-only.
    ///
    /// - Throws: `PullFailure` naming the path when SQLite cannot open it.
    init(path: String) throws {
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil)
        guard status == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(handle)
            throw PullFailure("cannot open '\(path)': \(reason)")
        }
        self.path = path
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Every row of `sql`, its `?` parameters bound to `arguments` as text, each row's values in column order.
    ///
    /// - Throws: `PullFailure` naming the path with SQLite's message (`file is not a database`, …).
    func rows(_ sql: String, _ arguments: String...) throws -> [[SQLiteValue]] {
        try catalogRows(sql, arguments)
    }

    /// See `rows(_:_:)`.
    func catalogRows(_ sql: String, _ arguments: [String]) throws -> [[SQLiteValue]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure()
        }
        defer { sqlite3_finalize(statement) }
        for (offset, argument) in arguments.enumerated() {
            guard sqlite3_bind_text(statement, Int32(offset + 1), argument, -1, ormkit_sqlite_transient()) == SQLITE_OK else {
                throw failure()
            }
        }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure() }
            rows.append((0..<sqlite3_column_count(statement)).map { SQLiteValue(statement, column: $0) })
        }
    }

    private func failure() -> PullFailure {
        let message = String(cString: sqlite3_errmsg(handle))
        guard sqlite3_errcode(handle) == SQLITE_CANTOPEN, let missing = missingSharedMemoryFile() else {
            return PullFailure("cannot read '\(path)': \(message)")
        }
        return PullFailure(
            "cannot read '\(path)': \(message): the database is in WAL mode ('\(path)-wal' exists) and reading it needs "
                + "'\(missing)', which SQLite could not create (a read-only directory?); pull it where SQLite can create "
                + "that file, or checkpoint the database first (close it in the program that writes it, or run "
                + "PRAGMA wal_checkpoint(TRUNCATE))")
    }

    /// The `-shm` file SQLite needs to read a WAL database, when the `-wal` file exists and it does not (SQLite
    /// creates it; it cannot in a directory it may not write: https://www.sqlite.org/wal.html#readonly).
    private func missingSharedMemoryFile() -> String? {
        let files = FileManager.default
        guard files.fileExists(atPath: path + "-wal"), !files.fileExists(atPath: path + "-shm") else { return nil }
        return path + "-shm"
    }
}

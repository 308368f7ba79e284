import Foundation
import ORMKitSQLite

/// A value read from SQLite, by storage class (what `typeof()` reports).
enum SQLiteValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// TEXT whose bytes are not UTF-8 (another program wrote them), kept as they are.
    case invalidText([UInt8])
    case blob([UInt8])

    /// The text of a TEXT value, nil for every other storage class.
    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// The text of TEXT that is not UTF-8, its invalid bytes as U+FFFD, then its bytes in hexadecimal:
    /// `caf\u{FFFD} (bytes 63 61 66 e9)`; nil for every other value.
    var invalidText: (lossy: String, bytes: String)? {
        guard case .invalidText(let bytes) = self else { return nil }
        let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
        return (String(decoding: bytes, as: UTF8.self), "bytes " + hex)
    }

    /// The integer of an INTEGER value, nil for every other storage class.
    var integer: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }
}

/// A connection to an existing database file opened with `SQLITE_OPEN_READONLY`, so nothing the pull does
/// can change the file (https://www.sqlite.org/c3ref/open.html). Used on one thread, then released.
final class ReadOnlyDatabase {
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
            rows.append((0..<sqlite3_column_count(statement)).map { value(of: statement, at: $0) })
        }
    }

    /// The value of column `index` of the current row.
    private func value(of statement: OpaquePointer, at index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            // sqlite3_column_text before sqlite3_column_bytes, as https://www.sqlite.org/c3ref/column_blob.html advises.
            guard let pointer = sqlite3_column_text(statement, index) else { return .text("") }
            let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(statement, index)))
            return String(validating: bytes, as: UTF8.self).map { .text($0) } ?? .invalidText(Array(bytes))
        case SQLITE_BLOB:
            guard let pointer = sqlite3_column_blob(statement, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default:
            return .null
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

import Foundation
import ORMKitSQLite

/// An SQLite database: one serialized connection, safe to share between tasks and threads.
///
/// ```swift
/// let db = try Database(path: "/path/to/app.sqlite")   // created if missing, WAL, foreign keys on
/// try db.write { conn in try author.insert(conn) }       // a transaction
/// let authors = try Author.fetchAll(db)                  // autocommit read
/// ```
///
/// Every operation takes the database's lock, so calls from many tasks are serialized. `read` and `write`
/// also come in `async` variants that run on the database's own queue and never block the caller's
/// thread. Open several `Database` values to use several databases at once: nothing is global.
///
/// (All reads and writes use one connection today; `read` already runs in a read-only transaction so a
/// later pool of WAL readers can take it over without changing callers.)
public final class Database: @unchecked Sendable {
    // `@unchecked`: every mutable state (`connection` and what it owns) is only touched under `lock`.

    /// The path given at open (`:memory:` for in-memory databases).
    public let path: String
    /// The options the database was opened with.
    public let options: Options

    private let lock = NSRecursiveLock()
    /// The connection; nil after `close()`.
    private var connection: Connection?
    /// Where async `read`/`write` calls run, off the caller's thread.
    let queue: DispatchQueue

    /// Opens (creating if missing) the database file at `path`.
    ///
    /// - Parameters:
    ///   - path: A file path. Its directory must exist.
    ///   - options: Journal mode, foreign keys, busy timeout, read-only.
    /// - Throws: `DatabaseError` (`SQLITE_CANTOPEN`) naming the path when its directory does not exist or
    ///   the file cannot be opened; `DatabaseError` when a pragma fails.
    public convenience init(path: String, options: Options = Options()) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DatabaseError(
                kind: .sqlite, resultCode: SQLITE_CANTOPEN,
                message: "cannot open database at \(path): directory \(directory) does not exist (create it first)"
            )
        }
        try self.init(openingPath: path, isFile: true, options: options)
    }

    /// Opens a new, empty, private in-memory database; it disappears when closed or released.
    ///
    /// - Throws: `DatabaseError` when SQLite cannot allocate the database.
    public static func inMemory(options: Options = Options()) throws -> Database {
        try Database(openingPath: ":memory:", isFile: false, options: options)
    }

    private init(openingPath path: String, isFile: Bool, options: Options) throws {
        self.path = path
        self.options = options
        self.queue = DispatchQueue(label: "ORMKit.Database")
        var handle: OpaquePointer?
        let flags = (options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError.sqlite(handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw DatabaseError(
                kind: .sqlite, resultCode: error.resultCode, extendedResultCode: error.extendedResultCode,
                message: "cannot open database at \(path): \(error.message)"
            )
        }
        sqlite3_extended_result_codes(handle, 1)
        if sqlite3_libversion_number() >= 3_029_000 {
            // A double-quoted name that matches no column is an error, not a string literal.
            ormkit_sqlite_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0, nil)
        }
        let connection = Connection(handle: handle, databaseLock: lock)
        self.connection = connection
        do {
            try withConnection { conn in
                sqlite3_busy_timeout(conn.handle, options.busyTimeoutMilliseconds)
                try conn.run(sql: "PRAGMA foreign_keys = \(options.foreignKeys ? "ON" : "OFF")", arguments: [])
                if isFile, !options.readOnly, options.journalMode == .wal {
                    try conn.run(sql: "PRAGMA journal_mode = WAL", arguments: [])
                }
            }
        } catch {
            try? connection.close()
            throw error
        }
    }

    deinit {
        try? connection?.close()
    }

    /// Whether `close()` was called.
    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return connection == nil
    }

    /// Closes the database: waits for the operation in progress (if any) to finish, finalizes every cached
    /// statement and closes the connection. Later calls throw `DatabaseError` (`.closed`); async calls already
    /// queued run after the close and throw the same. Closing twice does nothing.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when called from inside a `read`/`write` closure of this database.
    public func close() throws {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { return }
        if connection.isAccessible {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_MISUSE,
                message: "close() was called inside a read/write closure of the same database"
            )
        }
        self.connection = nil
        try connection.close()
    }

    /// Runs `body` with the connection, holding the lock. Re-entrant calls (from inside another closure on the
    /// same thread) reuse the connection that is already in use.
    ///
    /// - Throws: `DatabaseError` (`.closed`) after `close()`, or what `body` throws.
    public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { throw DatabaseError.closedDatabase }
        if connection.isAccessible { return try body(connection) }
        connection.isAccessible = true
        defer { connection.isAccessible = false }
        return try body(connection)
    }

    /// Sends each executed statement's SQL, with its bound values written in, to `body`; pass nil to stop.
    ///
    /// ```swift
    /// db.trace { event in print(event.expandedSQL) }
    /// ```
    ///
    /// `body` runs synchronously on the thread executing the statement, while the database lock is held:
    /// it must not use the database. The expanded SQL contains user data.
    public func trace(_ body: (@Sendable (TraceEvent) -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        connection?.setTrace(body)
    }
}

extension Database: DatabaseContext {}

extension Database {
    /// How a database is opened.
    public struct Options: Sendable, Hashable {
        /// The journal modes ORMKit sets at open.
        public enum JournalMode: Sendable, Hashable {
            /// Keep SQLite's default (rollback journal, `DELETE`).
            case `default`
            /// Write-ahead logging: readers do not block the writer (file databases only).
            case wal
        }

        /// The journal mode for file databases; `.wal` by default. Ignored for in-memory and read-only ones.
        public var journalMode: JournalMode
        /// Whether `PRAGMA foreign_keys = ON` is set (on by default).
        public var foreignKeys: Bool
        /// How long to wait for another process's lock before failing with `SQLITE_BUSY`, in seconds.
        public var busyTimeout: Double
        /// Open read-only: the file must exist, and every write fails with `SQLITE_READONLY`.
        public var readOnly: Bool

        /// `busyTimeout` in whole milliseconds for `sqlite3_busy_timeout`: negative or NaN is 0, huge is clamped.
        var busyTimeoutMilliseconds: Int32 {
            let milliseconds = (busyTimeout * 1000).rounded()
            guard milliseconds.isFinite || milliseconds > 0 else { return 0 }
            return milliseconds >= Double(Int32.max) ? Int32.max : Int32(max(0, milliseconds))
        }

        /// Creates options; the defaults are WAL, foreign keys on, a 5-second busy timeout, read-write.
        public init(journalMode: JournalMode = .wal, foreignKeys: Bool = true, busyTimeout: Double = 5, readOnly: Bool = false) {
            self.journalMode = journalMode
            self.foreignKeys = foreignKeys
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
        }
    }
}

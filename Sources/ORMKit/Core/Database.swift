import Foundation
import ORMKitSQLite

/// An SQLite database, safe to share between tasks and threads: one writer connection and, for a WAL file,
/// a pool of reader connections.
///
/// ```swift
/// let db = try Database(path: "/path/to/app.sqlite")   // created if missing, WAL, foreign keys on
/// try await author.insert(db)                            // async: a transaction of its own on the writer
/// let authors = try await Author.fetchAll(db)            // async: a read on a reader connection
/// let count = try db.read { conn in try Author.count(conn) }  // synchronous: the verbs take the connection
/// ```
///
/// Writes (`write`, the async record writes, `migrate`) are serialized on the writer. Reads (`read`, the async
/// fetches, counts, aggregates) on a WAL file run on one of up to `Options.maximumReaderCount` read-only
/// connections, concurrently with each other and with the writer; each `read` closure sees one snapshot of
/// committed data. In-memory databases, files in another journal mode and `maximumReaderCount: 0` use the
/// writer for everything. Inside a `write` closure, reads use the writer and see its uncommitted changes; inside
/// a `read` closure, writes are refused. `read` and `write` also come in `async` variants that never block the
/// caller's thread. Open several `Database` values to use several databases at once: nothing is global.
public final class Database: @unchecked Sendable {
    // `@unchecked`: every mutable state (`connection` and what it owns) is only touched under `lock`; the
    // readers are `ReaderPool`'s.

    /// The path given at open (`:memory:` for in-memory databases).
    public let path: String
    /// The options the database was opened with.
    public let options: Options

    private let lock = NSRecursiveLock()
    /// The connection; nil after `close()`.
    private var connection: Connection?
    /// The trace closure (`trace(_:)`), installed on each connection when it is next taken.
    private let traceSetting = TraceSetting()
    /// Where async `write` calls (and `read` calls without readers) run, off the caller's thread.
    let queue: DispatchQueue
    /// The reader connections; nil when reads use the writer.
    let readers: ReaderPool?
    /// Where async `read` calls run when there are readers (concurrently).
    let readQueue: DispatchQueue
    /// Transaction hooks and observers.
    let observationCenter = ObservationCenter()
    /// The writer's WAL checkpoints (WAL files only); set once at open, before the database is shared.
    private var checkpointPolicy: CheckpointPolicy?
    /// The options new reader connections open with: `options`, but for the key after `rekey(to:)`.
    let connectionOptions: Locked<Options>

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
        self.readQueue = DispatchQueue(label: "ORMKit.Database.read", attributes: .concurrent)
        let connectionOptions = Locked(options)
        self.connectionOptions = connectionOptions
        let handle = try Self.openHandle(path: path, readOnly: options.readOnly, options: options)
        if isFile, options.maximumReaderCount > 0, options.readOnly || options.journalMode == .wal {
            readers = ReaderPool(
                capacity: options.maximumReaderCount, trace: traceSetting, instrument: options.instrument, path: path
            ) {
                try Self.openHandle(path: path, readOnly: true, options: connectionOptions.withLock { $0 })
            }
        } else {
            readers = nil
        }
        let connection = Connection(
            handle: handle, databaseLock: lock, changeTracker: ChangeTracker(), instrument: options.instrument, path: path
        )
        self.connection = connection
        connection.database = self
        do {
            try withConnection { conn in
                if isFile, !options.readOnly, options.journalMode == .wal {
                    try conn.run(sql: "PRAGMA journal_mode = WAL", arguments: [])
                    let policy = CheckpointPolicy(installingOn: conn.handle, busyTimeout: options.busyTimeoutMilliseconds)
                    if readers != nil { policy.enableReaderDrain { [weak self] in self?.drainReadersAndRestartWAL() } }
                    checkpointPolicy = policy
                } else if isFile {
                    // Reads the header, so a file that is not a database fails here, at open, with its path.
                    try conn.run(sql: "PRAGMA schema_version", arguments: [])
                }
            }
        } catch let error as DatabaseError {
            try? connection.close()
            throw OpenFailure.explain(error, path: path, isFile: isFile, isEncrypted: options.isEncrypted)
        } catch {
            try? connection.close()
            throw error
        }
    }

    /// Opens one connection to `path` with the settings every connection shares: the encryption key (SQLCipher),
    /// extended result codes, no double-quoted string literals, the busy timeout, `PRAGMA foreign_keys`.
    ///
    /// - Throws: `DatabaseError` naming the path when SQLite cannot open it.
    private static func openHandle(path: String, readOnly: Bool, options: Options) throws -> OpaquePointer {
        #if SQLCipher
        _ = try options.encryptionKey?.keyMaterial()   // a malformed key creates no file
        #endif
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, options.vfsName)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError.sqlite(handle, code: code, sql: nil)
            sqlite3_close_v2(handle)
            throw DatabaseError(
                kind: .sqlite, resultCode: error.resultCode, extendedResultCode: error.extendedResultCode,
                message: "cannot open database at \(path): \(error.message)"
            )
        }
        sqlite3_extended_result_codes(handle, 1)
        #if SQLCipher
        // Before anything reads a page: SQLCipher decrypts every page with this key.
        if let key = options.encryptionKey {
            do {
                try key.apply(to: handle)
                // Sorts and temporary tables in memory: SQLCipher's temporary files could hold plaintext pages.
                try Self.exec("PRAGMA temp_store = MEMORY", on: handle)
            } catch {
                sqlite3_close_v2(handle)
                throw error
            }
        }
        #endif
        if sqlite3_libversion_number() >= 3_029_000 {
            // A double-quoted name that matches no column is an error, not a string literal.
            ormkit_sqlite_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0, nil)
        }
        BusyHandler.install(on: handle, milliseconds: options.busyTimeoutMilliseconds)
        CheckedInteger.define(on: handle)
        do {
            try exec("PRAGMA foreign_keys = \(options.foreignKeys ? "ON" : "OFF")", on: handle)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
        return handle
    }

    /// Runs `sql` on a connection being opened (before it is a `Connection`).
    ///
    /// - Throws: `DatabaseError` naming `sql` when it fails.
    private static func exec(_ sql: String, on handle: OpaquePointer) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError.sqlite(handle, code: code, sql: sql) }
    }

    deinit {
        observationCenter.close()
        try? readers?.close()
        try? connection?.close()
    }

    /// Whether reads run on reader connections (a WAL file with `maximumReaderCount` above 0, or a read-only file).
    public var hasReaderPool: Bool { readers != nil }

    /// Whether `close()` was called.
    public var isClosed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return connection == nil
    }

    /// Closes the database: ends its observations, waits for the operation in progress (if any) to finish,
    /// finalizes every cached statement and closes the connection. Later calls throw `DatabaseError` (`.closed`); async calls already
    /// queued run after the close and throw the same. Closing twice does nothing.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when called from inside a `read`/`write`/`transaction` closure of
    ///   this database.
    public func close() throws {
        if HeldConnections.entry(for: ObjectIdentifier(self)) != nil || HeldTransaction.current(for: self) != nil {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_MISUSE,
                message: "close() was called inside a read/write/transaction closure of the same database"
            )
        }
        observationCenter.close()
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { return }
        self.connection = nil
        var failure: (any Error)?
        do { try readers?.close() } catch { failure = error }
        try connection.close()
        if let failure { throw failure }
    }

    /// Runs `body` with the writer connection, holding the lock. Re-entrant calls (from inside another closure on
    /// the same thread) reuse the connection that is already in use.
    ///
    /// - Throws: `DatabaseError` (`.closed`) after `close()`, (`.misuse`) inside a `read` closure of this database
    ///   (which must not write), or what `body` throws.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        let waitStart = options.instrument == nil ? nil : ContinuousClock.now
        lock.lock()
        defer { lock.unlock() }
        guard let connection else { throw DatabaseError.closedDatabase }
        if connection.isAccessible { return try body(connection) }
        traceSetting.apply(to: connection)
        if readers != nil, HeldConnections.entry(for: ObjectIdentifier(self))?.isReader == true {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_MISUSE,
                message: "a write was started inside a read closure of the same database; use write { } for the whole unit")
        }
        if let waitStart, let instrument = connection.instrument {
            instrument.connectionLeased(InstrumentedLease(system: "sqlite", pool: "writer", waited: ContinuousClock.now - waitStart))
        }
        defer { connection.instrument?.connectionReturned(InstrumentedLease(system: "sqlite", pool: "writer", waited: .zero)) }
        connection.isAccessible = true
        defer { connection.isAccessible = false }
        do {
            return try HeldConnections.holding(connection, isReader: false, for: ObjectIdentifier(self)) {
                defer { deliverFinishedTransactions(of: connection) }
                return try body(connection)
            }
        } catch let error as DatabaseError where error.resultCode == SQLITE_BUSY {
            throw error.explainingBusy(timeoutMilliseconds: options.busyTimeoutMilliseconds)
        }
    }

    /// Pauses the readers off the commit path (the checkpoint policy asks, from a commit, when the WAL has grown
    /// while reads never stopped): once no reader is in use (or after 100 ms), restarts the WAL on the writer, then
    /// hands out readers again. The wait for readers falls on reads instead of on a commit.
    private func drainReadersAndRestartWAL() {
        DispatchQueue.global(qos: .utility).async { [weak self] in
            guard let self, let readers = self.readers else { return }
            readers.whilePaused(timeout: 0.1) { idle in
                try? self.withConnection { conn in self.checkpointPolicy?.restartAfterDrain(handle: conn.handle, drained: idle) }
            }
        }
    }

    /// Runs `body` with a connection for reading: the one this thread already uses for this database (inside a
    /// `read` or `write` closure), else a reader from the pool (autocommit: each statement sees the latest
    /// committed data), else the writer.
    ///
    /// - Throws: `DatabaseError` (`.closed`) after `close()`, or what `body` throws.
    func withReadConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        guard let readers else { return try withConnection(body) }
        if let held = HeldConnections.entry(for: ObjectIdentifier(self)) {
            if held.isReader { return try body(held.connection.takeUnretainedValue()) }
            return try withConnection(body)
        }
        return try withReader(readers, body)
    }

    /// Runs `body` on a reader of `pool`, recorded as held by this thread.
    ///
    /// - Throws: `DatabaseError` (`.closed`), or what `body` throws.
    func withReader<T>(_ pool: ReaderPool, _ body: (Connection) throws -> T) throws -> T {
        let reader = try pool.acquire()
        defer { pool.release(reader) }
        let connection = reader.connection
        connection.isAccessible = true
        defer { connection.isAccessible = false }
        do {
            return try HeldConnections.holding(connection, isReader: true, for: ObjectIdentifier(self)) {
                try body(connection)
            }
        } catch let error as DatabaseError where error.resultCode == SQLITE_BUSY {
            throw error.explainingBusy(timeoutMilliseconds: options.busyTimeoutMilliseconds)
        }
    }

    /// Sends each executed statement's SQL, with its bound values written in, to `body`; pass nil to stop.
    ///
    /// ```swift
    /// db.trace { event in print(event.expandedSQL) }
    /// ```
    ///
    /// `body` runs synchronously on the thread executing the statement (the writer's or a reader's), while that
    /// connection is in use: it must not use the database. The expanded SQL contains user data.
    ///
    /// The call returns at once, without waiting for running reads and writes: each connection installs the new
    /// setting the next time a `read`, `write` or single call takes it, so a long read already running keeps
    /// tracing (or not) as it started.
    public func trace(_ body: (@Sendable (TraceEvent) -> Void)?) {
        traceSetting.set(body)
    }
}

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
        /// The most reader connections of a WAL (or read-only) file database, opened as reads need them; 4 by
        /// default. 0 runs reads on the writer.
        public var maximumReaderCount: Int
        /// While something observes the database, how often (in seconds) to check `PRAGMA data_version` for
        /// commits made by other connections (another `Database` value, another process); 1 by default, nil to
        /// check only when `checkForExternalChanges()` is called. Commits through this `Database` are seen at
        /// once, without polling.
        public var externalChangePollInterval: Double?
        /// Where an observation fetches after a commit made through this database: `.writerWhenAwaited` (the
        /// default) or `.readers`.
        public var observationFetch: ObservationFetch = .writerWhenAwaited
        /// The name of a registered SQLite VFS (`sqlite3_vfs_register`) the writer and the readers open the
        /// file through; nil (the default) uses SQLite's default VFS.
        public var vfsName: String?
        #if SQLCipher
        /// The key of an encrypted file (SQLCipher, with the `SQLCipher` trait); nil (the default) opens a plaintext
        /// file. A new file is created encrypted with it; an existing file must have been encrypted with it, else
        /// opening throws "wrong key or not an encrypted database". Every connection (the writer, each reader) is
        /// keyed. Change it with `Database.rekey(to:)`; encrypt a plaintext file with `Database.export(to:encryptionKey:)`.
        public var encryptionKey: EncryptionKey?
        #endif

        /// Reports each statement, transaction and connection lease, for logs, traces and metrics (ORMKitTelemetry's
        /// `Telemetry`, with the `Telemetry` trait); nil (the default) reports nothing and costs nothing.
        public var instrument: (any DatabaseInstrument)? {
            get { instrumentSlot.instrument }
            set { instrumentSlot = InstrumentSlot(newValue) }
        }
        /// `instrument`, compared by identity (options are `Hashable`).
        private var instrumentSlot = InstrumentSlot(nil)

        /// Whether the file is opened with an encryption key.
        var isEncrypted: Bool {
            #if SQLCipher
            encryptionKey != nil
            #else
            false
            #endif
        }

        /// `busyTimeout` in whole milliseconds for `sqlite3_busy_timeout`: negative or NaN is 0, huge is clamped.
        var busyTimeoutMilliseconds: Int32 {
            let milliseconds = (busyTimeout * 1000).rounded()
            guard milliseconds.isFinite || milliseconds > 0 else { return 0 }
            return milliseconds >= Double(Int32.max) ? Int32.max : Int32(max(0, milliseconds))
        }

        /// Creates options; the defaults are WAL, foreign keys on, a 5-second busy timeout, read-write, up to 4
        /// readers, a check for other connections' commits every second while observed, and the default VFS.
        public init(
            journalMode: JournalMode = .wal, foreignKeys: Bool = true, busyTimeout: Double = 5, readOnly: Bool = false,
            maximumReaderCount: Int = 4, externalChangePollInterval: Double? = 1, vfsName: String? = nil
        ) {
            self.journalMode = journalMode
            self.foreignKeys = foreignKeys
            self.busyTimeout = busyTimeout
            self.readOnly = readOnly
            self.maximumReaderCount = max(0, maximumReaderCount)
            self.externalChangePollInterval = externalChangePollInterval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            self.vfsName = vfsName
        }
    }
}

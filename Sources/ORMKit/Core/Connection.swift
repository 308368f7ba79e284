import Foundation
import ORMKitSQLite

/// The handle to the SQLite connection that `Database.read` and `Database.write` pass to their closure: what the
/// synchronous verbs (records, queries, relations, raw SQL) take, as GRDB's records take its `Database`.
///
/// A `Connection` is not `Sendable` and is valid only inside the closure it was passed to: every call made
/// after the closure returned (or after `Database.close()`) throws `DatabaseError` instead of touching
/// SQLite. The verbs called on it run inside the closure's transaction.
///
/// The state read on every operation is `@exclusivity(unchecked)`: it is only touched by the thread holding
/// the database lock, by short reads and writes that never overlap, so Swift's run-time exclusivity checks
/// (which showed up in profiles of record operations) have nothing to catch.
public final class Connection {
    /// The `sqlite3*` handle; invalid once `isClosed`.
    let handle: OpaquePointer
    /// Prepared statements by SQL text.
    @exclusivity(unchecked) private var statementCache: [SQLKey: Statement] = [:]
    /// The SQL of each query shape this connection rendered (`QueryRequest.fetchAll`): a repeated query is not
    /// written again. Cleared whole when it reaches `statementCacheCapacity` shapes.
    @exclusivity(unchecked) private var renderedSQLByShape: [SQLShape: SQLKey] = [:]
    /// Prepared record statements by `RecordStatementSQL.slot` (nil: not prepared on this connection).
    @exclusivity(unchecked) private var slottedStatements: [Statement?] = []
    /// How many entries of `slottedStatements` hold a statement.
    @exclusivity(unchecked) private var slottedStatementCount = 0
    /// Whether a closure holding this connection is running (set by `Database` under its lock; false once closed).
    @exclusivity(unchecked) @usableFromInline var isAccessible = false
    /// Whether `close()` ran.
    @exclusivity(unchecked) private(set) var isClosed = false
    /// Nesting depth of `savepoint` calls, used to name savepoints.
    private var savepointDepth = 0
    /// Keeps the trace closure alive while SQLite holds a pointer to it.
    private var traceBox: TraceBox?
    /// The `TraceSetting` generation installed (0: none yet).
    @exclusivity(unchecked) var traceGeneration = 0
    /// The owning database's lock: taken by cursors released outside their closure.
    private let databaseLock: NSRecursiveLock
    /// Receives the authorizer's reports while a statement is prepared.
    private let accessRecorder = AccessRecorder()
    /// The writer's record of changes for transaction hooks and observers (nil on readers).
    let changeTracker: ChangeTracker?
    /// Set during an observed fetch: collects what the statements run read.
    @exclusivity(unchecked) var regionRecorder: RegionRecorder?
    /// Set during an async `read`/`write`: stops the next statement once the task is cancelled.
    @exclusivity(unchecked) var cancellation: Cancellation?
    /// The database whose writer this is (nil on readers): what a migration hook gets.
    weak var database: Database?
    /// Reports statements and transactions (`Database.Options.instrument`); nil: nothing is reported.
    let instrument: (any DatabaseInstrument)?
    /// The database file's path, as instruments report it.
    let path: String
    /// The transaction the instrument follows (`transaction(begin:isWrite:readOnly:_:)`): its statements' parent.
    @exclusivity(unchecked) var transactionActivity: (any InstrumentedActivity)?

    /// How many statements this connection prepared: cached statements are prepared once per SQL text,
    /// so a repeated operation leaves this unchanged. For tests of the statement cache.
    @_spi(Testing) public private(set) var prepareCount = 0

    /// The most statements kept in the cache; past it, idle cached statements are finalized.
    static let statementCacheCapacity = 512

    init(
        handle: OpaquePointer, databaseLock: NSRecursiveLock, changeTracker: ChangeTracker? = nil,
        instrument: (any DatabaseInstrument)?, path: String
    ) {
        self.handle = handle
        self.databaseLock = databaseLock
        self.changeTracker = changeTracker
        self.instrument = instrument
        self.path = path
        changeTracker?.install(on: handle)
        sqlite3_set_authorizer(handle, authorizerCallback, Unmanaged.passUnretained(accessRecorder).toOpaque())
    }

    // MARK: State

    /// Whether a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether the connection was opened read-only (a reader of the pool, or a read-only database).
    var isReadOnlyConnection: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Whether `sql` (one statement, prepared through the cache) leaves the database unchanged.
    ///
    /// - Throws: `DatabaseError` when the SQL does not compile.
    func isReadOnly(sql: String) throws -> Bool {
        try withStatement(sql) { sqlite3_stmt_readonly($0.handle) != 0 }
    }

    /// The row id of the last successful `INSERT` on this connection (`sqlite3_last_insert_rowid`).
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The number of rows changed by the last `INSERT`, `UPDATE` or `DELETE` (`sqlite3_changes64`).
    public var changesCount: Int { Int(sqlite3_changes64(handle)) }

    /// Throws unless the connection is open and inside its closure.
    @usableFromInline
    func checkAccess() throws {
        if isClosed { throw DatabaseError.closedDatabase }
        guard isAccessible else {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_MISUSE,
                message: "a Connection (or a cursor) was used outside the read/write closure it was passed to"
            )
        }
    }

    // MARK: Statements

    /// Runs `body` with a prepared statement for `sql`, from the cache when possible. The statement is reset
    /// and its bindings cleared afterwards. When the cached statement is busy (an open cursor is stepping it),
    /// a fresh one is prepared and finalized after use.
    ///
    /// - Throws: `DatabaseError` when the connection is not usable, the SQL does not compile, or `body` throws.
    @inlinable
    func withStatement<T>(_ sql: String, _ body: (Statement) throws -> T) throws -> T {
        try withStatement(SQLKey(sql), body)
    }

    /// `withStatement(_:_:)` for a key made earlier (its digest not computed again).
    @inlinable
    func withStatement<T>(_ key: SQLKey, _ body: (Statement) throws -> T) throws -> T {
        let statement = try acquireStatement(key)
        defer { release(statement) }
        return try body(statement)
    }

    /// A statement for `sql`, marked busy: the cached one when idle, a fresh uncached one otherwise.
    /// Pair with `release(_:)`.
    @usableFromInline
    func acquireStatement(_ sql: String) throws -> Statement {
        try acquireStatement(SQLKey(sql))
    }

    /// `acquireStatement(_:)` for a key made earlier.
    @usableFromInline
    func acquireStatement(_ key: SQLKey) throws -> Statement {
        try checkAccess()
        if let cancellation { try cancellation.check() }
        let statement: Statement
        if let cached = statementCache[key] {
            statement = cached.isBusy ? try prepare(key.sql, cached: false) : cached
        } else {
            statement = try prepare(key.sql, cached: true)
            if statementCache.count >= Self.statementCacheCapacity { evictIdleStatements() }
            statementCache[key] = statement
        }
        willRun(statement)
        statement.isBusy = true
        return statement
    }

    /// The SQL rendered earlier for the statement shape `shape`, or nil.
    func renderedSQL(for shape: SQLShape) -> SQLKey? {
        renderedSQLByShape[shape]
    }

    /// Keeps `sql` as the text of statement shape `shape`.
    func remember(_ sql: SQLKey, for shape: SQLShape) {
        if renderedSQLByShape.count >= Self.statementCacheCapacity { renderedSQLByShape = [:] }
        renderedSQLByShape[shape] = sql
    }

    /// Runs `body` with the prepared statement of a record operation, found by its slot (no SQL hashing).
    /// The statement is reset afterwards, without clearing its bindings: every parameter is bound again
    /// before the next run. When the statement is busy (nested use), a fresh one is prepared and finalized
    /// after use.
    ///
    /// - Throws: `DatabaseError` when the connection is not usable, the SQL does not compile, or `body` throws.
    @inlinable
    func withStatement<T>(_ sql: RecordStatementSQL, _ body: (Statement) throws -> T) throws -> T {
        let statement = try acquireStatement(sql)
        defer { release(statement) }
        return try body(statement)
    }

    /// The statement for a record operation's SQL, marked busy: the one in its slot when idle, a fresh
    /// uncached one otherwise. Pair with `release(_:)`.
    @usableFromInline
    func acquireStatement(_ sql: RecordStatementSQL) throws -> Statement {
        try checkAccess()
        if let cancellation { try cancellation.check() }
        let slot = sql.slot
        let statement: Statement
        if slot < slottedStatements.count, let cached = slottedStatements[slot] {
            statement = cached.isBusy ? try prepare(sql.sql, cached: false) : cached
        } else {
            statement = try prepare(sql.sql, cached: true, rebindsEveryParameter: true)
            if slottedStatementCount >= Self.statementCacheCapacity { evictIdleStatements() }
            if slot >= slottedStatements.count {
                slottedStatements.append(contentsOf: repeatElement(nil, count: slot + 1 - slottedStatements.count))
            }
            slottedStatements[slot] = statement
            slottedStatementCount += 1
        }
        willRun(statement)
        statement.isBusy = true
        return statement
    }

    /// Tells the change tracker, the region recorder and the instrument (when set) that `statement` is about to run.
    @inline(__always)
    private func willRun(_ statement: Statement) {
        if let changeTracker { changeTracker.willRun(statement, on: self) }
        if let regionRecorder { regionRecorder.add(statement.access) }
        if let instrument { startReporting(statement, to: instrument) }
    }

    /// Resets a statement from `acquireStatement(_:)`; finalizes it when it is not cached.
    @usableFromInline
    func release(_ statement: Statement) {
        if let instrumentation = statement.instrumentation { finishReporting(statement, instrumentation) }
        statement.reset()
        statement.isBusy = false
        if !statement.isCached { statement.finalize() }
    }

    /// Releases a cursor's statement, taking the database lock: a cursor may be deinitialized after its
    /// closure returned, while another thread uses the connection.
    @usableFromInline
    func releaseLocked(_ statement: Statement) {
        databaseLock.lock()
        defer { databaseLock.unlock() }
        release(statement)
    }

    /// Prepares exactly one statement.
    ///
    /// - Throws: `DatabaseError` on a compile error, or (`.misuse`) when `sql` holds several statements.
    private func prepare(_ sql: String, cached: Bool, rebindsEveryParameter: Bool = false) throws -> Statement {
        let (statement, rest): (Statement?, Substring)
        do {
            (statement, rest) = try prepareFirst(sql, cached: cached, rebindsEveryParameter: rebindsEveryParameter)
        } catch {
            if let instrument { reportFailedPreparation(of: sql, error, to: instrument) }
            throw error
        }
        guard let statement else {
            throw DatabaseError(kind: .misuse, resultCode: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
        }
        guard rest.allSatisfy(\.isWhitespace) else {
            statement.finalize()
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_MISUSE,
                message: "the SQL holds several statements; run scripts with execute(sql:) and no arguments",
                sql: sql
            )
        }
        return statement
    }

    /// Prepares the first statement of `sql`; returns it (nil for blank SQL or a lone comment) and the rest.
    private func prepareFirst(
        _ sql: String, cached: Bool, rebindsEveryParameter: Bool = false
    ) throws -> (Statement?, Substring) {
        var text = sql
        let flags = UInt32(cached ? SQLITE_PREPARE_PERSISTENT : 0)
        var statementHandle: OpaquePointer?
        var consumed = 0
        accessRecorder.begin()
        let code = text.withUTF8 { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return SQLITE_OK }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v3(handle, start, Int32(buffer.count), flags, &statementHandle, &tail)
                consumed = tail.map { start.distance(to: $0) } ?? buffer.count
                return code
            }
        }
        let access = accessRecorder.finish()
        guard code == SQLITE_OK else {
            throw DatabaseError.sqlite(handle, code: code, sql: sql)
        }
        prepareCount += 1
        let utf8 = sql.utf8
        let restStart = utf8.index(utf8.startIndex, offsetBy: consumed, limitedBy: utf8.endIndex) ?? utf8.endIndex
        let rest = Substring(sql.utf8[restStart...])
        let statement = statementHandle.map {
            Statement(
                handle: $0, sql: cached ? sql : String(sql.utf8.prefix(consumed)) ?? sql, isCached: cached,
                access: access, rebindsEveryParameter: rebindsEveryParameter
            )
        }
        return (statement, rest)
    }

    /// Finalizes every idle cached statement (busy ones stay with their cursor).
    private func evictIdleStatements() {
        for (key, statement) in statementCache where !statement.isBusy {
            statement.finalize()
            statementCache[key] = nil
        }
        for slot in slottedStatements.indices {
            guard let statement = slottedStatements[slot], !statement.isBusy else { continue }
            statement.finalize()
            slottedStatements[slot] = nil
            slottedStatementCount -= 1
        }
    }

    // MARK: Execute

    /// Runs `sql` for its effect. With no arguments, `sql` may hold several statements separated by `;`
    /// (a script), each run in turn; with arguments it must be exactly one statement.
    ///
    /// - Throws: `DatabaseError` on a compile or run error (with the failing statement's SQL), or when the
    ///   argument count differs from the statement's parameter count.
    func run(sql: String, arguments: StatementArguments) throws {
        try checkAccess()
        if statementCache[SQLKey(sql)] != nil || !arguments.values.isEmpty {
            try withStatement(sql) { statement in
                try statement.bind(arguments)
                try statement.run()
            }
            return
        }
        var remaining = Substring(sql)
        var isFirst = true
        while !remaining.allSatisfy(\.isWhitespace) {
            let (statement, rest) = try prepareFirst(String(remaining), cached: false)
            if isFirst, rest.allSatisfy(\.isWhitespace), statement != nil {
                // A single statement: cache it like every other SQL text.
                statement?.finalize()
                try withStatement(sql) { try $0.run() }
                return
            }
            isFirst = false
            if let statement {
                defer { statement.finalize() }
                if let cancellation { try cancellation.check() }
                willRun(statement)
                try statement.run()
            }
            remaining = rest
        }
    }

    // MARK: Savepoints

    /// Runs `body` inside a savepoint: released when `body` returns, rolled back (only the savepoint's own
    /// changes) when it throws. Savepoints nest; outside a transaction, the savepoint is the transaction.
    ///
    /// ```swift
    /// try db.write { conn in
    ///     try author.insert(conn)
    ///     try? conn.savepoint {
    ///         try book.insert(conn)
    ///         throw CancellationError()    // undoes the book only
    ///     }
    /// }
    /// ```
    ///
    /// When the release fails (outside a transaction it is the commit: an I/O error, `SQLITE_FULL`,
    /// `SQLITE_BUSY`), the savepoint is rolled back as when `body` throws. When the savepoint began the
    /// transaction, or when its own changes cannot be rolled back, the whole transaction is rolled back: no
    /// transaction stays open and nothing of `body` is committed.
    ///
    /// - Throws: what `body` throws (after rolling back), or `DatabaseError` when SQLite refuses the savepoint
    ///   or its release.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        try checkAccess()
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "\"ormkit_savepoint_\(savepointDepth)\""
        let beginsTransaction = !isInTransaction
        try run(sql: "SAVEPOINT \(name)", arguments: [])
        do {
            let result = try body()
            try run(sql: "RELEASE \(name)", arguments: [])
            return result
        } catch {
            rollBack(savepoint: name, beganTransaction: beginsTransaction)
            throw error
        }
    }

    /// Undoes the savepoint `name` after its body or its release failed. SQLite may have rolled the whole
    /// transaction back already (after some I/O errors); else a savepoint that began the transaction ends with
    /// `ROLLBACK` (never `ROLLBACK TO` and `RELEASE`, which would commit what a failed `ROLLBACK TO` left), a
    /// nested one with `ROLLBACK TO` and `RELEASE`, or `ROLLBACK` when those fail (releasing changes that were
    /// not rolled back would let the enclosing transaction commit them).
    func rollBack(savepoint name: String, beganTransaction: Bool) {
        guard !isClosed, isInTransaction else { return }
        if !beganTransaction {
            do {
                try runUninterrupted("ROLLBACK TO \(name)")
                try runUninterrupted("RELEASE \(name)")
                return
            } catch {
                // Fall through to the full rollback.
            }
        }
        try? runUninterrupted("ROLLBACK TRANSACTION")
    }

    // MARK: Trace

    /// Installs (or removes, with nil) the trace closure.
    func setTrace(_ body: (@Sendable (TraceEvent) -> Void)?) {
        guard !isClosed else { return }
        guard let body else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            traceBox = nil
            return
        }
        let box = TraceBox(body)
        traceBox = box
        sqlite3_trace_v2(handle, UInt32(SQLITE_TRACE_STMT), traceCallback, Unmanaged.passUnretained(box).toOpaque())
    }

    // MARK: Close

    /// Finalizes every cached statement and closes the SQLite handle. Statements still held by cursors keep
    /// the handle alive (`sqlite3_close_v2`) until they are finalized; those cursors throw when used.
    func close() throws {
        guard !isClosed else { return }
        for statement in statementCache.values { statement.finalize() }
        statementCache = [:]
        for statement in slottedStatements { statement?.finalize() }
        slottedStatements = []
        slottedStatementCount = 0
        sqlite3_trace_v2(handle, 0, nil, nil)
        traceBox = nil
        sqlite3_set_authorizer(handle, nil, nil)
        if let changeTracker { changeTracker.uninstall(from: handle) }
        isClosed = true
        isAccessible = false
        let code = sqlite3_close_v2(handle)
        if code != SQLITE_OK { throw DatabaseError.sqlite(nil, code: code, sql: nil) }
    }
}

/// The C callback for `sqlite3_trace_v2`: forwards each statement's SQL, with bound values expanded.
private func traceCallback(
    mask: UInt32, context: UnsafeMutableRawPointer?, statement: UnsafeMutableRawPointer?, text: UnsafeMutableRawPointer?
) -> Int32 {
    guard let context, let statement else { return 0 }
    let box = Unmanaged<TraceBox>.fromOpaque(context).takeUnretainedValue()
    let handle = OpaquePointer(statement)
    let sql = sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    var expanded = sql
    if let text, String(cString: text.assumingMemoryBound(to: CChar.self)).hasPrefix("--") {
        // A trigger's statement: SQLite passes "-- <trigger SQL>".
        expanded = String(cString: text.assumingMemoryBound(to: CChar.self))
    } else if let pointer = sqlite3_expanded_sql(handle) {
        expanded = String(cString: pointer)
        sqlite3_free(pointer)
    }
    box.body(TraceEvent(sql: sql, expandedSQL: expanded))
    return 0
}

/// Holds the trace closure at a stable address for SQLite.
final class TraceBox {
    let body: @Sendable (TraceEvent) -> Void

    init(_ body: @escaping @Sendable (TraceEvent) -> Void) {
        self.body = body
    }
}

/// One statement execution reported to `Database.trace(_:)`.
public struct TraceEvent: Sendable, Hashable {
    /// The SQL as prepared, with `?` placeholders.
    public let sql: String
    /// The SQL with the bound values written in (`sqlite3_expanded_sql`). Contains user data: log with care.
    public let expandedSQL: String

    /// An event. Called by engine backends (PostgreSQL reports its SQL as `expandedSQL` too: values travel apart).
    package init(sql: String, expandedSQL: String) {
        self.sql = sql
        self.expandedSQL = expandedSQL
    }
}

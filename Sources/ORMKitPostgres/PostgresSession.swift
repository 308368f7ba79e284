#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Logging
import ORMKit
import ORMSchema
import PostgresNIO

/// A connection leased for one `read` or `write` closure, inside its transaction: what record operations, queries
/// and raw SQL run on. Do not keep it after the closure returns.
public final class PostgresSession {
    let connection: PostgresConnection
    /// Whether the session may write (a `write` transaction on the primary).
    public let isWritable: Bool
    private var savepointDepth = 0
    /// The largest explicit key written to each auto-increment key column in this transaction, by table: the
    /// sequences still to move past them (`settleSequences`).
    private var explicitKeys: [String: (column: String, key: Int64)] = [:]
    /// Receives each statement's SQL (`PostgresDatabase.trace(_:)`), when set: the database's setting when the
    /// session began.
    private let trace: (@Sendable (TraceEvent) -> Void)?
    /// The database's trace setting, which `trace(_:)` changes (nil for the database's own internal sessions).
    private let traceSetting: Locked<(@Sendable (TraceEvent) -> Void)?>?
    /// Whether record operations run as named prepared statements (`PostgresDatabase.Options.preparesStatements`,
    /// shared by the database's sessions: turned off when one of them finds a pooler in front of the server).
    private let preparation: StatementPreparationSwitch
    /// The first statement failure the server reported that no savepoint rolled back, and the savepoint depth it
    /// happened at: PostgreSQL aborted the transaction then, so it cannot commit (`requireCommittable`).
    private var abortingFailure: (error: DatabaseError, depth: Int)?
    /// Where statements are reported (`PostgresDatabase.Options.instrument`); nil: nothing is reported.
    let instrumentation: EndpointInstrumentation?
    /// The transaction the instrument follows: its statements' parent.
    var transactionActivity: (any InstrumentedActivity)?
    /// The buffer a statement's rows are read into, kept between statements so reading a row allocates nothing.
    private var rowBuffer: [WireValue] = []

    init(
        connection: PostgresConnection, isWritable: Bool, traceSetting: Locked<(@Sendable (TraceEvent) -> Void)?>?,
        preparation: StatementPreparationSwitch, instrumentation: EndpointInstrumentation?
    ) {
        self.connection = connection
        self.isWritable = isWritable
        self.traceSetting = traceSetting
        trace = traceSetting?.withLock { $0 }
        self.preparation = preparation
        self.instrumentation = instrumentation
    }

    /// Sets the trace of the database this session belongs to (`PostgresDatabase.trace(_:)`): sessions that begin
    /// after the call send their statements to `body`; this one keeps the setting it began with.
    public func trace(_ body: (@Sendable (TraceEvent) -> Void)?) {
        traceSetting?.withLock { $0 = body }
    }

    /// Runs `sql` with `$1, $2, …` bound to `arguments`, discarding any rows.
    ///
    /// - Throws: `DatabaseError` (`.server` with the SQLSTATE, or `.connectionLost`).
    public func execute(sql: String, arguments: StatementArguments = []) async throws {
        try await run(sql, arguments.wireValues) { _ in }
    }

    /// Runs `sql` and calls `body` with each row, streamed (rows are not buffered).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func run(
        _ sql: String, _ arguments: [WireValue], table: String? = nil,
        _ body: (WireRow) throws -> Void
    ) async throws {
        try await run(sql, bindings: try PostgresBindings(wire: arguments), table: table, arguments: arguments, body)
    }

    /// Runs `sql` with ready bindings and calls `body` with each row, streamed. `arguments`: the values bound, for
    /// an instrument that captures them (nil when they are bound as arrays).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func run(
        _ sql: String, bindings: PostgresBindings, table: String? = nil, arguments: [WireValue]? = nil,
        _ body: (WireRow) throws -> Void
    ) async throws {
        let activity = statementStarted(sql, arguments, table: table)
        do {
            try await stream(try await query(sql, bindings: bindings), sql: sql, table: table, body)
        } catch {
            activity?.finished(error: error, arguments: nil)
            throw error
        }
        activity?.finished(error: nil, arguments: nil)
    }

    /// Runs raw `sql` (unprepared) and calls the asynchronous `body` with each row as it arrives: rows stream to
    /// app code (`forEach`) at the pace `body` takes them. The other statements read their rows with a synchronous
    /// body, which costs no asynchronous call a row.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func forEachRow(
        _ sql: String, _ arguments: [WireValue], table: String? = nil, _ body: (WireRow) async throws -> Void
    ) async throws {
        let activity = statementStarted(sql, arguments, table: table)
        do {
            let rows = try await query(sql, bindings: try PostgresBindings(wire: arguments))
            var reader = RowReader(sql: sql, table: table, preparation: nil, buffer: takeRowBuffer())
            defer { rowBuffer = reader.emptiedBuffer() }
            do {
                for try await row in rows { try await body(try reader.read(row)) }
            } catch {
                throw noting(translated(error, sql: sql))
            }
        } catch {
            activity?.finished(error: error, arguments: nil)
            throw error
        }
        activity?.finished(error: nil, arguments: nil)
    }

    /// Sends raw `sql` with `bindings` as an unnamed statement (traced) and returns its rows as they arrive.
    ///
    /// - Throws: `DatabaseError` (`.server` with the SQLSTATE, or `.connectionLost`).
    private func query(_ sql: String, bindings: PostgresBindings) async throws -> PostgresRowSequence {
        trace?(TraceEvent(sql: sql, expandedSQL: sql))
        try requireOpenConnection(sql)
        do {
            return try await connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: Self.logger)
        } catch {
            throw noting(translated(error, sql: sql))
        }
    }

    /// The instrument's activity for one statement, when there is an instrument. (Not a wrapper taking the statement
    /// as a closure: two more async frames a statement.)
    private func statementStarted(_ sql: String, _ arguments: [WireValue]?, table: String?) -> (any InstrumentedActivity)? {
        instrumentation?.statementStarted(sql, arguments, table: table, parent: transactionActivity)
    }

    /// Runs `statement` with `arguments` and calls `body` with each row, streamed: as a named prepared statement
    /// (parsed once per connection) when it has a preparation, the options allow and the arguments have the declared
    /// types, else as an unnamed one. A failure that shows a pooler in front of the server turns preparing off for
    /// the database's sessions (`DatabaseError.isPreparedStatementLost`).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func run(
        _ statement: PostgresStatement, _ arguments: ArrangedWireValues, table: String? = nil,
        _ body: (WireRow) throws -> Void
    ) async throws {
        let declared = self.preparation.isOn ? statement.preparation : nil
        let (bindings, bindsAsDeclared) = try PostgresBindings.binding(arguments, checking: declared?.parameterTypes)
        let captured = instrumentation == nil ? nil : Array(arguments)
        guard let preparation = declared, bindsAsDeclared else {
            return try await run(statement.sql, bindings: bindings, table: table, arguments: captured, body)
        }
        try await run(statement.sql, prepared: preparation, bindings: bindings, arguments: captured, table: table, body)
    }

    /// Runs `statement` with `bindings` made for the types its preparation declares (an array parameter), prepared
    /// when it has a preparation and the options allow, else unprepared.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func run(
        _ statement: PostgresStatement, bindings: PostgresBindings, table: String? = nil, _ body: (WireRow) throws -> Void
    ) async throws {
        guard self.preparation.isOn, let preparation = statement.preparation else {
            return try await run(statement.sql, bindings: bindings, table: table, body)
        }
        try await run(statement.sql, prepared: preparation, bindings: bindings, arguments: nil, table: table, body)
    }

    /// Runs `sql` as the named prepared statement of `preparation`. `arguments`: the values bound, for an instrument
    /// that captures them (nil when they are bound as arrays).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    private func run(
        _ sql: String, prepared preparation: StatementPreparation, bindings: PostgresBindings, arguments: [WireValue]?,
        table: String?, _ body: (WireRow) throws -> Void
    ) async throws {
        let prepared = NamedStatement(bindings: bindings)
        trace?(TraceEvent(sql: sql, expandedSQL: sql))
        let activity = statementStarted(sql, arguments, table: table)
        do {
            try requireOpenConnection(sql)
            do {
                // postgres-nio reads the statement's name and SQL (`NamedStatement.preparation`) before it suspends.
                let rows = try await NamedStatement.$preparation.withValue(preparation) {
                    try await connection.execute(prepared, logger: Self.logger)
                }
                try await stream(rows, sql: sql, table: table, describedBy: preparation, body)
            } catch {
                var error = translated(error, sql: sql)
                if let failure = (error as? DatabaseError)?.explainingLostPreparedStatement(), failure.isPreparedStatementLost {
                    // A pooler: the database stops preparing; the name stays (other databases of the process use it).
                    error = failure
                    self.preparation.turnOff()
                } else {
                    preparation.retireName(after: error)
                }
                throw noting(error)
            }
        } catch {
            activity?.finished(error: error, arguments: nil)
            throw error
        }
        activity?.finished(error: nil, arguments: nil)
    }

    /// Fails at once when the connection has closed (the server died between two statements of a transaction):
    /// postgres-nio 1.33 writes a query to a closed channel without failing it, and the call would wait forever.
    ///
    /// - Throws: `DatabaseError` (`.connectionLost`).
    private func requireOpenConnection(_ sql: String) throws {
        guard connection.isClosed else { return }
        throw noting(DatabaseError(kind: .connectionLost, message: "the connection to the server closed", sql: sql))
    }

    /// Calls `body` with each row of an unprepared statement's `rows` as it arrives.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    private func stream(
        _ rows: PostgresRowSequence, sql: String, table: String?, _ body: (WireRow) throws -> Void
    ) async throws {
        var reader = RowReader(sql: sql, table: table, preparation: nil, buffer: takeRowBuffer())
        defer { rowBuffer = reader.emptiedBuffer() }
        do {
            // `for try await`, not `iterator.next()`: it calls `next(isolation:)`, one asynchronous frame less a row.
            for try await row in rows { try body(try reader.read(row)) }
        } catch {
            throw noting(translated(error, sql: sql))
        }
    }

    /// Calls `body` with each row of a prepared statement's `rows` as it arrives; the rows share the description
    /// `preparation` keeps.
    ///
    /// The same loop as the unprepared one's, over postgres-nio's mapped sequence: one generic loop for both was not
    /// specialized, and each row then went through the standard library's unspecialized `next()` (three task
    /// allocations and a metadata lookup a row: eager loading 50.2M → 46.9M client instructions without it).
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    private func stream(
        _ rows: AsyncThrowingMapSequence<PostgresRowSequence, PostgresRow>, sql: String, table: String?,
        describedBy preparation: StatementPreparation, _ body: (WireRow) throws -> Void
    ) async throws {
        var reader = RowReader(sql: sql, table: table, preparation: preparation, buffer: takeRowBuffer())
        defer { rowBuffer = reader.emptiedBuffer() }
        do {
            // `for try await`, not `iterator.next()`: it calls `next(isolation:)`, one asynchronous frame less a row.
            for try await row in rows { try body(try reader.read(row)) }
        } catch {
            throw noting(translated(error, sql: sql))
        }
    }

    /// The buffer rows are read into, left empty for a statement run while its rows are read (inside `body`).
    private func takeRowBuffer() -> [WireValue] {
        defer { rowBuffer = [] }
        return rowBuffer
    }

    /// `error`, noted as the transaction's aborting failure when the server reported it and none is noted yet.
    private func noting(_ error: any Error) -> any Error {
        if abortingFailure == nil, let failure = error as? DatabaseError, failure.kind == .server {
            abortingFailure = (failure, savepointDepth)
        }
        return error
    }

    /// Throws when a statement of the transaction failed and no savepoint rolled it back: PostgreSQL ends a
    /// transaction at its first failed statement, and a `COMMIT` would then roll back without an error.
    ///
    /// - Throws: `DatabaseError` (`.server`, with the failed statement's SQLSTATE, table and constraint).
    func requireCommittable() throws {
        guard let failure = abortingFailure?.error else { return }
        throw DatabaseError(
            kind: .server, resultCode: failure.resultCode, extendedResultCode: failure.extendedResultCode,
            message: "the transaction was rolled back: a statement in it failed (\(failure.message)), and PostgreSQL "
                + "ends a transaction at its first failed statement; to go on after a statement that may fail, run it in "
                + "a nested transaction { } (a savepoint)",
            sql: failure.sql, table: failure.table, column: failure.column, sqlState: failure.sqlState,
            constraint: failure.constraint
        )
    }

    /// The rows of `statement`, each decoded by `decode`.
    ///
    /// - Throws: `DatabaseError`, or what `decode` throws.
    func fetchAll<T>(
        _ statement: PostgresStatement, _ arguments: ArrangedWireValues, table: String? = nil,
        _ decode: (WireRow) throws -> T
    ) async throws -> [T] {
        var results: [T] = []
        try await run(statement, arguments, table: table) { results.append(try decode($0)) }
        return results
    }

    /// The first row of `statement` decoded by `decode`, or nil.
    ///
    /// - Throws: `DatabaseError`, or what `decode` throws.
    func fetchOne<T>(
        _ statement: PostgresStatement, _ arguments: ArrangedWireValues, table: String? = nil,
        _ decode: (WireRow) throws -> T
    ) async throws -> T? {
        var result: T?
        try await run(statement, arguments, table: table) { row in
            if result == nil { result = try decode(row) }
        }
        return result
    }

    /// The rows of raw `sql` (unprepared), each decoded by `decode`.
    ///
    /// - Throws: `DatabaseError`, or what `decode` throws.
    func fetchAll<T>(
        _ sql: String, _ arguments: [WireValue], table: String? = nil, _ decode: (WireRow) throws -> T
    ) async throws -> [T] {
        try await fetchAll(PostgresStatement(sql: sql, positions: []), ArrangedWireValues(arguments), table: table, decode)
    }

    /// The first row of raw `sql` (unprepared) decoded by `decode`, or nil.
    ///
    /// - Throws: `DatabaseError`, or what `decode` throws.
    func fetchOne<T>(
        _ sql: String, _ arguments: [WireValue], table: String? = nil, _ decode: (WireRow) throws -> T
    ) async throws -> T? {
        try await fetchOne(PostgresStatement(sql: sql, positions: []), ArrangedWireValues(arguments), table: table, decode)
    }

    /// Runs `body` inside a savepoint: rolled back to it when `body` throws (the error is rethrown), released
    /// otherwise. Nests.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func savepoint<T>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let depth = savepointDepth
        let name = "ormkit_\(depth)"
        try await execute(sql: "SAVEPOINT \(name)")
        do {
            let result = try await body(self)
            try await execute(sql: "RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            if (try? await execute(sql: "ROLLBACK TO SAVEPOINT \(name)")) != nil, let failure = abortingFailure, failure.depth >= depth {
                abortingFailure = nil
            }
            try? await execute(sql: "RELEASE SAVEPOINT \(name)")
            throw error
        }
    }

    /// Notes that `key` was written explicitly to `table`'s auto-increment key `column`: before the transaction
    /// commits, and before the server assigns a key in that table, its identity sequence moves past the largest.
    func noteExplicitKey(_ key: WireValue, table: String, column: String) {
        guard case .integer(let key) = key else { return }
        if let noted = explicitKeys[table], noted.key >= key { return }
        explicitKeys[table] = (column, key)
    }

    /// Whether an explicit key was written in this transaction whose sequence `settleSequences` has not moved yet.
    var hasUnsettledSequences: Bool { !explicitKeys.isEmpty }

    /// Moves the identity sequences of the tables written with explicit keys (or only `table`'s) past the largest
    /// such key, when the sequence is behind it (PostgreSQL itself leaves sequences alone): keys the server assigns
    /// later then never collide with them. One statement per table, however many rows were written.
    ///
    /// - Throws: `DatabaseError`.
    func settleSequences(of table: String? = nil) async throws {
        guard !explicitKeys.isEmpty else { return }
        for table in table.map({ [$0] }) ?? Array(explicitKeys.keys) {
            guard let (column, key) = explicitKeys.removeValue(forKey: table) else { continue }
            let sequence = "pg_get_serial_sequence($1, $2)"
            try await execute(
                sql: "SELECT setval(\(sequence), $3) WHERE $3 > COALESCE(pg_sequence_last_value(\(sequence)::regclass), 0)",
                arguments: [quoteIdentifier(table), column, key]
            )
        }
    }

    /// Fails when the session is read-only, naming the operation and the table (read only then).
    func requireWritable(_ operation: String, table: @autoclosure () -> String) throws {
        guard isWritable else {
            throw DatabaseError(kind: .misuse, message: "\(operation) needs a write transaction: use db.write { … }", table: table())
        }
    }

    static let logger = Logger(label: "ORMKitPostgres", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// Reads a statement's rows as `WireRow`s: the description made from the first row (or kept by the statement's
/// preparation), each row's values decoded into one buffer kept between rows.
private struct RowReader {
    let sql: String
    let table: String?
    let preparation: StatementPreparation?
    private var values: [WireValue]
    private var description: WireResultDescription?
    private var index = 0

    init(sql: String, table: String?, preparation: StatementPreparation?, buffer: [WireValue]) {
        self.sql = sql
        self.table = table
        self.preparation = preparation
        values = buffer
    }

    /// `row` as a `WireRow`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) for a cell that does not decode as its type.
    mutating func read(_ row: PostgresRow) throws -> WireRow {
        let result: WireResultDescription
        if let description {
            result = description
        } else {
            // Closure literals, not a closure in a local: that one was allocated on every statement.
            result = preparation?.resultDescription(sql: sql, table: table) { row.map(\.columnName) }
                ?? WireResultDescription(columnNames: row.map(\.columnName), table: table, sql: sql)
            description = result
            values.reserveCapacity(result.columnNames.count)
        }
        values.removeAll(keepingCapacity: true)
        for cell in row { values.append(try WireValue(cell: cell)) }
        defer { index += 1 }
        return WireRow(values: values, index: index, result: result)
    }

    /// The buffer, emptied, for the next statement.
    mutating func emptiedBuffer() -> [WireValue] {
        values.removeAll(keepingCapacity: true)
        return values
    }
}
#endif

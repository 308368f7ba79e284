// The async raw SQL fetches: records and scalars on any engine; `Row` fetches on SQLite, where they run where
// their synchronous forms do (in `read` when SQLite says the statement only reads, else in `write`).

extension Record {
    /// The records the raw `sql` selects (its columns in `schema.columns` order), `$1, $2, …` bound to
    /// `arguments`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: false)
    }

    /// The first record the raw `sql` selects, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: true).first
    }
}

extension ColumnValue {
    /// The first column of the first row the raw `sql` returns, or nil when there is no row. SQL that writes
    /// (`INSERT … RETURNING`) runs where writes run.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: true).first
    }

    /// The first column of every row the raw `sql` returns.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: false)
    }
}

extension DatabaseWriter {
    /// Runs the raw `sql` for its effect in a write transaction of its own.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func execute(sql: String) async throws {
        try await execute(sql: sql, arguments: [])
    }
}

extension Row {
    /// The async form of `Row.fetchAll(_:sql:arguments:_:)`: runs on a reader (on the writer, in a transaction,
    /// when `sql` writes) and does not block the calling thread; `transform` runs there too.
    ///
    /// - Throws: `DatabaseError`, what `transform` throws, or `CancellationError` when the task is cancelled.
    public static func fetchAll<T: Sendable>(
        _ db: Database, sql: String, arguments: StatementArguments = [], _ transform: @escaping @Sendable (Row) throws -> T
    ) async throws -> [T] {
        try await db.readOrWrite(running: sql) { conn in try fetchAll(conn, sql: sql, arguments: arguments, transform) }
    }

    /// The async form of `Row.fetchOne(_:sql:arguments:_:)`: runs on a reader (on the writer, in a transaction,
    /// when `sql` writes) and does not block the calling thread; `transform` runs there too.
    ///
    /// - Throws: `DatabaseError`, what `transform` throws, or `CancellationError` when the task is cancelled.
    public static func fetchOne<T: Sendable>(
        _ db: Database, sql: String, arguments: StatementArguments = [], _ transform: @escaping @Sendable (Row) throws -> T
    ) async throws -> T? {
        try await db.readOrWrite(running: sql) { conn in try fetchOne(conn, sql: sql, arguments: arguments, transform) }
    }

    /// The async form of `Row.forEach(_:sql:arguments:_:)`: runs on a reader (on the writer, in a transaction,
    /// when `sql` writes) and does not block the calling thread; `body` runs there, with each row as it is
    /// stepped.
    ///
    /// - Throws: `DatabaseError`, what `body` throws, or `CancellationError` when the task is cancelled.
    public static func forEach(
        _ db: Database, sql: String, arguments: StatementArguments = [], _ body: @escaping @Sendable (Row) throws -> Void
    ) async throws {
        try await db.readOrWrite(running: sql) { conn in try forEach(conn, sql: sql, arguments: arguments, body) }
    }
}

extension Database {
    /// Runs `body`, which runs the raw `sql`, in `read` when `sql` only reads (as SQLite judges it:
    /// `sqlite3_stmt_readonly`), else in `write`: the async counterpart of `withConnection(running:_:)`.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func readOrWrite<T: Sendable>(
        running sql: String, _ body: @escaping @Sendable (Connection) throws -> T
    ) async throws -> T {
        do {
            return try await read { conn in
                guard try conn.isReadOnly(sql: sql) else { throw WriterNeeded() }
                return try body(conn)
            }
        } catch is WriterNeeded {
            return try await write(body)
        }
    }
}

/// Thrown inside `read` when raw SQL turns out to write; `readOrWrite` runs it in `write` instead.
private struct WriterNeeded: Error {}

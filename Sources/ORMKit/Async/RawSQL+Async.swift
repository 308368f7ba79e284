// The async forms of the raw SQL fetches (Query/RawSQL.swift, Core/Row+Names.swift). Records decoded from raw
// SQL are read in `Database.read`; scalar and `Row` fetches, which may run SQL that writes
// (`INSERT … RETURNING`), run where their synchronous forms do: in `read` when SQLite says the statement only
// reads, else in `write`.

extension Record {
    /// The async form of `fetchAll(_:sql:arguments:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.read { conn in try fetchAll(conn, sql: sql, arguments: arguments) }
    }

    /// The async form of `fetchOne(_:sql:arguments:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.read { conn in try fetchOne(conn, sql: sql, arguments: arguments) }
    }
}

extension ColumnValue {
    /// The async form of `ColumnValue.fetchOne(_:sql:arguments:)`: runs on a reader (on the writer, in a
    /// transaction, when `sql` writes) and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) async throws -> Self? {
        try await db.readOrWrite(running: sql) { conn in try fetchOne(conn, sql: sql, arguments: arguments) }
    }

    /// The async form of `ColumnValue.fetchAll(_:sql:arguments:)`: runs on a reader (on the writer, in a
    /// transaction, when `sql` writes) and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) async throws -> [Self] {
        try await db.readOrWrite(running: sql) { conn in try fetchAll(conn, sql: sql, arguments: arguments) }
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

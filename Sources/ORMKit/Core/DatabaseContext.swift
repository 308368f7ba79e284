/// Something record operations, queries and raw SQL can run on: a `Database` (each call takes the
/// database's lock and runs in autocommit mode) or the `Connection` passed to a `read`/`write` closure
/// (calls run inside that closure's transaction).
///
/// ```swift
/// try author.insert(db)                        // on the Database: its own implicit transaction
/// try db.write { conn in try author.insert(conn) }  // inside an explicit transaction
/// ```
public protocol DatabaseContext {
    /// Runs `body` with exclusive use of the SQLite connection.
    ///
    /// - Throws: `DatabaseError` (`.closed`) when the database was closed, or what `body` throws.
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T

    /// Runs `body` with a connection for reading only: a `Database` may pick a reader connection (see
    /// `Database`); the default is `withConnection`.
    ///
    /// - Throws: `DatabaseError` (`.closed`) when the database was closed, or what `body` throws.
    func withReadConnection<T>(_ body: (Connection) throws -> T) throws -> T
}

extension DatabaseContext {
    /// Runs `body`, which runs the raw `sql`, on a connection for reading when `sql` only reads (as SQLite
    /// judges it: `sqlite3_stmt_readonly`), else on the writer: `INSERT … RETURNING` through `fetchOne` writes.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func withConnection<T>(running sql: String, _ body: (Connection) throws -> T) throws -> T {
        do {
            return try withReadConnection { conn in
                if conn.isReadOnlyConnection, try !conn.isReadOnly(sql: sql) { throw WriterNeeded() }
                return try body(conn)
            }
        } catch is WriterNeeded {
            return try withConnection(body)
        }
    }
}

/// Thrown inside a reader when raw SQL turns out to write; the caller runs it on the writer.
private struct WriterNeeded: Error {}

extension DatabaseContext {
    /// Runs `body` with `withConnection`.
    ///
    /// - Throws: what `withConnection` throws.
    public func withReadConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection(body)
    }
}

extension Connection: DatabaseContext {
    /// Runs `body` with this connection (already exclusive inside its closure).
    ///
    /// - Throws: `DatabaseError` when the connection is used outside its closure or after close, or what
    ///   `body` throws. Inlinable, so a record verb on a connection (`item.update(conn)`) compiles to straight-line
    ///   code with no closure call.
    @inlinable
    public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkAccess()
        return try body(self)
    }
}

extension DatabaseContext {
    /// Runs `sql` for its effect, binding `arguments` to its `?` parameters. With no arguments `sql` may be a
    /// script of several `;`-separated statements.
    ///
    /// ```swift
    /// try db.execute(sql: "DELETE FROM authors WHERE name = ?", arguments: ["Ann"])
    /// ```
    ///
    /// - Throws: `DatabaseError` when the SQL does not compile or fails (constraint violations included).
    @available(*, noasync, message: "blocks the calling thread: in async code, await the form that takes a DatabaseReader or DatabaseWriter")
    public func execute(sql: String, arguments: StatementArguments = []) throws {
        try withConnection { try $0.run(sql: sql, arguments: arguments) }
    }

    /// Runs `body` as one unit: inside a savepoint when a transaction is already open, otherwise in a new
    /// transaction. Changes are kept when `body` returns and undone when it throws.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    func inTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { conn in try conn.savepoint { try body(conn) } }
    }
}

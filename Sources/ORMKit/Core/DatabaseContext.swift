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
}

extension Connection: DatabaseContext {
    /// Runs `body` with this connection (already exclusive inside its closure).
    ///
    /// - Throws: `DatabaseError` when the connection is used outside its closure or after close, or what
    ///   `body` throws.
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

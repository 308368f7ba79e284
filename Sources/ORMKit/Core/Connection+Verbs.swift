// What the synchronous verbs (records, queries, relations, raw SQL) run on: the `Connection` a `read`/`write`
// closure gets. A `Database` has no synchronous verbs of its own, so a blocking call cannot be made on it by
// accident from async code; async code awaits the verbs that take a `DatabaseReader` or `DatabaseWriter`.
//
//     try db.write { conn in try author.insert(conn) }        // synchronous: inside the closure's transaction
//     try await author.insert(db)                              // async: a transaction of its own

extension Connection {
    /// Runs `body` with this connection, after checking that it is used inside its closure and still open.
    ///
    /// - Throws: `DatabaseError` when the connection is used outside its closure or after close, or what
    ///   `body` throws. Inlinable, so a record verb on a connection (`item.update(conn)`) compiles to straight-line
    ///   code with no closure call.
    @inlinable
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try checkAccess()
        return try body(self)
    }

    /// Runs `sql` for its effect, binding `arguments` to its `$1, $2, …` (or `?`) parameters. With no arguments
    /// `sql` may be a script of several `;`-separated statements.
    ///
    /// ```swift
    /// try db.write { conn in try conn.execute(sql: "DELETE FROM authors WHERE name = $1", arguments: ["Ann"]) }
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

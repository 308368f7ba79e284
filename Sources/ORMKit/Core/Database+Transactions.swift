import ORMKitSQLite

extension Database {
    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): committed when `body` returns, rolled back
    /// when it throws. Called inside another `write` of the same database, it runs in a savepoint instead.
    ///
    /// ```swift
    /// let id = try db.write { conn in
    ///     var author = Author(name: "Ann", email: "ann@example.org")
    ///     try author.insert(conn)
    ///     return author.id
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws (after the rollback), or `DatabaseError` when the transaction cannot begin
    ///   or commit (for example `SQLITE_BUSY`, or `.closed`).
    public func write<T>(_ body: (Connection) throws -> T) throws -> T {
        try withConnection { conn in
            if conn.isInTransaction { return try conn.savepoint { try body(conn) } }
            return try conn.transaction(begin: "BEGIN IMMEDIATE TRANSACTION", readOnly: false) { try body(conn) }
        }
    }

    /// Runs `body` in a read-only transaction (`BEGIN DEFERRED`) on a reader connection (see `Database`): it sees
    /// one consistent snapshot of committed data, concurrently with other reads and with the writer. Any write
    /// inside it fails (`SQLITE_READONLY`, or `.misuse` for a write through the `Database`). Inside a `write`
    /// closure it runs on the writer and sees that closure's changes.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try withReadConnection { conn in
            if conn.isInTransaction { return try body(conn) }
            // A reader connection is read-only already; the writer needs `query_only` for the closure.
            return try conn.transaction(begin: "BEGIN DEFERRED TRANSACTION", readOnly: !conn.isReadOnlyConnection) { try body(conn) }
        }
    }

    /// Like `write(_:)`, run on the database's queue: the calling task is suspended, its thread is not blocked.
    ///
    /// ```swift
    /// let saved = try await db.write { conn in
    ///     var author = Author(name: "Ann", email: "ann@example.org")
    ///     try author.insert(conn)
    ///     return author
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.write(body) })
            }
        }
    }

    /// Like `read(_:)`, run on the database's queue: the calling task is suspended, its thread is not blocked.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            (hasReaderPool ? readQueue : queue).async {
                continuation.resume(with: Result { try self.read(body) })
            }
        }
    }
}

extension Connection {
    /// Begins a transaction with `begin`, runs `body`, commits; rolls back when `body` or the commit throws.
    func transaction<T>(begin: String, readOnly: Bool, _ body: () throws -> T) throws -> T {
        try run(sql: begin, arguments: [])
        if readOnly { try run(sql: "PRAGMA query_only = 1", arguments: []) }
        defer { if readOnly, !isClosed { try? run(sql: "PRAGMA query_only = 0", arguments: []) } }
        do {
            let result = try body()
            try run(sql: "COMMIT TRANSACTION", arguments: [])
            return result
        } catch {
            if !isClosed, isInTransaction { try? run(sql: "ROLLBACK TRANSACTION", arguments: []) }
            throw error
        }
    }
}

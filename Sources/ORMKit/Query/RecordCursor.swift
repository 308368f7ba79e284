/// Iterates the results of a query one record at a time, in constant memory: the prepared statement
/// steps as you call `next()`.
///
/// A cursor lives inside the `read`/`write` closure it was made in:
///
/// ```swift
/// try db.read { conn in
///     let cursor = try Author.order(Author.name).cursor(conn)
///     while let author = try cursor.next() {
///         print(author.name)
///     }
/// }
/// ```
///
/// Used after its closure returned (or after the database closed), `next()` throws instead of touching
/// SQLite. The statement is released when the cursor reaches the end, or when it is deinitialized.
public final class RecordCursor<R: Record> {
    @usableFromInline let connection: Connection
    // Touched only under the database lock (see `Connection`): no run-time exclusivity checks per row.
    @exclusivity(unchecked) @usableFromInline var statement: Statement?
    @exclusivity(unchecked) @usableFromInline var rowIndex = 0

    init(connection: Connection, sql: String, arguments: StatementArguments) throws {
        self.connection = connection
        let statement = try connection.acquireStatement(sql)
        do {
            try statement.bind(arguments)
        } catch {
            connection.release(statement)
            throw error
        }
        self.statement = statement
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: `DatabaseError` when the cursor is used outside its closure or after close, when SQLite fails,
    ///   or (`.decoding`) when a value does not decode.
    @inlinable
    public func next() throws -> R? {
        guard let statement else { return nil }
        if !connection.isAccessible { try connection.checkAccess() }
        guard try R.naming({ try statement.step() }) else {
            finish()
            return nil
        }
        defer { rowIndex += 1 }
        return try R.decodeRecord(Row(statement: statement.handle, index: rowIndex))
    }

    /// Calls `body` with each remaining record.
    ///
    /// - Throws: what `next()` or `body` throws.
    public func forEach(_ body: (R) throws -> Void) throws {
        while let record = try next() { try body(record) }
    }

    /// Releases the statement; later `next()` calls return nil.
    @usableFromInline
    func finish() {
        guard let statement else { return }
        self.statement = nil
        connection.releaseLocked(statement)
    }

    deinit {
        finish()
    }
}

extension QueryRequest {
    /// A cursor over the matching records, for results too large to hold in memory. Only a `Connection`
    /// (inside `read`/`write`) can make one, because the statement lives while you iterate.
    ///
    /// - Throws: `DatabaseError` when the SQL fails to prepare.
    public func cursor(_ conn: Connection) throws -> RecordCursor<R> {
        var renderer = SQLRenderer()
        let sql = selectSQL(R.schema.recordSQL.selection, renderer: &renderer)
        return try R.naming { try RecordCursor(connection: conn, sql: sql, arguments: StatementArguments(try renderer.arguments())) }
    }
}

extension Record {
    /// A cursor over every record of the table (see `QueryRequest.cursor(_:)`).
    ///
    /// - Throws: `DatabaseError` when the SQL fails to prepare.
    public static func cursor(_ conn: Connection) throws -> RecordCursor<Self> {
        try all().cursor(conn)
    }
}

#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit

/// What record operations, queries and raw SQL run on: a ``PostgresDatabase`` (each call in its own transaction:
/// writes on the primary, reads on a replica) or a ``PostgresSession`` (inside one `read` or `write` closure).
public protocol PostgresExecutor: DatabaseWriter {
    /// Runs `body` on a session that may write when `writing` is true.
    ///
    /// - Throws: what `body` throws, or `DatabaseError` (`.misuse` when a read session is asked to write).
    func withSession<T>(writing: Bool, _ body: (PostgresSession) async throws -> sending T) async throws -> sending T

    /// Runs `body` all or nothing: in a write transaction of its own on a database; inside a session's
    /// transaction, in a savepoint, so a failure undoes only `body` and the transaction stays usable. `operation`
    /// and `table` name what was refused in a read session.
    ///
    /// - Throws: what `body` throws, or `DatabaseError` (`.misuse` in a read session).
    func atomicWrite<T: Sendable>(
        _ operation: String, table: String, _ body: (PostgresSession) async throws -> T
    ) async throws -> T
}

extension PostgresDatabase: PostgresExecutor {
    /// A `write` transaction on the primary, or a `read` on a replica; run once more when a pooler lost a prepared
    /// statement (the verbs that call it are all or nothing, and the second run is unprepared).
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func withSession<T>(writing: Bool, _ body: (PostgresSession) async throws -> sending T) async throws -> sending T {
        try await againIfPreparedStatementLost {
            writing ? try await write(body) : try await read(body)
        }
    }

    /// A write transaction of its own; run once more when a pooler lost a prepared statement.
    ///
    /// - Throws: what `body` throws, or `DatabaseError`.
    public func atomicWrite<T: Sendable>(
        _ operation: String, table: String, _ body: (PostgresSession) async throws -> T
    ) async throws -> T {
        try await againIfPreparedStatementLost {
            try await write { try await body($0) }
        }
    }

    /// `run`, and once more when it failed because a pooler in front of the server lost a prepared statement: the
    /// failure rolled the transaction back and turned preparing off, so the second run is the first one unprepared.
    private func againIfPreparedStatementLost<T>(_ run: () async throws -> sending T) async throws -> sending T {
        do {
            return try await run()
        } catch let error as DatabaseError where error.isPreparedStatementLost {
            return try await run()
        }
    }

    /// See `DatabaseWriter`: a `write` transaction on the primary.
    ///
    /// - Throws: what `body` throws (after the rollback), or `DatabaseError`.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await write { try await body($0) }
    }
}

extension PostgresSession: PostgresExecutor {
    /// This session.
    ///
    /// - Throws: what `body` throws, or `DatabaseError` (`.misuse`) when writing in a read session.
    public func withSession<T>(writing: Bool, _ body: (PostgresSession) async throws -> sending T) async throws -> sending T {
        if writing { try requireWritable("writing", table: "") }
        return try await body(self)
    }

    /// A savepoint in this session's transaction.
    ///
    /// - Throws: what `body` throws, or `DatabaseError` (`.misuse`) in a read session.
    public func atomicWrite<T: Sendable>(
        _ operation: String, table: String, _ body: (PostgresSession) async throws -> T
    ) async throws -> T {
        try requireWritable(operation, table: table)
        return try await savepoint(body)
    }

    /// See `DatabaseWriter`: a savepoint in this session's transaction.
    ///
    /// - Throws: what `body` throws (after rolling back to the savepoint), or `DatabaseError` (`.misuse`) in a
    ///   read session.
    @discardableResult
    public func transaction<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await atomicWrite("transaction", table: "", body)
    }

    // The one-record writes in a session: the same steps as the executor's (`Record.inserted(in:)`, …), called
    // directly instead of through `withSession`'s witness and closure (four asynchronous frames a write).

    /// See `DatabaseWriter`.
    public func insert<R: Record>(_ record: R) async throws -> R {
        try requireWritable("insert", table: R.schema.name)
        return try await record.inserted(in: self)
    }

    /// See `DatabaseWriter`.
    public func save<R: Record>(_ record: R) async throws -> R {
        try requireWritable("save", table: R.schema.name)
        return try await record.saved(in: self)
    }

    /// See `DatabaseWriter`.
    public func upsert<R: Record>(_ record: R, onConflict conflictColumns: [any ColumnProtocol]?) async throws -> R {
        try requireWritable("upsert", table: R.schema.name)
        return try await record.upserted(in: self, onConflict: conflictColumns?.map(\.name))
    }

    /// See `DatabaseWriter`.
    public func update<R: Record>(_ record: R, columns: [any ColumnProtocol]?) async throws {
        try requireWritable("update", table: R.schema.name)
        try await record.updated(in: self, columns: columns)
    }

    /// See `DatabaseWriter`.
    public func delete<R: Record>(_ record: R) async throws -> Bool {
        try requireWritable("delete", table: R.schema.name)
        return try await record.deleted(in: self)
    }
}

extension PostgresExecutor {
    /// Runs `sql` with `$1, $2, …` bound to `arguments`, in a write transaction of its own on a database.
    ///
    /// - Throws: `DatabaseError`.
    public func execute(sql: String, arguments: StatementArguments = []) async throws {
        try await withSession(writing: true) { try await $0.execute(sql: sql, arguments: arguments) }
    }
}
#endif

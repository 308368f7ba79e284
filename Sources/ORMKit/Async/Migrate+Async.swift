import Foundation

// The async forms of Migrations/Connection+Migrate.swift.

extension Database {
    /// See ``DatabaseWriter/migrate(_:adopting:hooks:)``: the synchronous `migrate(_:adopting:hooks:)` run on
    /// the writer (on the queue of the async `write` calls, in order with them), without blocking the calling
    /// thread.
    ///
    /// Not inside `transaction { }`: the migration opens its own transaction, with foreign keys switched off
    /// before it as table rebuilds need (inside one it runs in a savepoint, where they cannot be).
    ///
    /// - Throws: `MigrationError`, `DatabaseError`, or `CancellationError` when the task is cancelled before
    ///   the migration starts.
    @discardableResult
    public func migrate<S: DatabaseSchema>(
        _ schema: S.Type, adopting adoption: AdoptionPolicy, hooks: [String: MigrationHook]
    ) async throws -> MigrationOutcome {
        let migrator = Migrator(schema: SchemaDefinition(schema), hooks: hooks, adoption: adoption)
        return try await onWriterQueue { try self.withConnection { conn in try migrator.migrate(conn) } }
    }

    /// The async form of `schemaDifferences(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func schemaDifferences<S: DatabaseSchema>(_ schema: S.Type) async throws -> [SchemaDifference] {
        let definition = SchemaDefinition(schema)
        return try await read { conn in try definition.differences(conn) }
    }

    /// The async form of `schemaVersion()`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func schemaVersion() async throws -> Int {
        try await read { conn in try conn.schemaVersion() }
    }

    /// Runs `body` on the writer's queue, where the async `write` calls run, outside any transaction (for work
    /// that manages its own, such as `migrate`).
    ///
    /// - Throws: `CancellationError` when the task is already cancelled (`body` does not run), or what `body`
    ///   throws.
    func onWriterQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        if let held = HeldTransaction.current(for: self) { return try await held.perform(body) }
        return try await run(on: queue, body)
    }
}

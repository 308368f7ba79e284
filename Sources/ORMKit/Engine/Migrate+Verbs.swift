// The defaults of `DatabaseWriter.migrate(_:adopting:hooks:)`, once for every engine.

extension DatabaseWriter {
    /// Creates or upgrades the database to `schema`'s version (see ``DatabaseWriter/migrate(_:adopting:hooks:)``),
    /// refusing a database with tables and no version, with no hooks.
    ///
    /// ```swift
    /// try await db.migrate(ExampleSchema.self)
    /// ```
    ///
    /// - Throws: `MigrationError` or `DatabaseError`.
    @discardableResult
    public func migrate<S: DatabaseSchema>(_ schema: S.Type) async throws -> MigrationOutcome {
        try await migrate(schema, adopting: .never, hooks: [:])
    }

    /// Creates or upgrades the database to `schema`'s version, running `hooks` for its `hook` steps.
    ///
    /// - Throws: `MigrationError` or `DatabaseError`.
    @discardableResult
    public func migrate<S: DatabaseSchema>(_ schema: S.Type, hooks: [String: MigrationHook]) async throws -> MigrationOutcome {
        try await migrate(schema, adopting: .never, hooks: hooks)
    }

    /// Creates or upgrades the database to `schema`'s version, adopting a database with tables and no version
    /// as `adoption` says.
    ///
    /// - Throws: `MigrationError` or `DatabaseError`.
    @discardableResult
    public func migrate<S: DatabaseSchema>(_ schema: S.Type, adopting adoption: AdoptionPolicy) async throws -> MigrationOutcome {
        try await migrate(schema, adopting: adoption, hooks: [:])
    }
}

/// A Swift closure a `hook` migration step runs, registered by name in `migrate(_:adopting:hooks:)`, on either
/// engine. It gets the database inside the migration's transaction, after the version's earlier steps: every
/// verb it calls on it runs in that transaction (on SQLite, on the writer's thread, which waits for the hook).
/// Throwing rolls the whole migration back.
///
/// ```swift
/// let hooks: [String: MigrationHook] = [
///     "backfillReaderTokens": { db in
///         try await db.execute(sql: "UPDATE readers SET token = lower(name) WHERE token IS NULL", arguments: [])
///     },
/// ]
/// ```
public typealias MigrationHook = @Sendable (any DatabaseWriter) async throws -> Void

/// What `migrate` did.
public enum MigrationOutcome: Sendable, Hashable {
    /// The database was empty: every table and index was created, the seed rows inserted.
    case created(version: Int)
    /// The database was already at the schema's version: its version and format were read and its declared
    /// column types checked against the schema's storage; nothing was written.
    case upToDate(version: Int)
    /// The database had the schema's tables but no version (`PRAGMA user_version` 0), matched the schema
    /// exactly, and was stamped with its version; nothing else changed.
    case adopted(version: Int)
    /// The database was upgraded from an older version.
    case upgraded(from: Int, to: Int)
}

/// What `migrate` does with a database that has tables but no schema version (`PRAGMA user_version` 0): a
/// file another app or tool created.
public enum AdoptionPolicy: Sendable, Hashable {
    /// Refuse it (`MigrationError.unversionedDatabase`); the file is not touched.
    case never
    /// Adopt it when it matches the schema (`schemaDifferences` reports nothing blocking and every declared
    /// column type fits its field's storage): stamp the schema version in one transaction and change nothing
    /// else. On any difference throw `MigrationError.adoptionRefused` with the full list, the file unchanged.
    case ifMatching
}

extension Connection {
    /// Creates or upgrades the database to `schema`'s version, atomically.
    ///
    /// Async code awaits `db.migrate(_:adopting:hooks:)` on the database (the engine contract's verb); synchronous
    /// code calls this on the connection of `writeWithoutTransaction`, which lets the migration run its own
    /// transaction with foreign keys off:
    ///
    /// ```swift
    /// let db = try Database(path: url.path)
    /// try db.writeWithoutTransaction { conn in try conn.migrate(ExampleSchema.self) }
    /// ```
    ///
    /// - Empty database: creates every table, index and join table, inserts the seed rows.
    /// - Tables but no version: refused, or adopted with `adopting: .ifMatching` (see ``AdoptionPolicy``).
    /// - Same version (`PRAGMA user_version`): reads the version and the file format, checks that every
    ///   declared column type fits its field's storage (`sqlite3_table_column_metadata`, no query), and returns.
    /// - A database written before storage format 2 (`PRAGMA application_id` 0): its `Date` columns without a
    ///   declared storage are converted from seconds since 1970 to seconds since 2001, in the same transaction.
    /// - Older version: for each newer version in order, the automatic additive changes (new tables,
    ///   columns, indexes) that its steps do not conflict with, then its explicit steps; then the remaining
    ///   additive changes. Tables are rebuilt with SQLite's 12-step procedure when needed.
    /// - Then the live schema is compared with the schema (`schemaDifferences(_:)`); anything missing or
    ///   different fails the migration, extras (tables, indexes, nullable columns) are kept.
    ///
    /// Everything runs in one transaction with foreign keys off and `PRAGMA foreign_key_check` before the
    /// commit, then `PRAGMA user_version` records the version. On any error nothing changes. In the transaction
    /// of a `write { }` closure it runs in a savepoint instead, and table rebuilds then fail unless foreign keys
    /// are off.
    ///
    /// - Parameters:
    ///   - schema: The generated schema type.
    ///   - adoption: What to do with a database that has tables but no version; `.never` by default.
    ///   - hooks: Closures for the schema's `hook` steps, by name.
    /// - Returns: What was done.
    /// - Throws: `MigrationError` (newer database, unversioned or not adoptable database, missing hooks,
    ///   invalid step, a failed step with its underlying `DatabaseError`, foreign-key violations, schema
    ///   mismatch, storage mismatch), or `DatabaseError`.
    @discardableResult
    public func migrate<S: DatabaseSchema>(
        _ schema: S.Type, adopting adoption: AdoptionPolicy = .never, hooks: [String: MigrationHook] = [:]
    ) throws -> MigrationOutcome {
        let migrator = Migrator(schema: SchemaDefinition(schema), hooks: hooks, adoption: adoption)
        return try withConnection { conn in try migrator.migrate(conn) }
    }

    /// Compares the live schema with the one a fresh database of `schema` gets: tables, columns (type,
    /// nullability, default), primary keys, indexes, `UNIQUE` constraints and foreign keys.
    ///
    /// - Returns: Every difference, tolerated ones (`isTolerated`: extra tables, indexes, columns) included;
    ///   empty when the schemas match.
    /// - Throws: `DatabaseError` when the schema cannot be read.
    public func schemaDifferences<S: DatabaseSchema>(_ schema: S.Type) throws -> [SchemaDifference] {
        let definition = SchemaDefinition(schema)
        return try withConnection { conn in try definition.differences(conn) }
    }

    /// The schema version recorded in the database (`PRAGMA user_version`; 0 for a new database).
    ///
    /// - Throws: `DatabaseError` when the database cannot be read.
    public func schemaVersion() throws -> Int {
        try withConnection { conn in try Migrator.version(conn) }
    }
}

/// A database an app reads from, whatever the engine: SQLite's ``Database`` and PostgreSQL's
/// `PostgresDatabase` (with the `PostgreSQL` trait) adopt it, so code written against it compiles once and runs on
/// both:
///
/// ```swift
/// func overdueLoans(in db: some DatabaseReader, on day: Date) async throws -> [Loan] {
///     try await Loan.filter(Loan.dueAt < day).order(Loan.dueAt).fetchAll(db)
/// }
/// ```
///
/// Apps call the verbs (`Loan.find(db, key)`, `request.fetchAll(db)`, `Loan.fetchAll(db, sql:arguments:)`, …),
/// which are written once against this protocol. Its requirements are what an engine implements to run them:
/// each runs in a read transaction of its own (on a reader connection or a replica where the engine has one)
/// and suspends the calling task instead of blocking its thread. Raw SQL spells parameters `$1, $2, …` on every
/// engine (SQLite also takes `?`).
public protocol DatabaseReader {
    /// The engine's SQL dialect: how its SQL spells parameters, literals and clauses.
    var dialect: SQLDialect { get }

    /// The records `request` matches, in its order.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func fetchAll<R: Record>(_ request: QueryRequest<R>) async throws -> [R]

    /// Calls `body` with each record `request` matches, as rows arrive (the result is not buffered whole).
    ///
    /// - Throws: `DatabaseError`, what `body` throws (which stops the iteration), or `CancellationError`.
    func forEach<R: Record>(_ request: QueryRequest<R>, _ body: (R) async throws -> Void) async throws

    /// The rows `request` selects, decoded.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func fetchAll<R: Record, T: Sendable>(_ request: SelectRequest<R, T>) async throws -> [T]

    /// The number of rows `request` matches.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func count<R: Record>(_ request: QueryRequest<R>) async throws -> Int

    /// Whether `request` matches any row.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func exists<R: Record>(_ request: QueryRequest<R>) async throws -> Bool

    /// Page `number` (1-based) of `size` records of `request` and its total count, read from one snapshot.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1).
    func page<R: Record>(_ request: QueryRequest<R>, number: Int, size: Int) async throws -> Page<R>

    /// The records `request` matches, each with what its `including` relations load (eager loading: one query
    /// per relation level, not per record).
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` for a required `belongsTo` whose parent is missing).
    func fetchAll<R: Record, Loaded: Sendable>(_ request: IncludingRequest<R, Loaded>) async throws -> [Related<R, Loaded>]

    /// Page `number` (1-based) of `size` records of `request` with what they load, and the total count, read from
    /// one snapshot.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1).
    func page<R: Record, Loaded: Sendable>(
        _ request: IncludingRequest<R, Loaded>, number: Int, size: Int
    ) async throws -> Page<Related<R, Loaded>>

    /// The record of type `type` with primary key `key`, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func find<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> R?

    /// The schema version the database records (0 for a database no migration ran on).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func schemaVersion() async throws -> Int

    /// How the database's tables differ from `schema`'s (empty when they match): drift a migration did not
    /// make, for a health check or a test.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func schemaDifferences<S: DatabaseSchema>(_ schema: S.Type) async throws -> [SchemaDifference]

    /// The records of type `type` with these keys, in no particular order; missing keys are skipped.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func find<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> [R]

    /// Whether a row of `type` has primary key `key`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func exists<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> Bool

    /// The records the raw `sql` selects (its columns in `schema.columns` order), `$1, $2, …` bound to
    /// `arguments`: every one, or only the first when `onlyFirst`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func fetch<R: Record>(_ type: R.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [R]

    /// The first column of the rows the raw `sql` returns, `$1, $2, …` bound to `arguments`: every row, or only
    /// the first when `onlyFirst`. On SQLite, SQL that writes (`INSERT … RETURNING`) runs on the writer; on a
    /// server engine, run it on the session of a `write`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func fetch<V: ColumnValue>(_ type: V.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [V]

    /// The first column of the rows the raw `sql` returns, read with `storage` (as a field declared with it):
    /// every row, or only the first when `onlyFirst`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    func fetch<S: ColumnStorage>(
        _ storage: S.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool
    ) async throws -> [S.Value] where S.Value: Sendable
}

/// A database an app reads from and writes to, whatever the engine (see ``DatabaseReader``). Each requirement
/// runs in a write transaction of its own: a batch is all or nothing.
///
/// ```swift
/// func checkOut(_ copy: Copy, to reader: Reader, in db: some DatabaseWriter) async throws -> Loan {
///     var loan = Loan(copyId: copy.id, readerId: reader.id, dueAt: .now.addingTimeInterval(14 * 86_400))
///     try await loan.insert(db)
///     return loan
/// }
/// ```
public protocol DatabaseWriter: DatabaseReader {
    /// What a ``transaction(_:)`` closure writes through: the database itself on SQLite, a `PostgresSession` on
    /// PostgreSQL.
    associatedtype TransactionWriter: DatabaseWriter

    /// Runs `body` in one write transaction: committed when it returns, rolled back when it throws. Every verb
    /// `body` calls on the writer it gets sees the transaction's changes; other writers see none of them until
    /// it commits. Called on a writer that is already in a transaction, it runs in a savepoint: a failure undoes
    /// only what `body` did.
    ///
    /// A statement that fails inside the closure undoes itself on SQLite, and the transaction goes on; on
    /// PostgreSQL it ends the transaction, which then rolls back and throws (never a silent loss). Code meant for
    /// both runs a statement that may fail, and goes on after it, in a nested `transaction { }`.
    ///
    /// ```swift
    /// func merge(_ duplicate: Author, into kept: Author, in db: some DatabaseWriter) async throws {
    ///     try await db.transaction { tx in
    ///         _ = try await Book.filter(Book.authorID == duplicate.id).updateAll(tx, Book.authorID.set(to: kept.id))
    ///         _ = try await duplicate.delete(tx)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: what `body` throws (after the rollback), or `DatabaseError` when the transaction cannot begin or
    ///   commit.
    @discardableResult
    func transaction<T: Sendable>(_ body: (TransactionWriter) async throws -> T) async throws -> T

    /// Sends the SQL of each statement the database runs to `body`, from the next read, write or transaction on;
    /// pass nil to stop. Called on a transaction's writer, it sets the trace of the database the transaction runs
    /// on. Each engine documents what the event's `expandedSQL` holds and on which thread `body` runs (see
    /// `Database.trace(_:)` and `PostgresDatabase.trace(_:)`); `body` must not use the database.
    ///
    /// ```swift
    /// db.trace { event in logger.debug("\(event.sql)") }
    /// ```
    func trace(_ body: (@Sendable (TraceEvent) -> Void)?)

    /// Creates `schema`'s tables on an empty database, or upgrades the database from the version it records to
    /// the schema's, in one transaction: a failing step changes nothing. A database with tables and no version
    /// is refused, or adopted with `adopting: .ifMatching` when its tables match the schema. `hooks` run the
    /// schema's `hook` steps, inside the migration's transaction. Each engine documents what it checks (see
    /// `Database` and `PostgresDatabase`); the verb ``migrate(_:)`` and its siblings supply the defaults.
    ///
    /// - Throws: `MigrationError` (newer, unversioned or not adoptable database, missing hooks, a failed step),
    ///   or `DatabaseError`.
    @discardableResult
    func migrate<S: DatabaseSchema>(
        _ schema: S.Type, adopting adoption: AdoptionPolicy, hooks: [String: MigrationHook]
    ) async throws -> MigrationOutcome

    /// Inserts `record`; returns it with the key the engine assigned.
    ///
    /// - Throws: `DatabaseError` (a constraint violation).
    func insert<R: Record>(_ record: R) async throws -> R

    /// Updates the row of `record`, or inserts it when there is none (or its key is nil); returns it with its key.
    ///
    /// - Throws: `DatabaseError`.
    func save<R: Record>(_ record: R) async throws -> R

    /// Inserts `record`, or updates the existing row with the same primary key (the same `conflictColumns`, a
    /// unique index, when given); returns it with its key.
    ///
    /// - Throws: `DatabaseError`.
    func upsert<R: Record>(_ record: R, onConflict conflictColumns: [any ColumnProtocol]?) async throws -> R

    /// Updates the row of `record`: every column, or only `columns`.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has its key, `.misuse` for a column of another table).
    func update<R: Record>(_ record: R, columns: [any ColumnProtocol]?) async throws

    /// Deletes the row of `record`; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`.
    func delete<R: Record>(_ record: R) async throws -> Bool

    /// Inserts `records`; returns them with the keys the engine assigned.
    ///
    /// - Throws: `DatabaseError` (a constraint violation); nothing is inserted when one fails.
    func insert<R: Record>(_ records: [R]) async throws -> [R]

    /// Updates the row of each record, or inserts the record when there is none (or its key is nil); returns
    /// them with their keys.
    ///
    /// - Throws: `DatabaseError`; nothing is written when one fails.
    func save<R: Record>(_ records: [R]) async throws -> [R]

    /// Inserts each record, or updates the existing row with the same primary key (the same `conflictColumns`,
    /// a unique index, when given); returns them with their keys.
    ///
    /// - Throws: `DatabaseError`; nothing is written when one fails.
    func upsert<R: Record>(_ records: [R], onConflict conflictColumns: [any ColumnProtocol]?) async throws -> [R]

    /// Saves `record` and the related records of `changes` (and theirs, nested), all or nothing; returns the
    /// record and the children as saved, with their keys.
    ///
    /// - Throws: `DatabaseError` (nothing of the graph is kept then).
    func save<R: Record, each Saved: Sendable>(
        _ record: R, with changes: repeat GraphChange<R, each Saved>
    ) async throws -> (R, (repeat each Saved))

    /// Changes which targets `members` (an owner's many-to-many relation) links, in its join table.
    ///
    /// - Throws: `DatabaseError` (`.misuse` for an unsaved owner or target).
    func change<Owner: Record, Target: Record, Kind: ManyToManyRelationKind>(
        _ members: ManyToManyMembers<Owner, Target, Kind>, _ change: MembershipChange<Target>
    ) async throws

    /// Moves or inserts a target in an ordered many-to-many list.
    ///
    /// - Throws: `DatabaseError` (`.misuse` for a target that is not a member, when moving).
    func reorder<Owner: Record, Target: Record>(
        _ members: ManyToManyMembers<Owner, Target, OrderedManyToManyKind>, _ change: ListChange<Owner, Target>
    ) async throws

    /// Updates the row of each record: every column, or only `columns`.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has a record's key, `.misuse` for a column of
    ///   another table); nothing is written when one fails.
    func update<R: Record>(_ records: [R], columns: [any ColumnProtocol]?) async throws

    /// Deletes the row of each record; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    func delete<R: Record>(_ records: [R]) async throws -> Int

    /// Deletes the rows of `type` with these keys; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    func delete<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> Int

    /// Deletes the rows `request` matches; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    func deleteAll<R: Record>(_ request: QueryRequest<R>) async throws -> Int

    /// Sets `assignments` on the rows `request` matches; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError` (what an insert would refuse is refused before anything runs).
    func updateAll<R: Record>(_ request: QueryRequest<R>, _ assignments: [ColumnAssignment]) async throws -> Int

    /// Runs the raw `sql` for its effect, `$1, $2, …` bound to `arguments`.
    ///
    /// - Throws: `DatabaseError`.
    func execute(sql: String, arguments: StatementArguments) async throws
}

// The async forms of the request operations of Query/: fetches, counts and pages run in `Database.read` (on a
// reader), `deleteAll`/`updateAll` in `Database.write` (a transaction on the writer).

extension QueryRequest {
    /// The async form of `fetchAll(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: Database) async throws -> [R] {
        try await db.read { conn in try fetchAll(conn) }
    }

    /// The async form of `fetchOne(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: Database) async throws -> R? {
        try await db.read { conn in try fetchOne(conn) }
    }

    /// The async form of `count(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: Database) async throws -> Int {
        try await db.read { conn in try count(conn) }
    }

    /// The async form of `exists(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func exists(_ db: Database) async throws -> Bool {
        try await db.read { conn in try exists(conn) }
    }

    /// The async form of `page(_:size:in:)`: runs on a reader (one read transaction) and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError` when
    ///   the task is cancelled.
    public func page(_ number: Int, size: Int, in db: Database) async throws -> Page<R> {
        try await db.read { conn in try page(number, size: size, in: conn) }
    }

    /// The async form of `deleteAll(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func deleteAll(_ db: Database) async throws -> Int {
        try await db.write { conn in try deleteAll(conn) }
    }

    /// The async form of `updateAll(_:_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: ColumnAssignment...) async throws -> Int {
        try await updateAll(db, assignments)
    }

    /// The async form of `updateAll(_:_:)` with an array: runs in a transaction on the writer and does not
    /// block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: [ColumnAssignment]) async throws -> Int {
        try await db.write { conn in try updateAll(conn, assignments) }
    }
}

extension Record {
    /// The async form of `Record.page(_:size:in:)`: runs on a reader (one read transaction) and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError` when
    ///   the task is cancelled.
    public static func page(_ number: Int, size: Int, in db: Database) async throws -> Page<Self> {
        try await all().page(number, size: size, in: db)
    }

    /// The async form of `Record.updateAll(_:_:)`: runs in a transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func updateAll(_ db: Database, _ assignments: ColumnAssignment...) async throws -> Int {
        try await all().updateAll(db, assignments)
    }
}

extension QueryRequest {
    /// The async form of `aggregate(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func aggregate<E: TypedExpression>(_ db: Database, _ expression: E) async throws -> E.Value
    where E.Storage: ColumnStorage, E.Value: Sendable {
        try await db.read { conn in try aggregate(conn, expression) }
    }

    /// The async form of `sum(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func sum<E: TypedExpression>(_ db: Database, _ column: E) async throws -> E.Value.Nullable
    where E.Value: DatabaseNumeric {
        try await db.read { conn in try sum(conn, column) }
    }

    /// The async form of `sum(_:_:)` of a column stored as scaled INTEGER: runs on a reader and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func sum<S: AdditiveColumnStorage>(_ db: Database, _ column: StoredColumn<S>) async throws -> S.Nullable.Value
    where S.Nullable.Value: Sendable {
        try await db.read { conn in try sum(conn, column) }
    }

    /// The async form of `average(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func average<E: TypedExpression>(_ db: Database, _ column: E) async throws -> Double? where E.Value: DatabaseNumeric {
        try await db.read { conn in try average(conn, column) }
    }

    /// The async form of `min(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func min<E: TypedExpression>(_ db: Database, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage, E.Storage.Nullable.Value: Sendable {
        try await db.read { conn in try self.min(conn, column) }
    }

    /// The async form of `max(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func max<E: TypedExpression>(_ db: Database, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage, E.Storage.Nullable.Value: Sendable {
        try await db.read { conn in try self.max(conn, column) }
    }

    /// The async form of `count(_:distinct:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count<E: TypedExpression>(_ db: Database, distinct column: E) async throws -> Int {
        try await db.read { conn in try count(conn, distinct: column) }
    }
}

extension SelectRequest where T: Sendable {
    /// The async form of `SelectRequest.fetchAll(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: Database) async throws -> [T] {
        try await db.read { conn in try fetchAll(conn) }
    }

    /// The async form of `SelectRequest.fetchOne(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: Database) async throws -> T? {
        try await db.read { conn in try fetchOne(conn) }
    }
}

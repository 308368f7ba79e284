// The query verbs on any engine (`DatabaseReader`, `DatabaseWriter`), written once: fetches, counts, pages,
// aggregates and selections read in a transaction of their own; `deleteAll`/`updateAll` write in one.

extension QueryRequest {
    /// Every matching record.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: some DatabaseReader) async throws -> [R] {
        try await db.fetchAll(self)
    }

    /// The first matching record, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: some DatabaseReader) async throws -> R? {
        try await db.fetchAll(limit(1, offset: offsetCount)).first
    }

    /// Calls `body` with each matching record, as rows arrive (the result is not buffered whole).
    ///
    /// ```swift
    /// try await Author.order(Author.name).forEach(db) { author in print(author.name) }
    /// ```
    ///
    /// - Throws: `DatabaseError`, what `body` throws (which stops the iteration), or `CancellationError`.
    public func forEach(_ db: some DatabaseReader, _ body: (R) async throws -> Void) async throws {
        try await db.forEach(self, body)
    }

    /// The number of matching rows.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: some DatabaseReader) async throws -> Int {
        try await db.count(self)
    }

    /// Whether any row matches.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func exists(_ db: some DatabaseReader) async throws -> Bool {
        try await db.exists(self)
    }

    /// Page `number` (1-based) of `size` records and the total count, from one snapshot. Give the request an
    /// `order` so pages do not overlap; its own limit and offset are replaced.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError`.
    public func page(_ number: Int, size: Int, in db: some DatabaseReader) async throws -> Page<R> {
        try await db.page(self, number: number, size: size)
    }

    /// Deletes every matching row; returns how many there were.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func deleteAll(_ db: some DatabaseWriter) async throws -> Int {
        try await db.deleteAll(self)
    }

    /// Sets `assignments` on every matching row; returns how many rows changed.
    ///
    /// ```swift
    /// try await Author.filter(Author.rating < 2).updateAll(db, Author.rating.set(to: 2))
    /// ```
    ///
    /// - Throws: `DatabaseError` (what an insert would refuse is refused before anything runs), or
    ///   `CancellationError`.
    @discardableResult
    public func updateAll(_ db: some DatabaseWriter, _ assignments: ColumnAssignment...) async throws -> Int {
        try await db.updateAll(self, assignments)
    }

    /// Sets `assignments` on every matching row; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func updateAll(_ db: some DatabaseWriter, _ assignments: [ColumnAssignment]) async throws -> Int {
        try await db.updateAll(self, assignments)
    }
}

extension Record {
    /// Page `number` (1-based) of `size` records of the whole table.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError`.
    public static func page(_ number: Int, size: Int, in db: some DatabaseReader) async throws -> Page<Self> {
        try await all().page(number, size: size, in: db)
    }

    /// Sets `assignments` on every row; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func updateAll(_ db: some DatabaseWriter, _ assignments: ColumnAssignment...) async throws -> Int {
        try await db.updateAll(all(), assignments)
    }
}

extension QueryRequest {
    /// The value of one aggregate over the matching rows: `Author.all().aggregate(db, average(Author.rating))`.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when a grouped request returns no row), or `CancellationError`.
    public func aggregate<E: TypedExpression>(_ db: some DatabaseReader, _ expression: E) async throws -> E.Value
    where E.Storage: ColumnStorage, E.Value: Sendable {
        try aggregated(try await db.fetchAll(aggregateRequest(expression)).first)
    }

    /// `SUM` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func sum<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> E.Value.Nullable
    where E.Value: DatabaseNumeric {
        try await aggregate(db, ORMKit.sum(column))
    }

    /// `SUM` of a column stored as a scaled integer (exact); nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func sum<S: AdditiveColumnStorage>(_ db: some DatabaseReader, _ column: StoredColumn<S>) async throws -> S.Nullable.Value
    where S.Nullable.Value: Sendable {
        try await aggregate(db, ORMKit.sum(column))
    }

    /// `AVG` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func average<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> Double?
    where E.Value: DatabaseNumeric {
        try await aggregate(db, ORMKit.average(column))
    }

    /// `MIN` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func min<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage, E.Storage.Nullable.Value: Sendable {
        try await aggregate(db, ORMKit.min(column))
    }

    /// `MAX` of `column` over the matching rows; nil when no row has a value.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func max<E: TypedExpression>(_ db: some DatabaseReader, _ column: E) async throws -> E.Storage.Nullable.Value
    where E.Storage: OrderedColumnStorage, E.Storage.Nullable.Value: Sendable {
        try await aggregate(db, ORMKit.max(column))
    }

    /// The number of distinct non-NULL values of `column` over the matching rows.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count<E: TypedExpression>(_ db: some DatabaseReader, distinct column: E) async throws -> Int {
        try await aggregate(db, ORMKit.count(distinct: column))
    }
}

extension SelectRequest where T: Sendable {
    /// Every selected row, decoded.
    ///
    /// - Throws: `DatabaseError` (`.decoding` naming the column and row for a bad value), or `CancellationError`.
    public func fetchAll(_ db: some DatabaseReader) async throws -> [T] {
        try await db.fetchAll(self)
    }

    /// The first selected row, decoded, or nil when there is none.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: some DatabaseReader) async throws -> T? {
        try await db.fetchAll(limit(1, offset: base.offsetCount)).first
    }
}

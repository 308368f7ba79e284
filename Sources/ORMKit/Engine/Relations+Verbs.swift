// The relation verbs on any engine (`DatabaseReader`, `DatabaseWriter`), written once: eager loading
// (`including`), named results, many-to-many members. Graph saves are with the record verbs.

extension IncludingRequest {
    /// Every matching record with what it loads.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` for a required `belongsTo` whose parent is missing), or
    ///   `CancellationError`.
    public func fetchAll(_ db: some DatabaseReader) async throws -> [Related<R, Loaded>] {
        try await db.fetchAll(self)
    }

    /// The first matching record with what it loads, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: some DatabaseReader) async throws -> Related<R, Loaded>? {
        try await db.fetchAll(limit(1, offset: base.offsetCount)).first
    }

    /// The number of matching records (what they load is not counted).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: some DatabaseReader) async throws -> Int {
        try await db.count(base)
    }

    /// Page `number` (1-based) of `size` records with what they load, and the total count, from one snapshot.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError`.
    public func page(_ number: Int, size: Int, in db: some DatabaseReader) async throws -> Page<Related<R, Loaded>> {
        try await db.page(self, number: number, size: size)
    }
}

extension EagerResult {
    /// Every record of the table with what the result type loads.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: some DatabaseReader) async throws -> [Self] {
        try await all().fetchAll(db)
    }
}

extension EagerResultRequest {
    /// Every matching record as a named result.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: some DatabaseReader) async throws -> [Result] {
        try await request.fetchAll(db).map(Self.result)
    }

    /// The first matching record as a named result, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: some DatabaseReader) async throws -> Result? {
        try await request.fetchOne(db).map(Self.result)
    }

    /// The number of matching records.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: some DatabaseReader) async throws -> Int {
        try await request.count(db)
    }

    /// Page `number` (1-based) of `size` named results, and the total count, from one snapshot.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError`.
    public func page(_ number: Int, size: Int, in db: some DatabaseReader) async throws -> Page<Result> {
        let page = try await request.page(number, size: size, in: db)
        return Page(items: page.items.map(Self.result), number: page.number, size: page.size, totalCount: page.totalCount)
    }

    /// The named result of a record with what it loaded.
    private static func result(_ related: Related<Result.Base, Result.Loaded>) -> Result {
        Result(record: related.record, loaded: related.related)
    }
}

extension ManyToManyMembers {
    /// The linked targets, in the relation's order.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: some DatabaseReader) async throws -> [Target] {
        try await request.fetchAll(db)
    }

    /// The first linked target, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: some DatabaseReader) async throws -> Target? {
        try await request.fetchOne(db)
    }

    /// The number of linked targets.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: some DatabaseReader) async throws -> Int {
        try await request.count(db)
    }

    /// Links `targets` (saved records); existing links stay as they are.
    ///
    /// - Throws: `DatabaseError` (`.misuse` for an unsaved owner or target), or `CancellationError`.
    public func attach(_ db: some DatabaseWriter, _ targets: [Target]) async throws {
        try await db.change(self, .attach(targets))
    }

    /// Links `target`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func attach(_ db: some DatabaseWriter, _ target: Target) async throws {
        try await db.change(self, .attach([target]))
    }

    /// Unlinks `targets` (the records stay).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func detach(_ db: some DatabaseWriter, _ targets: [Target]) async throws {
        try await db.change(self, .detach(targets))
    }

    /// Unlinks `target`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func detach(_ db: some DatabaseWriter, _ target: Target) async throws {
        try await db.change(self, .detach([target]))
    }

    /// Links exactly `targets`, unlinking every other, in one transaction.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func set(_ db: some DatabaseWriter, _ targets: [Target]) async throws {
        try await db.change(self, .set(targets))
    }

    /// Unlinks `target` (same as `detach`).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func remove(_ db: some DatabaseWriter, _ target: Target) async throws {
        try await db.change(self, .detach([target]))
    }
}

extension ManyToManyMembers where Kind == OrderedManyToManyKind {
    /// Links `target` at the top or bottom of the ordered list (moves it there when already linked).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func insert(_ db: some DatabaseWriter, _ target: Target, at end: ListEnd = .bottom) async throws {
        try await db.reorder(self, .insert(target, at: end))
    }

    /// Moves the linked `target` to the 0-based `index` (clamped to the list).
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `target` is not linked), or `CancellationError`.
    public func move(_ db: some DatabaseWriter, _ target: Target, to index: Int) async throws {
        try await db.reorder(self, .move(target, to: index))
    }
}

// The async forms of the many-to-many members' fetches and writes (Relations/ManyToManyRecords.swift).

extension ManyToManyMembers {
    /// The async form of `ManyToManyMembers.fetchAll(_:)`: runs on a reader and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: Database) async throws -> [Target] {
        try await request.fetchAll(db)
    }

    /// The async form of `ManyToManyMembers.fetchOne(_:)`: runs on a reader and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: Database) async throws -> Target? {
        try await request.fetchOne(db)
    }

    /// The async form of `ManyToManyMembers.count(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: Database) async throws -> Int {
        try await request.count(db)
    }

    /// The async form of `attach(_:_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when the owner or a target has no key), or `CancellationError` when
    ///   the task is cancelled.
    public func attach(_ db: Database, _ targets: [Target]) async throws {
        try await db.write { conn in try attach(conn, targets) }
    }

    /// The async form of `attach(_:_:)` with one target: runs in a transaction on the writer and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func attach(_ db: Database, _ target: Target) async throws {
        try await attach(db, [target])
    }

    /// The async form of `detach(_:_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when the owner or a target has no key), or `CancellationError` when
    ///   the task is cancelled.
    public func detach(_ db: Database, _ targets: [Target]) async throws {
        try await db.write { conn in try detach(conn, targets) }
    }

    /// The async form of `detach(_:_:)` with one target: runs in a transaction on the writer and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func detach(_ db: Database, _ target: Target) async throws {
        try await detach(db, [target])
    }

    /// The async form of `set(_:_:)`: runs in a transaction on the writer and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError` (nothing changes then), or `CancellationError` when the task is cancelled.
    public func set(_ db: Database, _ targets: [Target]) async throws {
        try await db.write { conn in try set(conn, targets) }
    }

    /// The async form of `remove(_:_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func remove(_ db: Database, _ target: Target) async throws {
        try await db.write { conn in try remove(conn, target) }
    }
}

extension ManyToManyMembers where Kind == OrderedManyToManyKind {
    /// The async form of `insert(_:_:at:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func insert(_ db: Database, _ target: Target, at end: ListEnd = .bottom) async throws {
        try await db.write { conn in try insert(conn, target, at: end) }
    }

    /// The async form of `move(_:_:to:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `target` is not a member), or `CancellationError` when the task
    ///   is cancelled.
    public func move(_ db: Database, _ target: Target, to index: Int) async throws {
        try await db.write { conn in try move(conn, target, to: index) }
    }
}

// The async forms of eager loading (`including`), named results and graph saves (Relations/).

extension IncludingRequest {
    /// The async form of `IncludingRequest.fetchAll(_:)`: runs on a reader (one read transaction) and does not
    /// block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: Database) async throws -> [Related<R, Loaded>] {
        try await db.read { conn in try fetchAll(conn) }
    }

    /// The async form of `IncludingRequest.fetchOne(_:)`: runs on a reader (one read transaction) and does not
    /// block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: Database) async throws -> Related<R, Loaded>? {
        try await db.read { conn in try fetchOne(conn) }
    }

    /// The async form of `IncludingRequest.count(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: Database) async throws -> Int {
        try await db.read { conn in try count(conn) }
    }

    /// The async form of `IncludingRequest.page(_:size:in:)`: runs on a reader (one read transaction) and does
    /// not block the calling thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError` when
    ///   the task is cancelled.
    public func page(_ number: Int, size: Int, in db: Database) async throws -> Page<Related<R, Loaded>> {
        try await db.read { conn in try page(number, size: size, in: conn) }
    }
}

extension EagerResult {
    /// The async form of `EagerResult.fetchAll(_:)`: runs on a reader (one read transaction) and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: Database) async throws -> [Self] {
        try await db.read { conn in try fetchAll(conn) }
    }
}

extension EagerResultRequest {
    /// The async form of `EagerResultRequest.fetchAll(_:)`: runs on a reader (one read transaction) and does
    /// not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchAll(_ db: Database) async throws -> [Result] {
        try await db.read { conn in try fetchAll(conn) }
    }

    /// The async form of `EagerResultRequest.fetchOne(_:)`: runs on a reader (one read transaction) and does
    /// not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func fetchOne(_ db: Database) async throws -> Result? {
        try await db.read { conn in try fetchOne(conn) }
    }

    /// The async form of `EagerResultRequest.count(_:)`: runs on a reader and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func count(_ db: Database) async throws -> Int {
        try await db.read { conn in try count(conn) }
    }

    /// The async form of `EagerResultRequest.page(_:size:in:)`: runs on a reader (one read transaction) and
    /// does not block the calling thread.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when `number` or `size` is below 1), or `CancellationError` when
    ///   the task is cancelled.
    public func page(_ number: Int, size: Int, in db: Database) async throws -> Page<Result> {
        try await db.read { conn in try page(number, size: size, in: conn) }
    }
}

extension Record {
    /// The async form of `save(_:with:)`: saves the record and the related records of `changes` in one
    /// transaction on the writer and does not block the calling thread; the record gets its assigned id.
    ///
    /// - Throws: `DatabaseError` (nothing of the graph is kept then), or `CancellationError` when the task is
    ///   cancelled.
    @discardableResult
    public mutating func save<each Saved: Sendable>(
        _ db: Database, with changes: repeat GraphChange<Self, each Saved>
    ) async throws -> (repeat each Saved) {
        let record = self
        let (saved, children) = try await db.write { conn in
            var copy = record
            let children = try copy.save(conn, with: repeat each changes)
            return (copy, children)
        }
        self = saved
        return children
    }
}

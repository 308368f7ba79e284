// The async forms of the record operations of Records/: each runs the synchronous operation inside
// `Database.read` (on a reader) or `Database.write` (one write transaction on the writer), on the database's
// queues, so the calling task suspends and its thread is never blocked.

extension Record {
    // MARK: Fetches

    /// The async form of `find(_:_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func find(_ db: Database, _ key: PrimaryKey) async throws -> Self? {
        try await db.read { conn in try find(conn, key) }
    }

    /// The async form of `find(_:keys:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func find(_ db: Database, keys: some Sequence<PrimaryKey>) async throws -> [Self] {
        let keys = Array(keys)
        return try await db.read { conn in try find(conn, keys: keys) }
    }

    /// The async form of `exists(_:key:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func exists(_ db: Database, key: PrimaryKey) async throws -> Bool {
        try await db.read { conn in try exists(conn, key: key) }
    }

    /// The async form of `fetchAll(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: Database) async throws -> [Self] {
        try await db.read { conn in try fetchAll(conn) }
    }

    /// The async form of `fetchOne(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: Database) async throws -> Self? {
        try await db.read { conn in try fetchOne(conn) }
    }

    /// The async form of `count(_:)`: runs on a reader and does not block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func count(_ db: Database) async throws -> Int {
        try await db.read { conn in try count(conn) }
    }

    // MARK: Insert, save, upsert (store the assigned id back)

    /// The async form of `insert(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread; an auto-increment record gets its id.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public mutating func insert(_ db: Database) async throws {
        try await writeCopy(db) { record, conn in try record.insert(conn) }
    }

    /// The async form of `insert(_:contentsOf:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func insert(_ db: Database, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        let records = Array(records)
        return try await db.write { conn in try insert(conn, contentsOf: records) }
    }

    /// The async form of `save(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread; an inserted auto-increment record gets its id.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public mutating func save(_ db: Database) async throws {
        try await writeCopy(db) { record, conn in try record.save(conn) }
    }

    /// The async form of `save(_:contentsOf:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func save(_ db: Database, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        let records = Array(records)
        return try await db.write { conn in try save(conn, contentsOf: records) }
    }

    /// The async form of `upsert(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread; an auto-increment record gets its id.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public mutating func upsert(_ db: Database) async throws {
        try await writeCopy(db) { record, conn in try record.upsert(conn) }
    }

    /// The async form of `upsert(_:onConflict:)`: runs in a transaction on the writer and does not block the
    /// calling thread; an auto-increment record gets the id of the row it inserted or updated.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public mutating func upsert(_ db: Database, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        try await writeCopy(db) { record, conn in try record.upsert(conn, onConflict: conflictColumns) }
    }

    /// The async form of `upsert(_:contentsOf:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func upsert(_ db: Database, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        let records = Array(records)
        return try await db.write { conn in try upsert(conn, contentsOf: records) }
    }

    // MARK: Update

    /// The async form of `update(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key), or `CancellationError` when the
    ///   task is cancelled.
    public func update(_ db: Database) async throws {
        try await db.write { conn in try update(conn) }
    }

    /// The async form of `update(_:columns:)`: runs in a transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key), or `CancellationError` when the
    ///   task is cancelled.
    public func update(_ db: Database, columns: [any ColumnProtocol]) async throws {
        try await db.write { conn in try update(conn, columns: columns) }
    }

    /// The async form of `update(_:allColumnsExcept:)`: runs in a transaction on the writer and does not block
    /// the calling thread.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key), or `CancellationError` when the
    ///   task is cancelled.
    public func update(_ db: Database, allColumnsExcept excludedColumns: [any ColumnProtocol]) async throws {
        try await db.write { conn in try update(conn, allColumnsExcept: excludedColumns) }
    }

    /// The async form of `update(_:contentsOf:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func update(_ db: Database, contentsOf records: some Sequence<Self>) async throws {
        let records = Array(records)
        try await db.write { conn in try update(conn, contentsOf: records) }
    }

    // MARK: Delete

    /// The async form of `delete(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public func delete(_ db: Database) async throws -> Bool {
        try await db.write { conn in try delete(conn) }
    }

    /// The async form of `delete(_:key:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func delete(_ db: Database, key: PrimaryKey) async throws -> Bool {
        try await db.write { conn in try delete(conn, key: key) }
    }

    /// The async form of `delete(_:keys:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func delete(_ db: Database, keys: some Sequence<PrimaryKey>) async throws -> Int {
        let keys = Array(keys)
        return try await db.write { conn in try delete(conn, keys: keys) }
    }

    /// The async form of `delete(_:contentsOf:)`: runs in one transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func delete(_ db: Database, contentsOf records: some Sequence<Self>) async throws -> Int {
        let records = Array(records)
        return try await db.write { conn in try delete(conn, contentsOf: records) }
    }

    /// The async form of `deleteAll(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func deleteAll(_ db: Database) async throws -> Int {
        try await db.write { conn in try deleteAll(conn) }
    }

    // MARK: Helpers

    /// Runs `body` on a copy of the record in `db.write`, then stores the copy back: how the mutating writes
    /// give an auto-increment record its id (a mutating `self` cannot be captured by the `@Sendable` closure).
    mutating func writeCopy(
        _ db: Database, _ body: @escaping @Sendable (inout Self, Connection) throws -> Void
    ) async throws {
        let record = self
        self = try await db.write { conn in
            var copy = record
            try body(&copy, conn)
            return copy
        }
    }
}

extension KeyedRecord {
    /// The async form of `KeyedRecord.insert(_:)`: runs in a transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func insert(_ db: Database) async throws {
        try await db.write { conn in try insert(conn) }
    }

    /// The async form of `KeyedRecord.save(_:)`: runs in a transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func save(_ db: Database) async throws {
        try await db.write { conn in try save(conn) }
    }

    /// The async form of `KeyedRecord.upsert(_:)`: runs in a transaction on the writer and does not block the
    /// calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func upsert(_ db: Database) async throws {
        try await db.write { conn in try upsert(conn) }
    }

    /// The async form of `KeyedRecord.upsert(_:onConflict:)`: runs in a transaction on the writer and does not
    /// block the calling thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public func upsert(_ db: Database, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        try await db.write { conn in try upsert(conn, onConflict: conflictColumns) }
    }
}

// The record verbs on any engine (`DatabaseReader`, `DatabaseWriter`), written once. Each runs in a transaction
// of its own and suspends the calling task instead of blocking its thread; inside a SQLite `read`/`write`
// closure the synchronous forms take the `Connection`.

extension Record {
    // MARK: Fetches

    /// The record with primary key `key`, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func find(_ db: some DatabaseReader, _ key: PrimaryKey) async throws -> Self? {
        try await db.find(Self.self, key: key)
    }

    /// The records with these keys; missing keys are skipped.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func find(_ db: some DatabaseReader, keys: some Sequence<PrimaryKey>) async throws -> [Self] {
        try await db.find(Self.self, keys: Array(keys))
    }

    /// Whether a row has primary key `key`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func exists(_ db: some DatabaseReader, key: PrimaryKey) async throws -> Bool {
        try await db.exists(Self.self, key: key)
    }

    /// Every row of the table.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: some DatabaseReader) async throws -> [Self] {
        try await db.fetchAll(all())
    }

    /// The first row of the table, or nil.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: some DatabaseReader) async throws -> Self? {
        try await all().fetchOne(db)
    }

    /// The number of rows in the table.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func count(_ db: some DatabaseReader) async throws -> Int {
        try await db.count(all())
    }

    // MARK: Insert, save, upsert (store the assigned key back)

    /// Inserts the record; an auto-increment record gets the key the engine assigned.
    ///
    /// - Throws: `DatabaseError` (`isUniqueViolation`, … on a constraint violation), or `CancellationError`.
    public mutating func insert(_ db: some DatabaseWriter) async throws {
        self = try await db.insert(self)
    }

    /// Inserts `records` in one transaction; returns them with their assigned keys.
    ///
    /// - Throws: `DatabaseError`; nothing is inserted when one fails.
    @discardableResult
    public static func insert(_ db: some DatabaseWriter, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        try await db.insert(Array(records))
    }

    /// Updates the row with the record's key, or inserts the record when there is none (or its key is nil).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public mutating func save(_ db: some DatabaseWriter) async throws {
        self = try await db.save(self)
    }

    /// Saves `records` in one transaction; returns them with their keys.
    ///
    /// - Throws: `DatabaseError`; nothing is written when one fails.
    @discardableResult
    public static func save(_ db: some DatabaseWriter, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        try await db.save(Array(records))
    }

    /// Inserts the record, or updates the row with the same primary key, in one statement.
    ///
    /// - Throws: `DatabaseError` (`.misuse` when the table has no usable key), or `CancellationError`.
    public mutating func upsert(_ db: some DatabaseWriter) async throws {
        self = try await db.upsert(self, onConflict: nil)
    }

    /// Inserts the record, or updates the row whose `conflictColumns` (a unique index) equal the record's; an
    /// auto-increment record gets the key of the row it inserted or updated.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public mutating func upsert(_ db: some DatabaseWriter, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        self = try await db.upsert(self, onConflict: conflictColumns)
    }

    /// Upserts `records` by primary key in one transaction; returns them with their keys.
    ///
    /// - Throws: `DatabaseError`; nothing is written when one fails.
    @discardableResult
    public static func upsert(_ db: some DatabaseWriter, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        try await db.upsert(Array(records), onConflict: nil)
    }

    /// Saves the record and the related records in `changes` (and theirs, nested), all or nothing: the record
    /// first, so its generated key fills the children's foreign keys; then each change in order, each child
    /// before its own changes. The record gets its assigned key, and the children come back as saved: one value
    /// per change (a tuple for several).
    ///
    /// ```swift
    /// var author = Author(name: "Ann", email: "ann@example.org")
    /// let (books, profile) = try await author.save(db, with:
    ///     Author.books.saving([dune, emma]),
    ///     Author.profile.saving { AuthorProfile(links: [:], authorID: $0) })
    /// ```
    ///
    /// - Throws: `DatabaseError` (constraint violations, `.misuse` for a closure taking another key type or an
    ///   unsaved many-to-many target), after rolling back the whole graph; the record is unchanged then.
    @discardableResult
    public mutating func save<each Saved: Sendable>(
        _ db: some DatabaseWriter, with changes: repeat GraphChange<Self, each Saved>
    ) async throws -> (repeat each Saved) {
        let (saved, children) = try await db.save(self, with: repeat each changes)
        self = saved
        return children
    }

    // MARK: Update

    /// Updates every column of the row with the record's key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key), or `CancellationError`.
    public func update(_ db: some DatabaseWriter) async throws {
        try await db.update(self, columns: nil)
    }

    /// Updates only `columns` of the row with the record's key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key, `.misuse` for a column of another
    ///   table), or `CancellationError`.
    public func update(_ db: some DatabaseWriter, columns: [any ColumnProtocol]) async throws {
        try await db.update(self, columns: columns)
    }

    /// Updates every column but the key and `excludedColumns`.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key), or `CancellationError`.
    public func update(_ db: some DatabaseWriter, allColumnsExcept excludedColumns: [any ColumnProtocol]) async throws {
        try await db.update(self, columns: try Self.columns(allExcept: excludedColumns))
    }

    /// Updates the rows of `records` in one transaction.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has a record's key); nothing is written when one
    ///   fails.
    public static func update(_ db: some DatabaseWriter, contentsOf records: some Sequence<Self>) async throws {
        try await db.update(Array(records), columns: nil)
    }

    // MARK: Delete

    /// Deletes the row with the record's key; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public func delete(_ db: some DatabaseWriter) async throws -> Bool {
        try await db.delete(self)
    }

    /// Deletes the row with primary key `key`; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public static func delete(_ db: some DatabaseWriter, key: PrimaryKey) async throws -> Bool {
        try await db.delete(Self.self, keys: [key]) > 0
    }

    /// Deletes the rows with these keys in one transaction; returns how many there were.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public static func delete(_ db: some DatabaseWriter, keys: some Sequence<PrimaryKey>) async throws -> Int {
        try await db.delete(Self.self, keys: Array(keys))
    }

    /// Deletes the rows of `records` in one transaction; returns how many there were.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public static func delete(_ db: some DatabaseWriter, contentsOf records: some Sequence<Self>) async throws -> Int {
        try await db.delete(Array(records))
    }

    /// Deletes every row of the table; returns how many there were.
    ///
    /// - Throws: `DatabaseError` (for example a foreign-key violation), or `CancellationError`.
    @discardableResult
    public static func deleteAll(_ db: some DatabaseWriter) async throws -> Int {
        try await db.deleteAll(all())
    }

    // MARK: Helpers

    /// Every column but the key and `excludedColumns`, for `update(_:columns:)`.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a column of another table.
    static func columns(allExcept excludedColumns: [any ColumnProtocol]) throws -> [any ColumnProtocol] {
        let excluded = Set(try columnNames(excludedColumns))
        return schema.columns.filter { !excluded.contains($0.name) && !schema.primaryKey.contains($0.name) }
            .map { SchemaColumn(name: $0.name, table: schema.name) }
    }
}

/// A column named by the schema, where no typed column is at hand.
private struct SchemaColumn: ColumnProtocol {
    let name: String
    let table: String
}

extension KeyedRecord {
    /// Inserts the record (its key is set by the app).
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public func insert(_ db: some DatabaseWriter) async throws {
        _ = try await db.insert(self)
    }

    /// Updates the row with the record's key, or inserts the record.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public func save(_ db: some DatabaseWriter) async throws {
        _ = try await db.save(self)
    }

    /// Inserts the record or updates the row with its key.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public func upsert(_ db: some DatabaseWriter) async throws {
        _ = try await db.upsert(self, onConflict: nil)
    }

    /// Inserts the record or updates the row with the same values in `conflictColumns`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    public func upsert(_ db: some DatabaseWriter, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        _ = try await db.upsert(self, onConflict: conflictColumns)
    }
}

/// A record whose primary key the app sets (any model without an auto-increment key): inserting, saving or
/// upserting it assigns nothing back, so those calls are not `mutating` and work on a `let`. Generated code
/// conforms such models to `KeyedRecord`; auto-increment models stay plain `Record`s, whose writes store the
/// assigned id and so need a `var`.
///
/// ```swift
/// let book = Book(isbn: "9780553383041", title: "A Wizard of Earthsea", …)
/// try book.insert(db)
/// ```
public protocol KeyedRecord: Record {}

extension KeyedRecord {
    /// Inserts the record.
    ///
    /// - Throws: `DatabaseError`: constraint violations (a foreign-key violation names the key), or an encoding
    ///   error.
    @inlinable
    public func insert(_ db: Connection) throws {
        var record = self
        try db.withConnection { conn in try record.insertRow(conn) }
    }

    /// Updates the row with the record's key, or inserts the record when there is none.
    ///
    /// - Throws: `DatabaseError`: constraint violations.
    public func save(_ db: Connection) throws {
        var record = self
        try db.inTransaction { conn in try record.saveRow(conn) }
    }

    /// Inserts the record, or updates the existing row with the same primary key, in one statement.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the table has no usable key; other constraint violations.
    @inlinable
    public func upsert(_ db: Connection) throws {
        var record = self
        let sql = try Self.schema.recordSQL.requireKey(tableName: Self.schema.name).upsert
        try db.withConnection { conn in try record.upsertRow(conn, sql: sql) }
    }

    /// Inserts the record, or updates the existing row whose `conflictColumns` equal the record's.
    ///
    /// - Throws: as `Record.upsert(_:onConflict:)`.
    public func upsert(_ db: Connection, onConflict conflictColumns: [any ColumnProtocol]) throws {
        var record = self
        let sql = try Self.schema.recordSQL.upsert(
            onConflict: try Self.columnNames(conflictColumns),
            condition: Self.schema.definition.conflictCondition(for: try Self.columnNames(conflictColumns)), tableName: Self.schema.name)
        try db.withConnection { conn in try record.upsertRow(conn, sql: sql) }
    }
}

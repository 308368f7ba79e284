extension Record {
    /// Inserts the record; an auto-increment record gets the id SQLite assigned (through `didInsert(rowID:)`).
    ///
    /// ```swift
    /// var author = Author(name: "Ann")
    /// try author.insert(db)
    /// print(author.id!)   // assigned
    /// ```
    ///
    /// - Throws: `DatabaseError`: constraint violations (`isUniqueViolation`, `isPrimaryKeyViolation`, …),
    ///   or an encoding error.
    @inlinable
    public mutating func insert(_ db: Connection) throws {
        try db.withConnection { conn in try insertRow(conn) }
    }

    /// Inserts the records in one transaction (a savepoint inside an open one) with one prepared statement,
    /// and returns them with their assigned ids. Nothing is inserted when one insert fails.
    ///
    /// - Throws: `DatabaseError` for the first insert that fails.
    @discardableResult
    public static func insert(_ db: Connection, contentsOf records: some Sequence<Self>) throws -> [Self] {
        try db.inTransaction { conn in
            var inserted: [Self] = []
            inserted.reserveCapacity(records.underestimatedCount)
            for var record in records {
                try record.insertRow(conn)
                inserted.append(record)
            }
            return inserted
        }
    }

    /// Inserts on `conn` and reports the assigned row id.
    @inlinable
    mutating func insertRow(_ conn: Connection) throws {
        // No `naming { }` closure: capturing the mutating `self` in it copied the record on every insert.
        do {
            _ = try conn.run(Self.schema.recordSQL.insert, record: self)
        } catch let error as DatabaseError {
            throw conn.explainForeignKeyViolation(error, record: self, isDelete: false).inTable(Self.schema.name)
        }
        didInsert(rowID: conn.lastInsertedRowID)
    }
}

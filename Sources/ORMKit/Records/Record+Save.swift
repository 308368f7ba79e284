extension Record {
    /// Updates the row with the record's key, or inserts the record when there is none (or, for an
    /// auto-increment record, when its id is nil). An inserted auto-increment record gets its id.
    ///
    /// - Throws: `DatabaseError`: constraint violations.
    public mutating func save(_ db: Connection) throws {
        try db.inTransaction { conn in try saveRow(conn) }
    }

    /// Saves every record in one transaction and returns them (inserted ones with their ids).
    ///
    /// - Throws: `DatabaseError` for the first save that fails (nothing is kept then).
    @discardableResult
    public static func save(_ db: Connection, contentsOf records: some Sequence<Self>) throws -> [Self] {
        try db.inTransaction { conn in
            var saved: [Self] = []
            for var record in records {
                try record.saveRow(conn)
                saved.append(record)
            }
            return saved
        }
    }

    mutating func saveRow(_ conn: Connection) throws {
        if let keyed = Self.schema.recordSQL.keyed {
            let changes = try Self.naming(writing: self, on: conn) { try conn.run(keyed.update, record: self) }
            if changes > 0 { return }
        }
        try insertRow(conn)
    }
}

extension Record {
    /// Inserts the record, or updates the existing row with the same primary key
    /// (`INSERT … ON CONFLICT (key) DO UPDATE`), in one statement. An auto-increment record gets its id.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the table has no usable key; other constraint violations.
    @inlinable
    public mutating func upsert(_ db: Connection) throws {
        let sql = try Self.schema.recordSQL.requireKey(tableName: Self.schema.name).upsert
        try db.withConnection { conn in try upsertRow(conn, sql: sql) }
    }

    /// Inserts the record, or updates the existing row whose `conflictColumns` (a `UNIQUE` constraint or
    /// index) equal the record's: every other non-key column takes the record's value, and an auto-increment
    /// record gets the existing row's id.
    ///
    /// ```swift
    /// var user = User(email: "a@example.com", name: "Ann")
    /// try user.upsert(db, onConflict: [User.email])
    /// ```
    ///
    /// - Throws: `DatabaseError`: (`.misuse`) for a column of another table; SQLite's error when no unique
    ///   constraint matches `conflictColumns`; other constraint violations.
    public mutating func upsert(_ db: Connection, onConflict conflictColumns: [any ColumnProtocol]) throws {
        let schema = Self.schema
        let sql = try schema.recordSQL.upsert(
            onConflict: try Self.columnNames(conflictColumns), condition: schema.definition.conflictCondition(for: try Self.columnNames(conflictColumns)),
            tableName: schema.name)
        try db.withConnection { conn in try upsertRow(conn, sql: sql) }
    }

    /// Upserts every record (by primary key) in one transaction and returns them with their ids.
    ///
    /// - Throws: `DatabaseError` for the first upsert that fails (nothing is kept then).
    @discardableResult
    public static func upsert(_ db: Connection, contentsOf records: some Sequence<Self>) throws -> [Self] {
        let sql = try schema.recordSQL.requireKey(tableName: schema.name).upsert
        return try db.inTransaction { conn in
            var upserted: [Self] = []
            for var record in records {
                try record.upsertRow(conn, sql: sql)
                upserted.append(record)
            }
            return upserted
        }
    }

    @inlinable
    mutating func upsertRow(_ conn: Connection, sql: RecordStatementSQL) throws {
        let (keyWasNull, returnedRowID) = try runUpsert(conn, sql: sql)
        if let returnedRowID {
            didInsert(rowID: returnedRowID)
        } else if keyWasNull, conn.changesCount > 0 {
            didInsert(rowID: conn.lastInsertedRowID)
        }
    }

    /// Runs the upsert; returns whether the auto-increment key was bound NULL, and the key `RETURNING` gave.
    /// (Not mutating: a closure capturing a mutating `self` copied the record on every upsert. No closures at all:
    /// inlined into the caller's loop, the statement's acquire, binding and step are straight-line code.)
    @inlinable @inline(__always)
    func runUpsert(_ conn: Connection, sql: RecordStatementSQL) throws -> (keyWasNull: Bool, returnedRowID: Int64?) {
        let recordSQL = Self.schema.recordSQL
        let watchedKey: Int32 = recordSQL.isAutoIncrement ? Int32((recordSQL.keyed?.keyPositions.first ?? -1) + 1) : 0
        do {
            let statement = try conn.acquireStatement(sql)
            defer { conn.release(statement) }
            var encoder = RecordEncoder(statement: statement)
            encoder.watchedIndex = watchedKey
            do {
                try encode(to: &encoder)
            } catch let error as DatabaseError {
                throw encoder.naming(error, columns: Self.schema.columns.map(\.name))
            }
            var rowID: Int64?
            while try statement.step() {
                // Only `upsert(onConflict:)` returns the auto-increment key.
                rowID = try Int64.decode(from: Row(statement: statement.handle, index: 0), at: 0)
            }
            return (encoder.watchedValueIsNull, rowID)
        } catch let error as DatabaseError {
            throw conn.explainForeignKeyViolation(error, record: self, isDelete: false).inTable(Self.schema.name)
        }
    }
}

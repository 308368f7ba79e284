extension Record {
    /// Deletes the row with the record's primary key; returns whether a row was deleted.
    ///
    /// - Throws: `DatabaseError` (for example a foreign-key violation).
    @inlinable @discardableResult
    public func delete(_ db: Connection) throws -> Bool {
        if Self.softDelete != nil { return try liveRow.softDeleteAll(db) > 0 }
        let sql = try Self.schema.recordSQL.requireKey(tableName: Self.schema.name).deleteRecord
        return try db.withConnection { conn in
            try Self.naming(writing: self, on: conn, isDelete: true) { try conn.run(sql, record: self) }
        } > 0
    }

    /// Deletes the row with primary key `key`; returns whether a row was deleted.
    ///
    /// - Throws: `DatabaseError` (for example a foreign-key violation).
    @discardableResult
    public static func delete(_ db: Connection, key: PrimaryKey) throws -> Bool {
        try delete(db, keys: [key]) > 0
    }

    /// Deletes the rows with these primary keys in one transaction; returns how many were deleted.
    ///
    /// - Throws: `DatabaseError` (nothing is deleted then).
    @discardableResult
    public static func delete(_ db: Connection, keys: some Sequence<PrimaryKey>) throws -> Int {
        if softDelete != nil {
            return try db.inTransaction { conn in try keys.reduce(0) { $0 + (try liveRow(key: $1).softDeleteAll(conn)) } }
        }
        let sql = try schema.recordSQL.requireKey(tableName: schema.name).deleteByKey
        return try db.inTransaction { conn in
            try naming { try keys.reduce(0) { $0 + (try conn.run(sql, key: $1, of: Self.self)) } }
        }
    }

    /// Deletes the rows of these records in one transaction; returns how many were deleted.
    ///
    /// - Throws: `DatabaseError` (nothing is deleted then).
    @discardableResult
    public static func delete(_ db: Connection, contentsOf records: some Sequence<Self>) throws -> Int {
        if softDelete != nil {
            return try db.inTransaction { conn in try records.reduce(0) { $0 + (try $1.liveRow.softDeleteAll(conn)) } }
        }
        let sql = try schema.recordSQL.requireKey(tableName: schema.name).deleteRecord
        return try db.inTransaction { conn in
            try naming { try records.reduce(0) { $0 + (try conn.run(sql, record: $1)) } }
        }
    }

    /// Deletes every row of the table; returns how many were deleted.
    ///
    /// - Throws: `DatabaseError` (for example a foreign-key violation).
    @discardableResult
    public static func deleteAll(_ db: Connection) throws -> Int {
        if isScoped { return try all().deleteAll(db) }
        let sql = schema.recordSQL.deleteAll
        return try db.withConnection { conn in
            try naming {
                try conn.withStatement(sql) { statement in
                    try statement.run()
                    return conn.changesCount
                }
            }
        }
    }
}

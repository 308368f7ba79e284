extension Record {
    /// The record with primary key `key`, or nil. Runs one cached prepared statement.
    ///
    /// ```swift
    /// let author = try Author.find(db, 42)
    /// ```
    ///
    /// - Throws: `DatabaseError` (`.decoding` naming the table, column and row for a bad value).
    @inlinable
    public static func find(_ db: Connection, _ key: PrimaryKey) throws -> Self? {
        if isScoped { return try scopedRequest(forKey: key).fetchOne(db) }
        let sql = try schema.recordSQL.requireKey(tableName: schema.name).find
        return try db.withConnection { conn in
            try naming {
                try conn.withStatement(sql) { statement in
                    var encoder = RecordEncoder(statement: statement)
                    try encode(key: key, to: &encoder)
                    return try statement.firstRow(decodeRecord)
                }
            }
        }
    }

    /// The records with these primary keys, in the order of `keys`; missing keys are skipped.
    ///
    /// - Throws: `DatabaseError`.
    public static func find(_ db: Connection, keys: some Sequence<PrimaryKey>) throws -> [Self] {
        try db.withConnection { conn in try keys.compactMap { try find(conn, $0) } }
    }

    /// Whether a row has primary key `key`.
    ///
    /// - Throws: `DatabaseError`.
    public static func exists(_ db: Connection, key: PrimaryKey) throws -> Bool {
        if isScoped { return try scopedRequest(forKey: key).exists(db) }
        let sql = try schema.recordSQL.requireKey(tableName: schema.name).exists
        return try db.withConnection { conn in
            try naming {
                try conn.withStatement(sql) { statement in
                    var encoder = RecordEncoder(statement: statement)
                    try encode(key: key, to: &encoder)
                    return try statement.firstRow { try Bool.decode(from: $0, at: 0) } ?? false
                }
            }
        }
    }

    /// Every record of the table (in the default scope, when the model has one), in SQLite's order (use
    /// `order(_:)` for a defined one).
    ///
    /// - Throws: `DatabaseError` (`.decoding` naming the table, column and row for a bad value).
    @inlinable
    public static func fetchAll(_ db: Connection) throws -> [Self] {
        if isScoped { return try all().fetchAll(db) }
        let sql = schema.recordSQL.selectAll
        return try db.withConnection { conn in try naming { try conn.withStatement(sql) { try $0.decodeRecords(Self.self) } } }
    }

    /// The first record of the table, or nil when it is empty.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    public static func fetchOne(_ db: Connection) throws -> Self? {
        if isScoped { return try all().fetchOne(db) }
        let sql = schema.recordSQL.selectFirst
        return try db.withConnection { conn in
            try naming { try conn.withStatement(sql) { try $0.firstRow(decodeRecord) } }
        }
    }

    /// The number of rows in the table.
    ///
    /// - Throws: `DatabaseError`.
    public static func count(_ db: Connection) throws -> Int {
        if isScoped { return try all().count(db) }
        let sql = schema.recordSQL.count
        return try naming { try Int.fetchOne(db, sql: sql) ?? 0 }
    }
}

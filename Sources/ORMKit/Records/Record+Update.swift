extension Record {
    /// Updates every column of the row with the record's primary key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound`) when no row has the key; constraint violations.
    @inlinable
    public func update(_ db: Connection) throws {
        let sql = try Self.schema.recordSQL.requireKey(tableName: Self.schema.name).update
        try performUpdate(db, sql: sql)
    }

    /// Updates only `columns` of the row with the record's primary key.
    ///
    /// ```swift
    /// author.rating = 5
    /// try author.update(db, columns: [Author.rating])
    /// ```
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound`) when no row has the key, (`.misuse`) for a column of
    ///   another table; constraint violations.
    public func update(_ db: Connection, columns: [any ColumnProtocol]) throws {
        let sql = try Self.schema.recordSQL.update(columns: try Self.columnNames(columns), tableName: Self.schema.name)
        try performUpdate(db, sql: sql)
    }

    /// Updates every column except `excludedColumns` (and the key) of the row with the record's primary key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound`) when no row has the key, (`.misuse`) for a column of
    ///   another table; constraint violations.
    public func update(_ db: Connection, allColumnsExcept excludedColumns: [any ColumnProtocol]) throws {
        let excluded = Set(try Self.columnNames(excludedColumns))
        let schema = Self.schema
        let names = schema.columns.map(\.name).filter { !excluded.contains($0) && !schema.primaryKey.contains($0) }
        let sql = try schema.recordSQL.update(columns: names, tableName: schema.name)
        try performUpdate(db, sql: sql)
    }

    /// Updates every record (all columns) in one transaction.
    ///
    /// - Throws: `DatabaseError` for the first update that fails (nothing is kept then).
    public static func update(_ db: Connection, contentsOf records: some Sequence<Self>) throws {
        try db.inTransaction { conn in
            for record in records { try record.update(conn) }
        }
    }

    @inlinable
    func performUpdate(_ db: Connection, sql: RecordStatementSQL) throws {
        let changes = try db.withConnection { conn in try Self.naming(writing: self, on: conn) { try conn.run(sql, record: self) } }
        if changes == 0 {
            throw DatabaseError(kind: .recordNotFound, message: "no row has the record's primary key", sql: sql.sql, table: Self.schema.name)
        }
    }

    /// The names of `columns`, checking they belong to this table.
    static func columnNames(_ columns: [any ColumnProtocol]) throws -> [String] {
        try columns.map { column in
            guard column.table == schema.name else {
                throw DatabaseError(
                    kind: .misuse, message: "column \(column.table).\(column.name) is not a column of \(schema.name)",
                    table: schema.name, column: column.name
                )
            }
            return column.name
        }
    }
}

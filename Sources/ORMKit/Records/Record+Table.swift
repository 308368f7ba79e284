import ORMSchema

extension Record {
    /// Creates the record's table and its declared indexes when they do not exist (`CREATE … IF NOT EXISTS`),
    /// in one transaction (a savepoint inside an open one). `migrate` creates every table; this is for a table
    /// dropped or never created outside it (`MigrationError.missingTables` says which).
    ///
    /// - Throws: `DatabaseError`; nothing is created then.
    public static func createTable(_ db: Connection) throws {
        try db.inTransaction { conn in
            try naming {
                for sql in schema.createStatements(in: SQLiteDDL()) { try conn.run(sql: sql, arguments: []) }
            }
        }
    }

    /// Drops the record's table and its indexes, in one transaction. With foreign keys on, SQLite first deletes
    /// its rows as `DELETE` would: rows of other tables that still reference them make it fail (`RESTRICT`,
    /// `NO ACTION`), cascade or set NULL as their keys say.
    ///
    /// - Throws: `DatabaseError` (a foreign-key violation names the table); nothing is dropped then.
    public static func dropTable(_ db: Connection) throws {
        try db.inTransaction { conn in
            try naming { try conn.run(sql: "DROP TABLE \(quoteIdentifier(schema.name))", arguments: []) }
        }
    }

    /// Deletes every row of the record's table in one transaction, applying the foreign keys' delete actions;
    /// returns how many rows were deleted.
    ///
    /// - Throws: `DatabaseError` (a foreign-key violation when other rows still reference them); nothing is
    ///   deleted then.
    @discardableResult
    public static func truncate(_ db: Connection) throws -> Int {
        try db.inTransaction { conn in
            try naming {
                try conn.run(sql: "DELETE FROM \(quoteIdentifier(schema.name))", arguments: [])
                return conn.changesCount
            }
        }
    }
}

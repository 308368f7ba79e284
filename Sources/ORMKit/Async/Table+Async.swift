// The table helpers of Records/Record+Table.swift on the engine contract, written once for every engine.

extension Record {
    /// Creates the record's table and its declared indexes when they do not exist, in one transaction, with the
    /// engine's DDL (`SQLDialect.ddl`, derived from the generated schema). `migrate` creates every table; this is
    /// for a table dropped or never created outside it.
    ///
    /// - Throws: `DatabaseError` naming the table; nothing is created then.
    public static func createTable(_ db: some DatabaseWriter) async throws {
        let statements = schema.createStatements(in: db.dialect.ddl)
        try await naming {
            try await db.transaction { tx in
                for sql in statements { try await tx.execute(sql: sql) }
            }
        }
    }

    /// Drops the record's table and its indexes. SQLite, with foreign keys on, first deletes its rows as `DELETE`
    /// would (rows of other tables that still reference them make it fail, cascade or set NULL as their keys
    /// say); PostgreSQL refuses while another table's foreign key references it.
    ///
    /// - Throws: `DatabaseError` naming the table; nothing is dropped then.
    public static func dropTable(_ db: some DatabaseWriter) async throws {
        try await naming { try await db.execute(sql: "DROP TABLE \(db.dialect.quote(schema.name))") }
    }

    /// Deletes every row of the record's table in one transaction, applying the foreign keys' delete actions;
    /// returns how many rows were deleted.
    ///
    /// - Throws: `DatabaseError` (a foreign-key violation when other rows still reference them); nothing is
    ///   deleted then.
    @discardableResult
    public static func truncate(_ db: some DatabaseWriter) async throws -> Int {
        try await naming { try await all().deleteAll(db) }
    }

    /// Runs `body`: database errors name this record's table.
    private static func naming<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw error.inTable(schema.name)
        }
    }
}

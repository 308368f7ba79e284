/// Runs a migration as one unit, following SQLite's table-rebuild procedure
/// (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off before the transaction,
/// `PRAGMA foreign_key_check` before commit, foreign keys restored after.
enum MigrationTransaction {
    static func run<T>(_ conn: Connection, _ body: () throws -> T) throws -> T {
        if conn.isInTransaction {
            // Inside the caller's transaction SQLite ignores `PRAGMA foreign_keys`; a savepoint keeps the
            // migration atomic, and `TableRebuild` refuses to run if keys are enforced.
            return try conn.savepoint {
                let result = try body()
                try checkForeignKeys(conn)
                return result
            }
        }
        let enforced = try foreignKeysEnforced(conn)
        if enforced { try conn.run(sql: "PRAGMA foreign_keys = OFF", arguments: []) }
        defer { if enforced, !conn.isClosed { try? conn.run(sql: "PRAGMA foreign_keys = ON", arguments: []) } }
        return try conn.transaction(begin: "BEGIN IMMEDIATE TRANSACTION", readOnly: false) {
            let result = try body()
            try checkForeignKeys(conn)
            return result
        }
    }

    /// Whether SQLite enforces foreign keys right now on `conn`.
    static func foreignKeysEnforced(_ conn: Connection) throws -> Bool {
        try conn.migrationInteger("PRAGMA foreign_keys") != 0
    }

    /// - Throws: `MigrationError.foreignKeyViolations` listing every violating row, naming `step` (when known).
    static func checkForeignKeys(_ conn: Connection, after step: String? = nil) throws {
        let violations = try conn.migrationRows("PRAGMA foreign_key_check") { row in
            ForeignKeyViolation(
                table: row.string(at: 0), rowID: row.isNull(at: 1) ? nil : row.int64(at: 1), parent: row.string(at: 2))
        }
        if !violations.isEmpty { throw MigrationError.foreignKeyViolations(violations, step: step) }
    }
}

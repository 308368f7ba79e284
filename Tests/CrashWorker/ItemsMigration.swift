import ORMKit

/// The migration crash test's two steps: seed a big version-1 file, then migrate it to version 2.
struct ItemsMigration {
    let path: String
    let options: Database.Options

    /// Creates the file at `CrashItemsV1` with `rows` items (100 per batch) and a note for every tenth item,
    /// in one transaction, then closes it (checkpointing the WAL into the file, so copies need only the file).
    ///
    /// - Throws: `DatabaseError` or `MigrationError`.
    func seed(rows: Int) throws {
        let db = try Database(path: path, options: options)
        try db.writeWithoutTransaction { conn in try conn.migrate(CrashItemsV1.self) }
        try db.write { conn in
            try conn.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO "\(ItemTables.items)" (id, batch, position, label, weight)
                SELECT i, i / 100, i % 100, printf('item %08x', (i * 2654435761) % 4294967296),
                       CASE WHEN i % 7 = 0 THEN NULL ELSE (i % 100) * 0.5 END
                FROM n
                """, arguments: [rows])
            try conn.execute(sql: """
                INSERT INTO "\(ItemTables.notes)" (item_id, text)
                SELECT id, 'note ' || id FROM "\(ItemTables.items)" WHERE id % 10 = 0
                """)
        }
        try db.close()
        Report.line("seeded \(rows)")
    }

    /// Opens the file, prints `ready`, migrates it to `CrashItemsV2`, prints `migrated <outcome>`.
    ///
    /// - Throws: `DatabaseError` or `MigrationError`.
    func migrate() throws {
        let db = try Database(path: path, options: options)
        Report.line("ready")
        let outcome = try db.writeWithoutTransaction { conn in try conn.migrate(CrashItemsV2.self) }
        Report.line("migrated \(outcome)")
        try db.close()
    }
}

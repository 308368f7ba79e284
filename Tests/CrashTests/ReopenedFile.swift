import ORMKit

/// Opening a killed worker's file again, as an app would after the crash, in the worker's journal mode: the first
/// read recovers the WAL, or rolls back the hot journal.
enum ReopenedFile {
    /// Opens `path` in `journal` mode (WAL unless told), runs `body`, closes the database.
    ///
    /// - Throws: What opening, `body` or closing throws.
    static func inspect<T>(_ path: String, journal: Journal = .wal, _ body: (Database) throws -> T) throws -> T {
        let db = try Database(path: path, options: journal.options)
        let result = try body(db)
        try db.close()
        return result
    }

    /// Opens `path` read-only (WAL: a reader pool of read-only connections), runs `body`, closes the database:
    /// an app that only reads the file after the crash.
    ///
    /// - Throws: What opening, `body` or closing throws.
    static func inspectReadOnly<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        let db = try Database(path: path, options: Database.Options(readOnly: true))
        let result = try body(db)
        try db.close()
        return result
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
    ///
    /// - Throws: `DatabaseError` when the check cannot run.
    static func integrity(_ database: Database) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check")
        }
    }

    /// `PRAGMA foreign_key_check`, one line per violating row: empty for a consistent file.
    ///
    /// - Throws: `DatabaseError` when the check cannot run.
    static func foreignKeyViolations(_ database: Database) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT \"table\" || ' row ' || coalesce(rowid, 'NULL') || ' -> ' || parent FROM pragma_foreign_key_check")
        }
    }
}

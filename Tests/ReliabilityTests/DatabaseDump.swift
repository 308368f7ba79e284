import ORMKit

/// The whole content of a database as text lines, to compare two states exactly: the schema version, every
/// `sqlite_master` entry, and every row of every table in rowid order (except the columns that default to
/// the current time).
enum DatabaseDump {
    /// The dump of an empty database (or of no file at all).
    static let empty = ["user_version 0"]

    /// - Throws: `DatabaseError` when a query fails.
    static func lines(_ db: Connection) throws -> [String] {
        var lines = ["user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1)"]
        lines += try String.fetchAll(
            db, sql: "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY type, name")
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        for table in tables {
            // Columns whose default is the current time differ between two runs of the same workload.
            let columns = try String.fetchAll(
                db, sql: "SELECT name FROM pragma_table_info(?) WHERE coalesce(dflt_value, '') NOT LIKE '%''now''%' ORDER BY cid",
                arguments: [table])
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            let quotedName = "'" + table.replacingOccurrences(of: "'", with: "''") + ": '"
            lines += try String.fetchAll(db, sql: "SELECT \(quotedName) || \(row) FROM \"\(table)\" ORDER BY 1")
        }
        return lines
    }

    /// The SQL of the connection's statements that were stepped and not reset (`sqlite_stmt`, when the SQLite
    /// library has it: `SQLITE_ENABLE_STMTVTAB`, as Debian's does), or nil when it cannot tell.
    ///
    /// - Throws: `DatabaseError` when the query fails.
    static func busyStatements(_ conn: Connection) throws -> [String]? {
        guard try Int.fetchOne(conn, sql: "SELECT sqlite_compileoption_used('ENABLE_STMTVTAB')") == 1 else { return nil }
        return try String.fetchAll(conn, sql: "SELECT sql FROM sqlite_stmt WHERE busy AND sql NOT LIKE '%sqlite_stmt%'")
    }

    /// `PRAGMA integrity_check` and `PRAGMA foreign_key_check` results: `["ok"]` for a sound file.
    ///
    /// - Throws: `DatabaseError` when a check cannot run.
    static func checks(_ db: Connection) throws -> [String] {
        let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        let foreignKeys = try String.fetchAll(db, sql: "SELECT \"table\" || ' ' || rowid FROM pragma_foreign_key_check")
        return integrity + foreignKeys.map { "foreign key violation: \($0)" }
    }
}

import Foundation
import ORMKit

/// A database built from one of `Tests/Fixtures/ExistingDatabases/*.sql` in a temporary directory: a file
/// ormgen did not create, opened with SQLite's default rollback journal so that nothing but ORMKit's own
/// writes change its bytes.
public final class ExistingDatabase {
    /// The directory holding the file; removed with this value.
    public let directory: TemporaryDirectory
    /// The database file.
    public let path: String

    /// Builds the database from `script` (`music.sql`).
    ///
    /// - Throws: when the script fails.
    public init(script: String) throws {
        directory = try TemporaryDirectory()
        path = directory.path(script.replacingOccurrences(of: ".sql", with: ".db"))
        try SQLiteScript.makeDatabase(from: SQLiteScript.fixture(script), at: path)
    }

    /// Opens the file, keeping its journal mode.
    ///
    /// - Throws: `DatabaseError`.
    public func open() throws -> Database {
        try Database(path: path, options: Database.Options(journalMode: .default))
    }

    /// The file's bytes.
    ///
    /// - Throws: when the file cannot be read.
    public func bytes() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Every table's rows as text (`quote()` of each column, so storage classes show; sorted, as a `WITHOUT ROWID`
    /// table such as an FTS5 shadow table has no rowid to order by), and `sqlite_master`: what
    /// must stay the same when only the version is stamped.
    ///
    /// - Throws: `DatabaseError`.
    public static func contents(_ db: Database) throws -> [String] {
        try db.read { db in try contents(db) }
    }

    /// `contents(_:)` on a connection.
    ///
    /// - Throws: `DatabaseError`.
    public static func contents(_ db: Connection) throws -> [String] {
        let master = try String.fetchAll(db, sql: "SELECT type || ' ' || name || ' ' || ifnull(sql, '') FROM sqlite_master ORDER BY name")
        var rows: [String] = []
        for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name") {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            let quoted = columns.map { "quote(\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\")" }.joined(separator: " || '|' || ")
            rows += try String.fetchAll(db, sql: "SELECT \(quoted) FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\" ORDER BY 1")
                .map { table + ": " + $0 }
        }
        return master + rows
    }

    /// Checks that every row of `R`'s table decodes: as many records as `count(*)`.
    ///
    /// - Throws: the first decoding error.
    public static func decodeEveryRow<R: Record>(_ type: R.Type, _ db: Database) throws -> (decoded: Int, rows: Int) {
        try db.read { db in
            let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(R.schema.name.replacingOccurrences(of: "\"", with: "\"\""))\"") ?? -1
            return (try R.fetchAll(db).count, rows)
        }
    }
}

import ORMKitSQLite

extension Database {
    /// How thoroughly `checkIntegrity(_:)` reads the file.
    public enum IntegrityCheck: Sendable {
        /// `PRAGMA quick_check`: every page and record of every table and index, without checking that
        /// indexes match their tables. Reads the whole file: about as long as reading every row once.
        case quick
        /// `PRAGMA integrity_check`: `quick`, plus that every index holds exactly its table's rows; slower.
        case full
    }

    /// Reads the whole file and throws when SQLite finds it damaged (a corrupted page, a broken index).
    ///
    /// Opening a database reads only its header, so damage inside a table shows first when a statement reads
    /// the damaged page (with `SQLITE_CORRUPT`). Call this where finding it early is worth reading the whole
    /// file: at a launch after a crash, before a backup, in a maintenance task.
    ///
    /// ```swift
    /// try db.checkIntegrity(.quick)
    /// ```
    ///
    /// - Throws: `DatabaseError` with `SQLITE_CORRUPT` listing what SQLite found (up to 10 problems), naming the
    ///   path; `DatabaseError` when the check itself fails (for example on a file that is not a database).
    public func checkIntegrity(_ check: IntegrityCheck = .quick) throws {
        let pragma = check == .quick ? "PRAGMA quick_check(10)" : "PRAGMA integrity_check(10)"
        let problems: [String]
        do {
            problems = try withConnection { conn in try String.fetchAll(conn, sql: pragma) }
        } catch let error as DatabaseError where error.resultCode == SQLITE_CORRUPT {
            // Damage the check cannot read past fails the pragma itself.
            problems = [error.message]
        }
        guard problems != ["ok"] else { return }
        throw DatabaseError(
            kind: .sqlite, resultCode: SQLITE_CORRUPT,
            message: "the database at \(path) is damaged: \(problems.joined(separator: "; "))", sql: pragma
        )
    }
}

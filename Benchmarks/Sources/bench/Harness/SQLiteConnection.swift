import BenchSQLite
import BenchSupport

/// A SQLite failure in the hand-written contender or the harness.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    let sql: String

    var description: String { "SQLite error \(code): \(message) (\(sql))" }
}

/// A bare connection over the C API: what contender (A) and the harness's seeding and checks use.
final class SQLiteConnection {
    let handle: OpaquePointer

    /// Opens (creating if needed) the file at `path` and applies `Fixture.pragmas`.
    ///
    /// The connection is used by one thread at a time, so it opts out of SQLite's per-call mutex
    /// (`SQLITE_OPEN_NOMUTEX`), as ORMKit and GRDB do for their serialized connections.
    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: "cannot open", sql: path)
        }
        self.handle = handle
        for pragma in Fixture.pragmas {
            try execute(pragma)
        }
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows the caller needs.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    /// Compiles `sql`; the caller finalizes the statement.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql)
        guard let statement else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement", sql: sql) }
        return statement
    }

    /// Throws unless `code` is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
    @inline(__always)
    func check(_ code: Int32, _ sql: @autoclosure () -> String = "") throws {
        if code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE {
            throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql())
        }
    }

    /// The first column of the first row of `sql`, as an integer.
    func integer(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try check(sqlite3_step(statement), sql)
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// `EXPLAIN QUERY PLAN` of `sql`: the plan's detail lines, joined with `; `.
    func queryPlan(_ sql: String) throws -> String {
        let statement = try prepare("EXPLAIN QUERY PLAN " + sql)
        defer { sqlite3_finalize(statement) }
        var details: [String] = []
        while true {
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else {
                try check(code, sql)
                break
            }
            details.append(sqlite3_column_text(statement, 3).map { String(cString: $0) } ?? "")
        }
        return details.joined(separator: "; ")
    }

    /// The linked SQLite library's version string.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }
}

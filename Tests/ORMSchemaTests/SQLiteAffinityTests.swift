import ORMKitSQLite
import ORMSchema
import Testing

/// `SQLiteAffinity` agrees with SQLite itself: for each declared type, what `CAST` to that type makes of `12` and
/// of `'1.5'` tells the affinity apart (INTEGER keeps `1`, NUMERIC `1.5`, REAL makes reals, TEXT text, BLOB blobs).
@Suite("SQLite affinity")
struct SQLiteAffinityTests {
    /// The declared types of https://www.sqlite.org/datatype3.html (3.1.1), with its quirks: `FLOATING POINT` is
    /// INTEGER (it contains "INT"), `STRING` is NUMERIC.
    static let types = [
        "INT", "INTEGER", "TINYINT", "BIGINT", "UNSIGNED BIG INT", "INT8", "CHARACTER(20)", "VARCHAR(255)",
        "NATIVE CHARACTER(70)", "NVARCHAR(100)", "TEXT", "CLOB", "BLOB", "REAL", "DOUBLE", "DOUBLE PRECISION", "FLOAT",
        "NUMERIC", "DECIMAL(10,5)", "BOOLEAN", "DATE", "DATETIME", "FLOATING POINT", "STRING", "varchar(8)", "money",
    ]

    @Test(arguments: types)
    func matchesWhatSQLiteDoes(_ type: String) throws {
        let casts = try Self.sqlite("SELECT typeof(CAST(12 AS \(type))) || ' ' || typeof(CAST('1.5' AS \(type)))")
        let expected: [SQLiteAffinity: String] = [
            .integer: "integer integer", .numeric: "integer real", .real: "real real", .text: "text text", .blob: "blob blob",
        ]
        #expect(expected[SQLiteAffinity(declaredType: type)] == casts)
    }

    @Test func noTypeIsBlob() {
        #expect(SQLiteAffinity(declaredType: "") == .blob)
    }

    @Test func quotingDoublesEmbeddedQuotes() throws {
        #expect(quoteIdentifier("plain") == #""plain""#)
        #expect(quoteIdentifier(#"odd "name""#) == #""odd ""name""""#)
        // A quote with a combining mark after it is one Character; its quote is doubled all the same.
        #expect(quoteIdentifier("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        // SQLite reads the quoted name back as the name.
        #expect(try Self.sqlite("SELECT name FROM pragma_table_info('t')", setup: "CREATE TABLE t (\(quoteIdentifier(#"a "b" c"#)))") == #"a "b" c"#)
    }

    /// The single text value `sql` returns on a fresh in-memory database, after `setup`.
    static func sqlite(_ sql: String, setup: String? = nil) throws -> String? {
        var db: OpaquePointer?
        guard sqlite3_open(":memory:", &db) == SQLITE_OK else { throw SQLiteFailure(message: "open") }
        defer { sqlite3_close(db) }
        if let setup, sqlite3_exec(db, setup, nil, nil, nil) != SQLITE_OK {
            throw SQLiteFailure(message: String(cString: sqlite3_errmsg(db)))
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw SQLiteFailure(message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    struct SQLiteFailure: Error {
        let message: String
    }
}

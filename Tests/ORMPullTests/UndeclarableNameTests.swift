import Foundation
import ORMGenCore
import ORMKitSQLite
import ORMPull
import TestSupport
import Testing

/// Tables and columns whose SQL names a schema cannot declare (empty, not UTF-8, or equal to another name as Swift
/// compares strings though SQLite tells them apart) are left out with a note naming the reason, and what is pulled
/// passes `ormgen check`. Before, such names gave YAML that `check` rejected ("must not be empty", "is already used
/// by"), and a table whose name is not UTF-8 was pulled as an empty table under a mangled name.
@Suite struct UndeclarableNameTests {
    /// Runs `sql`, given as bytes so names may hold bytes that are not UTF-8, on a new file at `path`.
    static func makeDatabase(at path: String, sql: [UInt8]) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close_v2(handle) }
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw Failure("cannot open \(path)") }
        let status = (sql + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sqlite3_exec(handle, $0.baseAddress, nil, nil, nil) }
        }
        guard status == SQLITE_OK else { throw Failure(String(cString: sqlite3_errmsg(handle))) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func theyAreLeftOutWithTheirReason() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.db")
        let precomposed = "caf\u{E9}", combining = "cafe\u{301}"
        let notUTF8: [UInt8] = [0x62, 0x61, 0x64, 0xFF]  // "bad" and a byte UTF-8 never uses
        var sql = Array("""
            CREATE TABLE "\(precomposed)" (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE "\(combining)" (id INTEGER PRIMARY KEY, note TEXT);
            CREATE TABLE "" (id INTEGER PRIMARY KEY);
            CREATE TABLE kept (id INTEGER PRIMARY KEY, "" TEXT, "\(precomposed)" TEXT, "\(combining)" TEXT DEFAULT 'x', label TEXT);
            CREATE TABLE needs_empty (id INTEGER PRIMARY KEY, "" TEXT NOT NULL);
            CREATE TABLE "\u{C9}t\u{E9}" (id INTEGER PRIMARY KEY);
            CREATE TABLE "\u{E9}t\u{E9}" (id INTEGER PRIMARY KEY);

            """.utf8)
        sql += Array("CREATE TABLE \"".utf8) + notUTF8 + Array("\" (id INTEGER PRIMARY KEY);\n".utf8)
        sql += Array("CREATE TABLE odd_column (id INTEGER PRIMARY KEY, \"".utf8) + notUTF8 + Array("\" TEXT, label TEXT);\n".utf8)
        try Self.makeDatabase(at: path, sql: sql)

        let pulled = try SchemaPuller.pull(databaseAt: path, schemaName: "HostileSchema", naming: .asIs)
        let notes = Set(pulled.notes)
        // sqlite_master sorts names by their bytes: "cafe" and U+0301 before "caf" and U+00E9, "É" before "é".
        let expected: Set<String> = [
            "skipped table '': it has an empty name, which a schema cannot declare; rename it (ALTER TABLE … RENAME TO …) to pull it",
            "skipped table 'caf\u{E9}' (c a f U+00E9): it has the name of table 'cafe\u{301}' (c a f e U+0301) as Swift compares "
                + "strings, though SQLite tells the two apart; rename it (ALTER TABLE … RENAME TO …) to pull it",
            "skipped table '\u{E9}t\u{E9}' (U+00E9 t U+00E9): it has the name of table '\u{C9}t\u{E9}' (U+00C9 t U+00E9) as Swift "
                + "compares strings, though SQLite tells the two apart; rename it (ALTER TABLE … RENAME TO …) to pull it",
            "skipped table 'bad\u{FFFD}' (bytes 62 61 64 ff): its name is not UTF-8, which a schema cannot declare; rename it "
                + "(ALTER TABLE … RENAME TO …) to pull it",
            "kept: column '' skipped: it has an empty name, which a schema cannot declare; inserts leave it to its default",
            "kept: column 'cafe\u{301}' (c a f e U+0301) skipped: it has the name of column 'caf\u{E9}' (c a f U+00E9) as Swift "
                + "compares strings, though SQLite tells the two apart; inserts leave it to its default",
            "needs_empty: table skipped: column '' has an empty name, which a schema cannot declare, and inserts need it; rename "
                + "it (ALTER TABLE … RENAME COLUMN …) to pull the table",
            "odd_column: column 'bad\u{FFFD}' (b a d U+FFFD) skipped: it has a name that is not UTF-8 (bytes 62 61 64 ff), which a "
                + "schema cannot declare; inserts leave it to its default",
        ]
        #expect(notes == expected, "\(pulled.notes)")
        #expect(pulled.modelCount == 4, "café, ÉTÉ, kept, odd_column")

        let diagnostics = Generator.check(inputs: [SchemaInput(path: "schema.yaml", contents: pulled.yaml)])
        #expect(diagnostics.isEmpty, "\(diagnostics)\n\(pulled.yaml)")
        // By bytes: String.contains compares by canonical equivalence, where the two spellings are one.
        let yaml = Array(pulled.yaml.utf8)
        let table = { (name: String) in Array("    table: \"\(name)\"\n".utf8) }
        #expect(Self.contains(yaml, table(combining)) && !Self.contains(yaml, table(precomposed)), "\(pulled.yaml)")
        #expect(!pulled.yaml.contains("\"\""))
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        bytes.indices.contains { bytes[$0...].starts(with: part) }
    }
}

import ORMKitSQLite
import Testing

/// `SQLiteTable`, the one reader of a table's pragmas that migrations and `ormgen pull` share, on a real in-memory
/// database: each question the pragmas answer.
@Suite("SQLite catalog")
struct SQLiteCatalogTests {
    /// An in-memory database that answers catalog queries (the reader's protocol), set up with `script`.
    final class Memory: SQLiteCatalogReader {
        private var handle: OpaquePointer?

        init(_ script: String) throws {
            guard sqlite3_open(":memory:", &handle) == SQLITE_OK, sqlite3_exec(handle, script, nil, nil, nil) == SQLITE_OK else {
                throw Failure(message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "open")
            }
        }

        deinit { sqlite3_close(handle) }

        func catalogRows(_ sql: String, _ arguments: [String]) throws -> [[SQLiteValue]] {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
                throw Failure(message: String(cString: sqlite3_errmsg(handle)))
            }
            defer { sqlite3_finalize(statement) }
            for (offset, argument) in arguments.enumerated() {
                sqlite3_bind_text(statement, Int32(offset + 1), argument, -1, ormkit_sqlite_transient())
            }
            var rows: [[SQLiteValue]] = []
            while sqlite3_step(statement) == SQLITE_ROW {
                rows.append((0..<sqlite3_column_count(statement)).map { SQLiteValue(statement, column: $0) })
            }
            return rows
        }
    }

    struct Failure: Error { var message: String }

    static let script = """
        CREATE TABLE p (id INTEGER PRIMARY KEY, code TEXT UNIQUE);
        CREATE TABLE c (
            id INTEGER NOT NULL, part INTEGER NOT NULL DEFAULT 1, name NVARCHAR(40), pid INTEGER REFERENCES p ON DELETE CASCADE,
            pcode TEXT, shout TEXT GENERATED ALWAYS AS (upper(name)) VIRTUAL,
            PRIMARY KEY (id, part), FOREIGN KEY (pcode) REFERENCES p (code) ON UPDATE SET NULL
        );
        CREATE INDEX c_lower ON c (lower(name), pid DESC);
        CREATE UNIQUE INDEX c_live ON c (name) WHERE pid IS NOT NULL;
        """

    @Test func columnsComeInDeclarationOrderWithTheirKeyPositionsAndGeneratedOnesMarked() throws {
        let table = try #require(try SQLiteTable(named: "c", in: Memory(Self.script)))
        #expect(table.columns.map(\.name) == ["id", "part", "name", "pid", "pcode", "shout"])
        #expect(table.columns.map(\.primaryKeyPosition) == [1, 2, 0, 0, 0, 0])
        #expect(table.columns.map(\.isGenerated) == [false, false, false, false, false, true])
        #expect(table.columns[1].defaultSQL == "1" && table.columns[1].isNotNull)
        #expect(table.columns[2].declaredType == "NVARCHAR(40)" && table.columns[2].defaultSQL == nil)
    }

    @Test func indexesSayWhereTheyComeFromAndWhatTheyCover() throws {
        let table = try #require(try SQLiteTable(named: "c", in: Memory(Self.script)))
        let byName = Dictionary(uniqueKeysWithValues: table.indexes.map { ($0.name, $0) })
        let expression = try #require(byName["c_lower"])
        #expect(expression.origin == .createIndex && !expression.isUnique && !expression.isPartial)
        #expect(expression.columns == [nil, "pid"] && expression.hasDescendingColumn)
        let live = try #require(byName["c_live"])
        #expect(live.isUnique && live.isPartial && live.columns == ["name"] && !live.hasDescendingColumn)
        let key = try #require(table.indexes.first { $0.origin == .primaryKey })
        #expect(key.columns == ["id", "part"] && key.isUnique)
        let parent = try #require(try SQLiteTable(named: "p", in: Memory(Self.script)))
        #expect(parent.indexes.map(\.origin) == [.uniqueConstraint] && parent.indexes[0].columns == ["code"])
    }

    @Test func foreignKeysNameTheirTargetColumnsOrNone() throws {
        let table = try #require(try SQLiteTable(named: "c", in: Memory(Self.script)))
        let keys = Set(table.foreignKeys)
        #expect(keys == [
            LiveForeignKey(targetTable: "p", columns: ["pid"], targetColumns: [nil], onDelete: "CASCADE", onUpdate: "NO ACTION"),
            LiveForeignKey(targetTable: "p", columns: ["pcode"], targetColumns: ["code"], onDelete: "NO ACTION", onUpdate: "SET NULL"),
        ])
    }

    @Test func aTableThatDoesNotExistIsNil() throws {
        #expect(try SQLiteTable(named: "missing", in: Memory(Self.script)) == nil)
    }

    @Test func textThatIsNotUTF8KeepsItsBytes() throws {
        let row = try #require(try Memory("").catalogRows("SELECT CAST(x'636166e9' AS TEXT), 'caf\u{E9}', 7, NULL", []).first)
        #expect(row[0] == .invalidText([0x63, 0x61, 0x66, 0xE9]) && row[0].text == nil)
        #expect(row[0].lossyText == "caf\u{FFFD}" && row[0].invalidText?.bytes == "bytes 63 61 66 e9")
        #expect(row[1] == .text("caf\u{E9}") && row[1].lossyText == "caf\u{E9}" && row[1].invalidText == nil)
        #expect(row[2].integer == 7 && row[3] == .null)
    }
}

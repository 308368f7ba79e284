import Foundation
import ORMKit
import Testing

@Suite("Raw SQL")
struct RawSQLTests {
    @Test func recordsDecodeByColumnName() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try Author.insert(db, contentsOf: [Author(name: "Ann", rating: 4), Author(name: "Bob", rating: 2)])
        let star = try Author.fetchAll(db, sql: "SELECT * FROM authors WHERE rating > ? ORDER BY name", arguments: [3])
        #expect(star.map(\.name) == ["Ann"])
        // Columns in another order, plus an extra one, and a trailing semicolon.
        let shuffled = try Author.fetchAll(db, sql: "SELECT rating, 'extra' AS x, born, name, id FROM authors ORDER BY name DESC;")
        #expect(shuffled.map(\.name) == ["Bob", "Ann"])
        #expect(shuffled.map(\.rating) == [2, 4])
        #expect(try Author.fetchOne(db, sql: "SELECT * FROM authors WHERE name = ?", arguments: ["Bob"])?.rating == 2)
        #expect(try Author.fetchOne(db, sql: "SELECT * FROM authors WHERE 0") == nil)
        let missing = try #require(throws: DatabaseError.self) { try Author.fetchAll(db, sql: "SELECT id, name FROM authors") }
        #expect(missing.message.contains("born"))
    }

    @Test func executeAndScalarFetches() throws {
        let db = try Database.inMemory()
        try db.execute(sql: """
            CREATE TABLE t (x INTEGER, y TEXT);
            INSERT INTO t VALUES (1, 'one');
            INSERT INTO t VALUES (2, NULL);
            """)
        try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [3, "three"])
        #expect(try Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 2, 3])
        #expect(try String?.fetchAll(db, sql: "SELECT y FROM t ORDER BY x") == ["one", nil, "three"])
        #expect(try Int.fetchOne(db, sql: "SELECT x FROM t WHERE y = ?", arguments: ["three"]) == 3)
        #expect(try Int.fetchOne(db, sql: "SELECT x FROM t WHERE 0") == nil)
        #expect(try DatabaseValue.fetchAll(db, sql: "SELECT y FROM t ORDER BY x") == [.text("one"), .null, .text("three")])
        let wrongCount = try #require(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1]) }
        #expect(wrongCount.kind == .misuse)
        let syntax = try #require(throws: DatabaseError.self) { try db.execute(sql: "SELEC 1") }
        #expect(syntax.kind == .sqlite)
        #expect(syntax.sql == "SELEC 1")
        let script = try #require(throws: DatabaseError.self) {
            try db.execute(sql: "INSERT INTO t VALUES (?, 'a'); INSERT INTO t VALUES (?, 'b')", arguments: [1, 2])
        }
        #expect(script.kind == .misuse)
    }
}

import Foundation
import ORMKit
import Testing

@Suite("Raw SQL")
struct RawSQLTests {
    @Test func recordsDecodeByColumnName() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try await Author.insert(db, contentsOf: [Author(name: "Ann", rating: 4), Author(name: "Bob", rating: 2)])
        let star = try await Author.fetchAll(db, sql: "SELECT * FROM authors WHERE rating > ? ORDER BY name", arguments: [3])
        #expect(star.map(\.name) == ["Ann"])
        // Columns in another order, plus an extra one, and a trailing semicolon.
        let shuffled = try await Author.fetchAll(db, sql: "SELECT rating, 'extra' AS x, born, name, id FROM authors ORDER BY name DESC;")
        #expect(shuffled.map(\.name) == ["Bob", "Ann"])
        #expect(shuffled.map(\.rating) == [2, 4])
        #expect(try await Author.fetchOne(db, sql: "SELECT * FROM authors WHERE name = ?", arguments: ["Bob"])?.rating == 2)
        #expect(try await Author.fetchOne(db, sql: "SELECT * FROM authors WHERE 0") == nil)
        let missing = try await #require(throws: DatabaseError.self) { try await Author.fetchAll(db, sql: "SELECT id, name FROM authors") }
        #expect(missing.message.contains("born"))
    }

    @Test func executeAndScalarFetches() async throws {
        let db = try Database.inMemory()
        try await db.execute(sql: """
            CREATE TABLE t (x INTEGER, y TEXT);
            INSERT INTO t VALUES (1, 'one');
            INSERT INTO t VALUES (2, NULL);
            """)
        try await db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [3, "three"])
        #expect(try await Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 2, 3])
        #expect(try await String?.fetchAll(db, sql: "SELECT y FROM t ORDER BY x") == ["one", nil, "three"])
        #expect(try await Int.fetchOne(db, sql: "SELECT x FROM t WHERE y = ?", arguments: ["three"]) == 3)
        #expect(try await Int.fetchOne(db, sql: "SELECT x FROM t WHERE 0") == nil)
        #expect(try await DatabaseValue.fetchAll(db, sql: "SELECT y FROM t ORDER BY x") == [.text("one"), .null, .text("three")])
        let wrongCount = try await #require(throws: DatabaseError.self) { try await db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [1]) }
        #expect(wrongCount.kind == .misuse)
        let syntax = try await #require(throws: DatabaseError.self) { try await db.execute(sql: "SELEC 1") }
        #expect(syntax.kind == .sqlite)
        #expect(syntax.sql == "SELEC 1")
        let script = try await #require(throws: DatabaseError.self) {
            try await db.execute(sql: "INSERT INTO t VALUES (?, 'a'); INSERT INTO t VALUES (?, 'b')", arguments: [1, 2])
        }
        #expect(script.kind == .misuse)
    }
}

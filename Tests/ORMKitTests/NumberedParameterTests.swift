import ORMKit
import TestSupport
import Testing

/// Raw SQL spells parameters `$1, $2, …` on every engine: on SQLite, argument n binds wherever `$n` is, whatever
/// the order in which the parameters appear.
@Suite("Numbered parameters") struct NumberedParameterTests {
    static func database() async throws -> (Database, TemporaryDirectory) {
        let (db, directory) = try makeDatabase()
        try await db.execute(sql: "CREATE TABLE t (a INTEGER, b TEXT)")
        try await db.execute(sql: "INSERT INTO t VALUES (1, 'one'), (2, 'two'), (3, 'three')")
        return (db, directory)
    }

    @Test func argumentNBindsWhereDollarNIsInAnyOrder() async throws {
        let (db, directory) = try await Self.database()
        _ = directory
        // `$2` appears first: SQLite gives it parameter index 1; it must still get the second argument.
        let rows = try await Int.fetchAll(db, sql: "SELECT a FROM t WHERE b <> $2 AND a >= $1 ORDER BY a", arguments: [2, "three"])
        #expect(rows == [2])
        try await db.execute(sql: "INSERT INTO t VALUES ($2, $1)", arguments: ["four", 4])
        #expect(try await String.fetchOne(db, sql: "SELECT b FROM t WHERE a = $1", arguments: [4]) == "four")
    }

    @Test func aRepeatedParameterTakesOneArgument() async throws {
        let (db, directory) = try await Self.database()
        _ = directory
        let count = try await Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE a = $1 OR a = $1 + 1", arguments: [1])
        #expect(count == 2)
    }

    @Test func dollarNInsideAStringIsText() async throws {
        let (db, directory) = try await Self.database()
        _ = directory
        #expect(try await String.fetchOne(db, sql: "SELECT '$1' || b FROM t WHERE a = $1", arguments: [3]) == "$1three")
    }

    @Test func aWrongArgumentCountOrAMixIsRefusedNamingTheSQL() async throws {
        let (db, directory) = try await Self.database()
        _ = directory
        let count = await #expect(throws: DatabaseError.self) {
            try await Int.fetchAll(db, sql: "SELECT a FROM t WHERE a = $2", arguments: [1])
        }
        #expect(count?.kind == .misuse)
        #expect(count?.message.contains("$1 to $2") == true)
        #expect(count?.sql == "SELECT a FROM t WHERE a = $2")
        let mixed = await #expect(throws: DatabaseError.self) {
            try await Int.fetchAll(db, sql: "SELECT a FROM t WHERE a = $1 OR a = ?", arguments: [1, 2])
        }
        #expect(mixed?.kind == .misuse)
        #expect(mixed?.message.contains("mixes") == true)
        // Question marks still bind in order.
        #expect(try await Int.fetchAll(db, sql: "SELECT a FROM t WHERE a > ? AND a < ?", arguments: [1, 3]) == [2])
    }
}

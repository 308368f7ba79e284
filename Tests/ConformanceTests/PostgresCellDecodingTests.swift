#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import Testing

/// PostgreSQL only: the cells the session reads straight from their binary bytes (integers of each width, booleans,
/// doubles, text) come back exactly, at their extremes, from a real server; a value of another type still goes
/// through postgres-nio's decoders.
@Suite("PostgreSQL: cells read from their bytes") struct PostgresCellDecodingTests {
    @Test func integersOfEveryWidthBooleansDoublesAndTextReadBackExactly() async throws {
        guard let engine = try await Engine.open(.postgresql), case .postgresql(let db, _) = engine.storage else { return }
        try await db.execute(sql: """
            CREATE TABLE cells (n INTEGER PRIMARY KEY, s SMALLINT, i INTEGER, b BIGINT, f DOUBLE PRECISION,
                                flag BOOLEAN, t TEXT, v VARCHAR(20), r REAL)
            """)
        try await db.execute(sql: """
            INSERT INTO cells VALUES
              (1, -32768, -2147483648, -9223372036854775808, '-0', false, '', 'ø', -1.5),
              (2, 32767, 2147483647, 9223372036854775807, 'Infinity', true, 'Åse 🙂', 'x', 3.25),
              (3, 0, 0, 0, 1e-300, NULL, NULL, NULL, NULL)
            """)

        #expect(try await Int64.fetchAll(db, sql: "SELECT s FROM cells ORDER BY n") == [-32768, 32767, 0])
        #expect(try await Int64.fetchAll(db, sql: "SELECT i FROM cells ORDER BY n") == [-2_147_483_648, 2_147_483_647, 0])
        #expect(try await Int64.fetchAll(db, sql: "SELECT b FROM cells ORDER BY n") == [Int64.min, Int64.max, 0])
        let doubles = try await Double.fetchAll(db, sql: "SELECT f FROM cells ORDER BY n")
        #expect(doubles.map(\.bitPattern) == [(-0.0).bitPattern, Double.infinity.bitPattern, (1e-300).bitPattern])
        #expect(try await Bool?.fetchAll(db, sql: "SELECT flag FROM cells ORDER BY n") == [false, true, nil])
        #expect(try await String?.fetchAll(db, sql: "SELECT t FROM cells ORDER BY n") == ["", "Åse 🙂", nil])
        #expect(try await String?.fetchAll(db, sql: "SELECT v FROM cells ORDER BY n") == ["ø", "x", nil])
        // REAL (float4) is not one of them: postgres-nio's decoder reads it.
        #expect(try await Double?.fetchAll(db, sql: "SELECT r FROM cells ORDER BY n") == [-1.5, 3.25, nil])
        // A NaN keeps its kind.
        #expect(try await Double.fetchOne(db, sql: "SELECT 'NaN'::float8")?.isNaN == true)
        try await engine.close()
    }
}
#endif

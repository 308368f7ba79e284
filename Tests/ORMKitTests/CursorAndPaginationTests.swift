import Foundation
@_spi(Testing) import ORMKit
import Testing

@Suite("Cursors and pagination")
struct CursorAndPaginationTests {
    @Test func cursorIteratesOneHundredThousandRows() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try await db.write { conn in
            try conn.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
                INSERT INTO authors (id, name, rating) SELECT i, 'author ' || i, i % 10 FROM n
                """)
        }
        let (count, sum) = try await db.read { conn in
            let cursor = try Author.order(Author.id).cursor(conn)
            var count = 0
            var sum: Int64 = 0
            try cursor.forEach { author in
                count += 1
                sum += author.id ?? 0
            }
            #expect(try cursor.next() == nil)  // stays finished
            return (count, sum)
        }
        #expect(count == 100_000)
        #expect(sum == 100_000 * 100_001 / 2)
        // A filtered cursor made directly from the record type, and `while let`.
        let nines = try await db.read { conn in
            let cursor = try Author.filter(Author.rating == 9).cursor(conn)
            var nines = 0
            while let author = try cursor.next() {
                #expect(author.rating == 9)
                nines += 1
            }
            return nines
        }
        #expect(nines == 10_000)
    }

    @Test func theSameQueryRunsWhileACursorIsOpen() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try await Author.insert(db, contentsOf: (1...5).map { Author(name: "A\($0)") })
        let pairs = try await db.read { conn in
            let outer = try Author.order(Author.id).cursor(conn)
            var pairs: [(String, Int)] = []
            while let author = try outer.next() {
                // Same SQL as the cursor: must get its own statement, not reset the cursor's.
                let inner = try Author.order(Author.id).fetchAll(conn)
                let nested = try Author.order(Author.id).cursor(conn)
                _ = try nested.next()
                pairs.append((author.name, inner.count))
            }
            return pairs
        }
        #expect(pairs.map(\.0) == ["A1", "A2", "A3", "A4", "A5"])
        #expect(pairs.allSatisfy { $0.1 == 5 })
    }

    // Synchronous: a cursor is not Sendable, so only a synchronous `read` can let one escape its closure.
    @Test func aCursorUsedAfterItsClosureThrows() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try db.write { conn in _ = try Author.insert(conn, contentsOf: (1...3).map { Author(name: "A\($0)") }) }
        let escaped = try db.read { conn in
            let cursor = try Author.all().cursor(conn)
            _ = try cursor.next()
            return cursor
        }
        let error = try #require(throws: DatabaseError.self) { try escaped.next() }
        #expect(error.kind == .misuse)
        // The connection keeps working, and the same query too.
        #expect(try db.read { conn in try Author.all().fetchAll(conn).count } == 3)
        try db.close()
        let closed = try #require(throws: DatabaseError.self) { try escaped.next() }
        #expect(closed.kind == .closed)
    }

    @Test func anEscapedCursorGivesItsStatementBackWhenReleased() throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try db.write { conn in _ = try Author.insert(conn, contentsOf: (1...3).map { Author(name: "A\($0)") }) }
        var escaped: RecordCursor<Author>? = try db.read { conn in
            let cursor = try Author.all().cursor(conn)
            _ = try cursor.next()
            return cursor
        }
        #expect(throws: DatabaseError.self) { try escaped?.next() }
        escaped = nil  // released outside its closure: takes the database lock to reset the statement
        _ = try db.writeWithoutTransaction { conn in try Author.all().fetchAll(conn) }
        let before = try db.writeWithoutTransaction { $0.prepareCount }
        #expect(try db.writeWithoutTransaction { conn in try Author.all().fetchAll(conn).count } == 3)
        #expect(try db.writeWithoutTransaction { $0.prepareCount } == before)  // the cached statement is idle again
    }

    @Test func pagesCarryItemsAndTotals() async throws {
        let (db, directory) = try makeLibrary()
        _ = directory
        try await Author.insert(db, contentsOf: (1...23).map { Author(name: String(format: "A%02d", $0), rating: Double($0 % 2)) })
        let request = Author.order(Author.name)
        let first = try await request.page(1, size: 10, in: db)
        #expect(first.items.map(\.name) == (1...10).map { String(format: "A%02d", $0) })
        #expect(first.totalCount == 23)
        #expect(first.pageCount == 3)
        #expect(first.hasNextPage)
        let last = try await request.page(3, size: 10, in: db)
        #expect(last.items.map(\.name) == ["A21", "A22", "A23"])
        #expect(!last.hasNextPage)
        #expect(try await request.page(4, size: 10, in: db).items.isEmpty)
        let odd = try await Author.filter(Author.rating == 1).order(Author.name).page(2, size: 5, in: db)
        #expect(odd.totalCount == 12)
        #expect(odd.pageCount == 3)
        #expect(odd.items.first?.name == "A11")
        let empty = try await Author.filter(Author.rating > 5).page(1, size: 10, in: db)
        #expect(empty.totalCount == 0 && empty.pageCount == 0 && empty.items.isEmpty)
        await #expect(throws: DatabaseError.self) { try await request.page(0, size: 10, in: db) }
        await #expect(throws: DatabaseError.self) { try await request.page(1, size: 0, in: db) }
        await #expect(throws: DatabaseError.self) { try await request.page(Int.max, size: Int.max, in: db) }
        let inTransaction = try await db.read { conn in try Author.page(2, size: 20, in: conn) }
        #expect(inTransaction.items.count == 3)
    }
}

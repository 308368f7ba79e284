#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import ORMKit
@testable import ORMKitPostgres
import Testing

/// PostgreSQL only: keys that cannot travel as one array parameter (NUMERIC, or kinds mixed) take the fallback
/// statements: `IN ($1, …)` lists for eager loading, one statement per key for join-table writes. The example
/// schema has no such key, so these tests mix an integer with a NUMERIC of the same value.
@Suite("PostgreSQL: relation keys without an array type") struct PostgresKeyFallbackTests {
    @Test func eagerLoadingFallsBackToAnInList() async throws {
        guard let engine = try await Engine.open(.postgresql), case .postgresql(let db, _) = engine.storage else { return }
        let authors = try await engine.db.insert([RelationConformanceTests.author("Ann"), RelationConformanceTests.author("Bob")])
        let ann = try #require(authors[0].id)
        let bob = try #require(authors[1].id)
        _ = try await engine.db.insert([
            RelationConformanceTests.book(1, authorID: ann), RelationConformanceTests.book(2, authorID: bob),
            RelationConformanceTests.book(3, authorID: ann),
        ])
        let keys: [WireValue] = [.integer(ann), .decimal(Decimal(bob))]
        let (titles, selects) = try await engine.selects {
            try await db.read { session in
                var titles: [String] = []
                try await PostgresEagerQuery(Author.books.order(Book.title)).run(in: session, keys: keys) { row in
                    titles.append(try Book(row: row).title)
                }
                return titles
            }
        }
        #expect(titles == ["Book 1", "Book 2", "Book 3"])
        let select = try #require(selects.first)
        #expect(selects.count == 1)
        #expect(select.contains(" IN ($1, $2)") && !select.contains("ANY"), "\(select)")
        try await engine.close()
    }

    @Test func joinTableWritesFallBackToOneStatementPerKey() async throws {
        guard let engine = try await Engine.open(.postgresql), case .postgresql(let db, _) = engine.storage else { return }
        let authorID = try #require(try await engine.db.insert([RelationConformanceTests.author("Ann")])[0].id)
        let books = try await engine.db.insert((1...3).map { RelationConformanceTests.book($0, authorID: authorID) })
        var list = ReadingList(title: "Fallback")
        try await list.insert(engine.db)
        let join = try PostgresJoinTable(ReadingList.books, ownerKey: ReadingList.books.ownerBound(list))
        let position = try join.join.requirePosition(ReadingList.books)
        // The ISBNs are digits, so a NUMERIC key is assigned to the TEXT column as the same ISBN; a NULL among the
        // keys of an UPDATE or DELETE matches no row. Either way the keys are not one array.
        let isbns = books.map(\.isbn)
        let numeric = try #require(Decimal(string: isbns[1]))
        let attached: [WireValue] = [.text(isbns[2]), .decimal(numeric), .text(isbns[0])]
        let log = StatementLog()
        db.trace { log.append($0.sql) }
        try await db.write { session in
            try await join.attach(in: session, attached)                                   // [3, 2, 1]
            try await join.attach(in: session, [.text(isbns[0]), .decimal(numeric)])      // members stay where they are
        }
        #expect(try await list.books.fetchAll(engine.db).map(\.title) == ["Book 3", "Book 2", "Book 1"])
        try await db.write { session in
            try await join.renumber(in: session, [.text(isbns[0]), .text(isbns[2]), .text(isbns[1]), .null], position: position)
        }
        #expect(try await list.books.fetchAll(engine.db).map(\.title) == ["Book 1", "Book 3", "Book 2"])
        try await db.write { session in try await join.detach(in: session, [.text(isbns[2]), .null]) }
        #expect(try await list.books.fetchAll(engine.db).map(\.title) == ["Book 1", "Book 2"])
        db.trace(nil)
        let writes = log.statements.filter { !$0.hasPrefix("SELECT") && !$0.hasPrefix("BEGIN") && !$0.hasPrefix("COMMIT") }
        let perKey = 3 + 2 + 4 + 2  // attach, attach again, renumber, detach
        #expect(writes.count == perKey, "one statement per key: \(writes)")
        #expect(!writes.contains { $0.contains("unnest") || $0.contains("ANY") })
        try await engine.close()
    }
}
#endif

#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
import ORMKit
import ORMKitPostgres
import TestSupport
import Testing

/// PostgreSQL only: record operations and the query builder's SQL run as named prepared statements (parsed once
/// per connection). Each test uses one pooled connection, so every call after the first reuses what that
/// connection prepared.
@Suite("PostgreSQL: prepared statements") struct PostgresPreparedStatementTests {
    static func open(_ test: TestPostgresDatabase, prepares: Bool = true) throws -> PostgresDatabase {
        var options = PostgresDatabase.Options()
        options.maximumConnections = 1
        options.preparesStatements = prepares
        return try PostgresDatabase(url: test.url, options: options)
    }

    /// The names of the statements this session's connection has prepared.
    static func preparedNames(_ session: PostgresSession) async throws -> [String] {
        try await String.fetchAll(session, sql: "SELECT name FROM pg_prepared_statements ORDER BY name")
    }

    @Test func recordOperationsArePreparedOnceAndReused() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        let names = try await db.write { session in
            for number in 1...3 {
                var author = RelationConformanceTests.author("Prepared\(number)")
                try await author.insert(session)
                author.rating = 4
                try await author.update(session)
                #expect(try await Author.find(session, author.id ?? 0)?.rating == 4)
            }
            return try await Self.preparedNames(session)
        }
        // One statement each for insert (key assigned), update and find: three calls, three preparations.
        #expect(names.filter { $0.hasPrefix("ormkit") }.count == 3, "\(names)")
        await db.close()
        try await test.drop()
    }

    /// A request rendered again (the same SQL, other values) runs as the statement its first rendering prepared,
    /// and a request that failed to prepare works on that connection once the cause is gone.
    @Test func queryBuilderRequestsArePreparedOnceAndReused() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        // The table does not exist yet: preparing fails, and the statement takes a new name for the next call.
        await #expect(throws: DatabaseError.self) {
            _ = try await Author.filter(Author.rating > 2.0 && Author.name.like("Query%")).order(Author.name).limit(10).fetchAll(db)
        }
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        try await db.write { session in
            for number in 1...5 {
                var author = RelationConformanceTests.author("Query\(number)")
                author.rating = Double(number)
                try await author.insert(session)
            }
        }
        let log = StatementLog()
        db.trace { log.append($0.sql) }
        let (found, names) = try await db.read { session in
            var found: [[String]] = []
            for minimum in [2.0, 3.0, 4.0] {
                found.append(try await Author.filter(Author.rating > minimum && Author.name.like("Query%")).order(Author.name).limit(10).fetchAll(session).map(\.name))
            }
            return (found, try await Self.preparedNames(session).filter { $0.hasPrefix("ormkitq") })
        }
        #expect(found == [["Query3", "Query4", "Query5"], ["Query4", "Query5"], ["Query5"]])
        // Three calls of the same request, one preparation (renamed after the failed one).
        #expect(names.count == 1, "\(names)")
        #expect(names.allSatisfy { $0.hasSuffix("_1") }, "\(names)")
        // The limit is in the SQL, not a parameter: the server's generic plan for `LIMIT $n` assumes 10% of the
        // rows, so such a statement would be planned again on every call.
        let selects = log.statements.filter { $0.hasPrefix("SELECT") && $0.contains("\"authors\"") }
        #expect(selects.count == 3 && selects.allSatisfy { $0.hasSuffix(" LIMIT 10") }, "\(selects)")
        await db.close()
        try await test.drop()
    }

    /// Eager loading's `= ANY($n)` query and `find(keys:)` run as prepared statements: the same relation level
    /// (other keys) reuses the statement its first call prepared.
    @Test func arrayQueriesArePreparedOnceAndReused() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        let keys = try await db.write { session in
            var keys: [Int64] = []
            for number in 1...4 {
                var author = RelationConformanceTests.author("Array\(number)")
                try await author.insert(session)
                keys.append(author.id ?? 0)
            }
            return keys
        }
        let (loaded, found, names) = try await db.read { session in
            var loaded: [Int] = [], found: [Int] = []
            for count in 2...4 {
                let request = Author.filter(Author.name.like("Array%")).order(Author.name).limit(count)
                loaded.append(try await request.including(Author.books).fetchAll(session).count)
                found.append(try await Author.find(session, keys: keys.prefix(count)).count)
            }
            return (loaded, found, try await Self.preparedNames(session).filter { $0.hasPrefix("ormkitq") })
        }
        #expect(loaded == [2, 3, 4] && found == [2, 3, 4])
        // Three base queries (three limits), one eager level and one find(keys:), each prepared once.
        #expect(names.count == 5, "\(names)")
        await db.close()
        try await test.drop()
    }

    @Test func withoutPreparedStatementsRecordOperationsStillWork() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test, prepares: false)
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        var author = RelationConformanceTests.author("Unprepared")
        try await author.insert(db)
        author.rating = 3
        try await author.upsert(db)
        let id = try #require(author.id)
        #expect(try await Author.find(db, id)?.rating == 3)
        #expect(try await Author.delete(db, key: id))
        #expect(try await db.read { try await Self.preparedNames($0) }.isEmpty)
        await db.close()
        try await test.drop()
    }

    /// postgres-nio remembers a failed preparation per connection and name; the statement takes a new name, so
    /// the same call works on that connection once the cause is gone.
    @Test func aFailedPreparationDoesNotBreakTheCallOnThatConnection() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        await #expect(throws: DatabaseError.self) { _ = try await Author.find(db, 1) }   // no table yet
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        var author = RelationConformanceTests.author("AfterMigration")
        try await author.insert(db)
        #expect(try await Author.find(db, author.id ?? 0)?.name == "AfterMigration")
        await db.close()
        try await test.drop()
    }

    /// `Book.pages` (Int32?) is an INTEGER column and `weight` (Float?) a REAL one, while the values travel as
    /// BIGINT and DOUBLE PRECISION: the parameter types are declared when preparing, so a NULL in the first call
    /// does not leave the server inferring INTEGER and REAL for values sent later.
    @Test func aNullInTheFirstCallDoesNotFixAParameterType() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        var author = RelationConformanceTests.author("Typed")
        try await author.insert(db)
        var first = RelationConformanceTests.book(1, authorID: author.id ?? 0)
        first.pages = nil
        first.weight = nil
        try await first.insert(db)
        var second = RelationConformanceTests.book(2, authorID: author.id ?? 0)
        second.pages = 320
        second.weight = 1.5
        try await second.insert(db)
        let found = try #require(try await Book.find(db, second.isbn))
        #expect(found.pages == 320 && found.weight == 1.5)
        #expect(try await Book.find(db, first.isbn)?.pages == nil)
        await db.close()
        try await test.drop()
    }

    /// Explicit auto-increment keys move the identity sequence once per table and transaction: before a key is
    /// assigned in that table, or at commit.
    @Test func explicitKeysMoveTheSequenceOncePerTransaction() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try Self.open(test)
        try await db.migrate(ExampleSchema.self, hooks: PostgreSQLTests.hooks)
        let log = StatementLog()
        db.trace { log.append($0.sql) }
        let assigned = try await db.write { session in
            for key in [Int64(9_000), 8_000, 8_500] {
                var author = RelationConformanceTests.author("Explicit\(key)")
                author.id = key
                try await author.upsert(session)
            }
            var next = RelationConformanceTests.author("Next")
            try await next.insert(session)
            return next.id
        }
        #expect(assigned == 9_001)
        let statements = log.statements.filter { !$0.hasPrefix("BEGIN") && $0 != "COMMIT" }
        #expect(statements.count == 5 && statements.filter { $0.contains("setval") }.count == 1, "\(statements)")

        var late = RelationConformanceTests.author("Late")
        late.id = 9_500
        try await late.insert(db)   // its own transaction: the sequence moves before it commits
        var after = RelationConformanceTests.author("After")
        try await after.insert(db)
        #expect(after.id == 9_501)
        var lower = RelationConformanceTests.author("Lower")
        lower.id = 100
        try await lower.insert(db)   // behind the sequence: it stays where it is
        var last = RelationConformanceTests.author("Last")
        try await last.insert(db)
        #expect(last.id == 9_502)
        await db.close()
        try await test.drop()
    }
}
#endif

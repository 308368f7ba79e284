#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ExampleModels
import Foundation
@testable import ORMKit
import ORMKitPostgres
import Testing

/// PostgreSQL's answers to the dialect's questions (the SQLite and test-only dialects: ORMKitTests'
/// `SQLDialectTests`).
@Suite("SQL dialect: PostgreSQL")
struct PostgreSQLDialectTests {
    static func select(_ request: QueryRequest<Author>) throws -> (sql: String, storage: Int, wire: Int) {
        var renderer = SQLRenderer(dialect: .postgresql)
        let sql = request.selectSQL("1", renderer: &renderer)
        return (sql, try renderer.arguments().count, try renderer.wireArguments().count)
    }

    @Test func placeholdersMatchingListsAndLimits() throws {
        let filtered = try Self.select(Author.filter(Author.name.like("u%") && Author.rating > 3).limit(10, offset: 20))
        #expect(filtered.sql == #"SELECT 1 FROM "authors" WHERE (("authors"."name" ILIKE $1) AND ("authors"."rating" > $2)) LIMIT 10 OFFSET $3"#)
        #expect((filtered.storage, filtered.wire) == (0, 3))
        #expect(try Self.select(Author.filter(Author.id.in([Int64]()))).sql.hasSuffix("WHERE FALSE"))
        var offsetOnly = Author.all()
        offsetOnly.offsetCount = 5
        #expect(try Self.select(offsetOnly).sql.hasSuffix(#""authors" OFFSET $1"#))
        var renderer = SQLRenderer(dialect: .postgresql)
        #expect(Author.id.set(to: Author.id + 1).renderValue(&renderer) == #"("authors"."id" + $1)"#)
    }
}
#endif

import ExampleModels
import Foundation
import ORMKit
import Testing

/// `migrate` brings a table's full-text index to its `search:` on every engine: dropped when the declaration goes,
/// created and filled from the rows already there when it comes, rebuilt when its fields change.
@Suite("Conformance: full-text search migrations") struct FullTextSearchMigrationTests {
    /// The example schema at `version` with `books` searching `search` (none when nil).
    static func tables(searching search: SearchSchema?) -> [TableSchema] {
        ExampleSchema.tables.map { table in
            guard table.name == Book.schema.name else { return table }
            return TableSchema(
                name: table.name, columns: table.columns, primaryKey: table.primaryKey, isAutoIncrement: table.isAutoIncrement,
                indexes: table.indexes, foreignKeys: table.foreignKeys, search: search, relations: table.relations)
        }
    }

    static func migrations(upTo version: Int) -> [Migration] {
        ExampleSchema.migrations + ((ExampleSchema.version + 1)...version).map { Migration(version: $0, steps: []) }
    }

    enum Unsearched: DatabaseSchema {
        static let version = ExampleSchema.version + 1
        static let tables = FullTextSearchMigrationTests.tables(searching: nil)
        static let migrations = FullTextSearchMigrationTests.migrations(upTo: version)
        static let seed = ExampleSchema.seed
    }

    enum Searched: DatabaseSchema {
        static let version = ExampleSchema.version + 2
        static let tables = ExampleSchema.tables
        static let migrations = FullTextSearchMigrationTests.migrations(upTo: version)
        static let seed = ExampleSchema.seed
    }

    enum TitlesOnly: DatabaseSchema {
        static let version = ExampleSchema.version + 3
        static let tables = FullTextSearchMigrationTests.tables(searching: SearchSchema(columns: ["title"], language: "english"))
        static let migrations = FullTextSearchMigrationTests.migrations(upTo: version)
        static let seed = ExampleSchema.seed
    }

    static func insert(_ isbn: String, _ title: String, _ summary: String, into db: some DatabaseWriter) async throws {
        var author = Author(name: "Migrating \(isbn)", email: "\(isbn)@search.test", rating: 3)
        try await author.insert(db)
        try await Book(
            isbn: isbn, title: title, summary: summary, tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1),
            color: Color(red: 0, green: 0, blue: 0), authorID: author.id ?? 0
        ).insert(db)
    }

    static func differences<S: DatabaseSchema>(_ schema: S.Type, _ db: some DatabaseWriter) async throws -> [SchemaDifference] {
        try await db.schemaDifferences(schema).filter { !$0.isTolerated }
    }

    @Test(arguments: Backend.allCases) func theIndexFollowsTheDeclaration(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let db = engine.db
        try await Self.insert("4000000001", "Lighthouse keeping", "Running a lighthouse on a stormy coast", into: db)
        #expect(try await Book.matching("lighthouse").count(db) == 1)

        // Declared no more: dropped (the example schema's index is reported as one the schema does not declare).
        #expect(try await db.migrate(Unsearched.self, hooks: Engine.hooks) == .upgraded(from: ExampleSchema.version, to: Unsearched.version))
        #expect(try await Self.differences(Unsearched.self, db).isEmpty)
        #expect(try await db.schemaDifferences(Unsearched.self).filter { $0.kind == .searchIndex }.isEmpty)
        let searchedDifferences = try await Self.differences(Searched.self, db)
        #expect(searchedDifferences.map(\.kind) == [.searchIndex], "\(searchedDifferences)")
        await #expect(throws: DatabaseError.self) { try await Book.matching("lighthouse").count(db) }

        // Rows written while there is no index are indexed when it comes back.
        try await Self.insert("4000000002", "Harbour lights", "Keeping a small harbour running", into: db)
        #expect(try await db.migrate(Searched.self, hooks: Engine.hooks) == .upgraded(from: Unsearched.version, to: Searched.version))
        #expect(try await Self.differences(Searched.self, db).isEmpty)
        #expect(try await Set(Book.matching("running").filter(Book.isbn.like("400000000%")).fetchAll(db).map(\.isbn)) == ["4000000001", "4000000002"])
        #expect(try await Book.matching("harbour").fetchAll(db).map(\.isbn) == ["4000000002"])

        // Other fields: rebuilt over the titles alone.
        #expect(try await db.migrate(TitlesOnly.self, hooks: Engine.hooks) == .upgraded(from: Searched.version, to: TitlesOnly.version))
        #expect(try await Self.differences(TitlesOnly.self, db).isEmpty)
        #expect(try await Book.matching("harbour").fetchAll(db).map(\.isbn) == ["4000000002"])
        #expect(try await Book.matching("stormy").count(db) == 0)
        #expect(try await db.migrate(TitlesOnly.self, hooks: Engine.hooks) == .upToDate(version: TitlesOnly.version))
        try await engine.close()
    }
}

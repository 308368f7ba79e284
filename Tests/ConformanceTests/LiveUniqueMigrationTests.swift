import ExampleModels
import Foundation
import ORMKit
import Testing

/// A `unique: true` column of a model given `softDelete:` becomes a partial unique index for live rows; on a
/// database made before, `migrate` removes the column's `UNIQUE` constraint (SQLite: a table rebuild; PostgreSQL:
/// `DROP CONSTRAINT`) and creates the index, so a deleted row stops taking its value.
@Suite("Conformance: uniques for live rows on an existing database") struct LiveUniqueMigrationTests {
    /// The example schema with `authors.email` unique among the rows whose `born` is NULL and the unique index
    /// `authors_name_born` among those whose `nick_name` is NULL (the shapes `softDelete:` gives a unique column and a
    /// unique index, on columns every author has).
    enum LiveEmails: DatabaseSchema {
        static let version = ExampleSchema.version + 1
        static let tables = ExampleSchema.tables.map { table in
            guard table.name == Author.schema.name else { return table }
            let columns = table.columns.map { column in
                guard column.name == "email" else { return column }
                return ColumnSchema(name: column.name, type: column.type, kind: column.kind, isNullable: column.isNullable)
            }
            return TableSchema(
                name: table.name, columns: columns, primaryKey: table.primaryKey, isAutoIncrement: table.isAutoIncrement,
                indexes: table.indexes.map { index in
                    // The unique index on (name, born), among the rows without a nickname.
                    index.name == "authors_name_born"
                        ? IndexSchema(name: index.name, keys: index.keys, isUnique: true, onlyWhereNull: "nick_name") : index
                } + [IndexSchema(name: "authors_email_live", columns: ["email"], isUnique: true, onlyWhereNull: "born")],
                foreignKeys: table.foreignKeys, search: table.search, relations: table.relations)
        }
        static let migrations = ExampleSchema.migrations + [Migration(version: ExampleSchema.version + 1, steps: [])]
        static let seed = ExampleSchema.seed
    }

    @Test(arguments: Backend.allCases) func theConstraintGivesWayToThePartialIndex(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let db = engine.db
        var live = Author(name: "Live", email: "same@unique.test", rating: 3)
        try await live.insert(db)
        var gone = Author(name: "Gone", email: "same@unique.test", born: Date(timeIntervalSince1970: 0), rating: 3)
        await #expect(throws: DatabaseError.self) { try await gone.insert(db) }
        let born = Date(timeIntervalSince1970: 86_400)
        var first = Author(name: "Namesake", email: "first@unique.test", born: born, rating: 3)
        try await first.insert(db)
        var nicknamed = Author(name: "Namesake", email: "second@unique.test", born: born, rating: 3, nickname: "Nick")
        await #expect(throws: DatabaseError.self) { try await nicknamed.insert(db) }
        #expect(try await db.schemaDifferences(LiveEmails.self).contains { !$0.isTolerated })

        #expect(try await db.migrate(LiveEmails.self, hooks: Engine.hooks) == .upgraded(from: ExampleSchema.version, to: LiveEmails.version))
        #expect(try await db.schemaDifferences(LiveEmails.self).filter { !$0.isTolerated }.isEmpty)
        try await gone.insert(db)
        var twin = Author(name: "Twin", email: "same@unique.test", rating: 3)
        await #expect(throws: DatabaseError.self) { try await twin.insert(db) }
        #expect(try await Author.filter(Author.email == "same@unique.test").count(db) == 2)
        try await nicknamed.insert(db)
        var third = Author(name: "Namesake", email: "third@unique.test", born: born, rating: 3)
        await #expect(throws: DatabaseError.self) { try await third.insert(db) }
        // Other tables' rows and the full-text index came through the rebuild.
        #expect(try await Book.all().count(db) > 0)
        #expect(try await db.schemaDifferences(LiveEmails.self).filter { $0.kind == .searchIndex }.isEmpty)
        try await engine.close()
    }
}

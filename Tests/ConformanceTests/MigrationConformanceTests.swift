import ExampleModels
import Foundation
import ORMKit
import Testing

/// `migrate(_:adopting:hooks:)` through the engine contract: creation and seed, one hook type, adoption and
/// refusal on every engine.
@Suite("Conformance: migrations") struct MigrationConformanceTests {
    /// The example schema plus one version whose steps are an SQL update and a hook.
    enum Rerated: DatabaseSchema {
        static let version = ExampleSchema.version + 1
        static let tables = ExampleSchema.tables
        static let migrations = ExampleSchema.migrations + [
            Migration(version: ExampleSchema.version + 1, steps: [.sql("UPDATE authors SET rating = 1"), .hook("rate")]),
        ]
        static let seed = ExampleSchema.seed
    }

    static func authors(_ engine: Engine) async throws {
        for name in ["Ann", "Bob"] {
            var author = Author(name: name, email: "\(name.lowercased())@migrate.test", rating: 3)
            try await author.insert(engine.db)
        }
    }

    static let mine = Author.filter(Author.email.like("%@migrate.test"))

    @Test(arguments: Backend.allCases) func createdSeededAndUpToDate(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        #expect(try await Author.all().count(engine.db) == ExampleSchema.seed.filter { $0.table == "authors" }.count)
        #expect(try await Author.find(engine.db, 2)?.name == "Ursula K. Le Guin")
        #expect(!(try await Book.all().fetchAll(engine.db)).isEmpty)
        #expect(try await engine.db.migrate(ExampleSchema.self, hooks: Engine.hooks) == .upToDate(version: ExampleSchema.version))
        #expect(try await engine.db.schemaVersion() == ExampleSchema.version)
        #expect(try await engine.db.schemaDifferences(ExampleSchema.self).filter { !$0.isTolerated }.isEmpty)
        var next = Author(name: "After seed", email: "after@example.org")
        try await next.insert(engine.db)
        #expect((next.id ?? 0) > 2)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aHookRunsItsVerbsInTheMigrationsTransaction(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        try await Self.authors(engine)
        let hooks: [String: MigrationHook] = [
            "rate": { db in
                for var author in try await Author.fetchAll(db) {
                    author.rating += 0.5
                    try await author.update(db)
                }
            },
        ]
        let outcome = try await engine.db.migrate(Rerated.self, hooks: hooks)
        #expect(outcome == .upgraded(from: ExampleSchema.version, to: Rerated.version))
        #expect(try await Self.mine.fetchAll(engine.db).map(\.rating) == [1.5, 1.5])
        #expect(try await engine.db.schemaVersion() == Rerated.version)
        try await engine.close()
    }

    @Test(arguments: Backend.allCases) func aThrowingHookRollsTheWholeMigrationBack(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        try await Self.authors(engine)
        let hooks: [String: MigrationHook] = [
            "rate": { db in
                var extra = Author(name: "Extra", email: "extra@migrate.test", rating: 2)
                try await extra.insert(db)
                throw CancellationError()
            },
        ]
        await #expect(throws: MigrationError.self) { try await engine.db.migrate(Rerated.self, hooks: hooks) }
        #expect(try await Self.mine.order(Author.name).fetchAll(engine.db).map(\.rating) == [3, 3])
        #expect(try await engine.db.schemaVersion() == ExampleSchema.version)
        await #expect(throws: MigrationError.self) { try await engine.db.migrate(Rerated.self) }  // the hook is missing
        try await engine.close()
    }

    /// Forgets the recorded version, as a database another tool made has none.
    static func forgetVersion(_ engine: Engine) async throws {
        switch engine.backend {
        case .sqlite: try await engine.db.execute(sql: "PRAGMA user_version = 0")
        #if PostgreSQL
        case .postgresql, .pgbouncer: try await engine.db.execute(sql: "DELETE FROM ormkit_schema_version")
        #endif
        }
    }

    @Test(arguments: Backend.allCases) func anUnversionedDatabaseIsAdoptedOnlyWhenItMatches(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        try await Self.authors(engine)
        try await Self.forgetVersion(engine)
        #expect(try await engine.db.schemaVersion() == 0)
        await #expect {
            try await engine.db.migrate(ExampleSchema.self, hooks: Engine.hooks)
        } throws: { error in
            guard case MigrationError.unversionedDatabase(let tables) = error else { return false }
            return tables.contains("authors") && "\(error)".contains("adopting: .ifMatching")
        }
        let outcome = try await engine.db.migrate(ExampleSchema.self, adopting: .ifMatching, hooks: Engine.hooks)
        #expect(outcome == .adopted(version: ExampleSchema.version))
        #expect(try await engine.db.schemaVersion() == ExampleSchema.version)
        #expect(try await Self.mine.count(engine.db) == 2)

        try await Self.forgetVersion(engine)
        try await engine.db.execute(sql: "ALTER TABLE authors RENAME COLUMN website TO homepage")
        await #expect {
            try await engine.db.migrate(ExampleSchema.self, adopting: .ifMatching, hooks: Engine.hooks)
        } throws: { error in
            guard case MigrationError.adoptionRefused(let differences, _) = error else { return false }
            return differences.contains { $0.kind == .missingColumn && $0.table == "authors" && $0.name == "website" }
        }
        #expect(try await engine.db.schemaVersion() == 0)
        try await engine.close()
    }
}

/// `createTable`, `dropTable` and `truncate` through the engine contract, with each engine's DDL.
@Suite("Conformance: table helpers") struct TableHelperConformanceTests {
    @Test(arguments: Backend.allCases) func truncateDropAndCreateOnEveryEngine(_ backend: Backend) async throws {
        guard let engine = try await Engine.open(backend) else { return }
        let seeded = try await Order.all().count(engine.db)
        _ = try await engine.db.insert([Order(count: 1, index: 1), Order(count: 2, index: 2)])
        #expect(try await Order.truncate(engine.db) == seeded + 2)
        #expect(try await Order.all().count(engine.db) == 0)
        _ = try await engine.db.insert([Order(count: 3, index: 3)])
        try await Order.dropTable(engine.db)
        let missing = await #expect(throws: DatabaseError.self) { try await Order.all().count(engine.db) }
        #expect(missing != nil)
        try await Order.createTable(engine.db)
        try await Order.createTable(engine.db)  // IF NOT EXISTS: a second call changes nothing
        #expect(try await Order.all().count(engine.db) == 0)
        var order = Order(count: 4, index: 4)
        try await order.insert(engine.db)
        #expect(try await Order.find(engine.db, order.id ?? 0)?.count == 4)
        #expect(try await engine.db.schemaDifferences(ExampleSchema.self).filter { !$0.isTolerated }.isEmpty)
        #if PostgreSQL
        if backend.isPostgreSQL {
            // Another table's foreign key references authors (SQLite would delete the rows first instead).
            let blocked = await #expect(throws: DatabaseError.self) { try await Author.dropTable(engine.db) }
            #expect(blocked?.table == "authors")
        }
        #endif
        try await engine.close()
    }
}

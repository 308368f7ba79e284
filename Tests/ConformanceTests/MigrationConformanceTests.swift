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
        case .postgresql: try await engine.db.execute(sql: "DELETE FROM ormkit_schema_version")
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

import Foundation
import ORMKit
import Testing
import TestSupport

/// A snake_case file ormgen did not create (`Tests/Fixtures/ExistingDatabases/events.sql`: dates as INTEGER
/// Unix seconds and milliseconds and REAL Julian days, UUIDs as lowercase TEXT keys referenced by a foreign
/// key, BOOLEAN 0/1, a full-text table, a table without a key and a partial index), through the models
/// generated from what `ormgen pull` wrote for it.
@Suite("Existing database: events")
struct EventsDatabaseTests {
    @Test func thePulledSchemaMatchesTheFileAndEveryRowDecodes() async throws {
        let file = try ExistingDatabase(script: "events.sql")
        let db = try file.open()
        defer { try? db.close() }
        #expect(try await db.schemaDifferences(EventsSchema.self).filter { !$0.isTolerated } == [])
        for (decoded, rows) in [
            try ExistingDatabase.decodeEveryRow(Users.self, db), try ExistingDatabase.decodeEveryRow(EventTypes.self, db),
            try ExistingDatabase.decodeEveryRow(Events.self, db), try ExistingDatabase.decodeEveryRow(EventTags.self, db),
        ] {
            #expect(decoded == rows && rows > 0)
        }
        // Each value written back in its storage is what the file holds.
        let events = try await Events.order(Events.starts_at).fetchAll(db)
        let starts = try await Int64.fetchAll(db, sql: "SELECT starts_at FROM events ORDER BY starts_at")
        #expect(events.map { Events.starts_at.databaseValue($0.starts_at) } == starts.map { .real(Double($0)) })
        let ids = try await String.fetchAll(db, sql: "SELECT id FROM events ORDER BY starts_at")
        #expect(events.map { $0.id.uuidString.lowercased() } == ids)
        let milliseconds = try await Int64?.fetchAll(db, sql: "SELECT updated_at_ms FROM events ORDER BY starts_at")
        #expect(events.map { $0.updated_at_ms.map { Events.updated_at_ms.databaseValue($0) } } == milliseconds.map { $0.map { .integer($0) } })
    }

    @Test func typedFiltersAgreeWithPlainSQLAndRelationsBindTextKeys() async throws {
        let file = try ExistingDatabase(script: "events.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(EventsSchema.self, adopting: .ifMatching)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        await #expect(try Events.filter(Events.starts_at >= start).count(db)
            == Int.fetchOne(db, sql: "SELECT count(*) FROM events WHERE starts_at >= 1700000000"))
        #expect(try await Users.filter(Users.is_admin == true).count(db) == Int.fetchOne(db, sql: "SELECT count(*) FROM users WHERE is_admin"))
        // The TEXT UUID key: navigation and eager loading find the tags by it.
        let event = try #require(try await Events.order(Events.starts_at).fetchOne(db))
        await #expect(try event.eventTags.fetchAll(db).count
            == Int.fetchOne(db, sql: "SELECT count(*) FROM event_tags WHERE event_id = ?", arguments: [event.id.uuidString.lowercased()]))
        let loaded = try await Events.all().including(Events.eventTags).fetchAll(db)
        #expect(loaded.map { $0.related.count }.reduce(0, +) == (try await Int.fetchOne(db, sql: "SELECT count(*) FROM event_tags")))
        // A new event keeps the file's forms: TEXT id, whole seconds stored as INTEGER by the TIMESTAMP column.
        let added = Events(
            id: UUID(), event_type: "call", title: "New", created_at: 1, starts_at: start, is_public: false, created_by_user_id: 1)
        try await added.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(id) || ' ' || typeof(starts_at) || ' ' || typeof(is_public) FROM events WHERE title = 'New'")
            == "text integer integer")
    }

    @Test func updatesKeepTheFormsAndAVersionedMigrationRuns() async throws {
        let file = try ExistingDatabase(script: "events.sql")
        let db = try file.open()
        defer { try? db.close() }
        #expect(try await db.migrate(EventsSchema.self, adopting: .ifMatching) == .adopted(version: 1))
        var event = try #require(try await Events.order(Events.starts_at).fetchOne(db))
        let before = try await String.fetchOne(db, sql: "SELECT typeof(id) || typeof(starts_at) || typeof(updated_at_ms) || id || starts_at FROM events WHERE title = ?", arguments: [event.title])
        event.title += " (moved)"
        try await event.update(db)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(id) || typeof(starts_at) || typeof(updated_at_ms) || id || starts_at FROM events WHERE title = ?", arguments: [event.title]) == before)

        let rootPages = try await String.fetchAll(db, sql: "SELECT name || ' ' || rootpage FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(try await db.migrate(EventsSchemaVersion2.self) == .upgraded(from: 1, to: 2))
        #expect(try await String.fetchAll(db, sql: "SELECT name || ' ' || rootpage FROM sqlite_master WHERE type = 'table' ORDER BY name") == rootPages)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'events_by_type'") == 1)
        #expect(try await db.schemaDifferences(EventsSchemaVersion2.self).filter { !$0.isTolerated } == [])
    }
}

/// Version 2 of the pulled schema: an index on the adopted file.
enum EventsSchemaVersion2: DatabaseSchema {
    static let version = 2
    static let tables = EventsSchema.tables
    static let migrations = [
        Migration(version: 2, steps: [
            .addIndex(table: "events", index: IndexSchema(
                name: "events_by_type", columns: ["event_type"], isUnique: false)),
        ]),
    ]
    static let seed: [SeedRow] = []
}

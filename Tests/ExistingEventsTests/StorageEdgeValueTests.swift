import Foundation
import ORMKit
import Testing
import TestSupport

/// Edge values through the date storages of the events file: nothing a column holds, and no date a program
/// writes, may stop the process (issue: a NaN date trapped in `Date.description` while the error was built, and
/// `Int64.min` milliseconds overflowed on every read).
@Suite("Existing database: edge values through the date storages")
struct StorageEdgeValueTests {
    @Test(arguments: [Int64.min, Int64.min + 1, -1, Int64.max - 1, Int64.max])
    func anyStoredMillisecondCountReads(_ milliseconds: Int64) async throws {
        let file = try ExistingDatabase(script: "events.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.execute(sql: "UPDATE events SET updated_at_ms = ?", arguments: [milliseconds])
        let events = try await Events.fetchAll(db)
        #expect(!events.isEmpty)
        for event in events {
            let date = try #require(event.updated_at_ms)
            #expect(date.timeIntervalSince1970.isFinite)
            // The truncated quotient and remainder: the same instant, to the millisecond, as the stored count.
            #expect(abs(date.timeIntervalSince1970 - Double(milliseconds) / 1_000) <= abs(Double(milliseconds)) * 1e-15 + 1e-6)
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300])
    func anUnstorableDateIsAnEncodingErrorNamingIt(_ seconds: Double) async throws {
        let file = try ExistingDatabase(script: "events.sql")
        let db = try file.open()
        defer { try? db.close() }
        var event = try #require(try await Events.order(Events.starts_at).fetchOne(db))
        event.updated_at_ms = Date(timeIntervalSince1970: seconds)
        let error = await #expect(throws: DatabaseError.self) { try await event.update(db) }
        #expect(error?.kind == .encoding)
        #expect(error?.message.contains("\(seconds) seconds from 1970") == true)
        // Nothing was written.
        let stored = try await Int64?.fetchOne(db, sql: "SELECT updated_at_ms FROM events WHERE id = ?", arguments: [event.id.uuidString.lowercased()])
        #expect(stored.flatMap { $0 } != Int64.max && stored.flatMap { $0 } != Int64.min)
    }
}

import Foundation
import ORMKit
import Testing
import TestSupport

/// A Chinook-like file ormgen did not create (`Tests/Fixtures/ExistingDatabases/music.sql`: PascalCase names,
/// NVARCHAR and NUMERIC(10,2) types, DATETIME text, a composite key, a self-reference, the join table
/// PlaylistTrack, `user_version` 0), through the models generated from what `ormgen pull` wrote for it
/// (`schema/schema.yaml`, checked against a fresh pull by `PullCommandTests`).
@Suite("Existing database: music")
struct MusicDatabaseTests {
    @Test func thePulledSchemaMatchesTheFileAndEveryRowDecodes() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        // No difference, tolerated ones included: the join table's own index is declared on its manyToMany.
        #expect(try await db.schemaDifferences(MusicSchema.self).map(\.description) == [])
        for (decoded, rows) in [
            try ExistingDatabase.decodeEveryRow(Album.self, db), try ExistingDatabase.decodeEveryRow(Artist.self, db),
            try ExistingDatabase.decodeEveryRow(Customer.self, db), try ExistingDatabase.decodeEveryRow(Employee.self, db),
            try ExistingDatabase.decodeEveryRow(Genre.self, db), try ExistingDatabase.decodeEveryRow(Invoice.self, db),
            try ExistingDatabase.decodeEveryRow(InvoiceLine.self, db), try ExistingDatabase.decodeEveryRow(MediaType.self, db),
            try ExistingDatabase.decodeEveryRow(Playlist.self, db), try ExistingDatabase.decodeEveryRow(Track.self, db),
        ] {
            #expect(decoded == rows && rows > 0)
        }
        // Values equal what SQLite reads: each date written back in its storage is the file's text, each price
        // the file's number.
        let invoices = try await Invoice.order(Invoice.InvoiceId).fetchAll(db)
        let texts = try await String.fetchAll(db, sql: "SELECT InvoiceDate FROM Invoice ORDER BY InvoiceId")
        #expect(invoices.map { Invoice.InvoiceDate.databaseValue($0.InvoiceDate) } == texts.map { .text($0) })
        let totals = try await String.fetchAll(db, sql: "SELECT CAST(Total AS TEXT) FROM Invoice ORDER BY InvoiceId")
        #expect(invoices.map { "\($0.Total)" } == totals.map { Decimal(string: $0).map { "\($0)" } ?? $0 })
        let employees = try await Employee.order(Employee.EmployeeId).fetchAll(db)
        #expect(employees.contains { $0.ReportsTo != nil } && employees.contains { $0.ReportsTo == nil })
    }

    @Test func typedFiltersAndOrderingAgreeWithPlainSQL() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let utc = TimeZone(identifier: "UTC") ?? .current
        let start = try #require(DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: utc, year: 2010, month: 1, day: 1).date)
        let end = try #require(DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: utc, year: 2011, month: 7, day: 1).date)
        let typed = try await Invoice.filter(Invoice.InvoiceDate >= start && Invoice.InvoiceDate < end).count(db)
        let plain = try await Int.fetchOne(db, sql: "SELECT count(*) FROM Invoice WHERE InvoiceDate >= '2010-01-01' AND InvoiceDate < '2011-07-01'")
        #expect(typed == plain && typed > 0)
        // An updateAll with a date filter touches exactly the rows plain SQL counts (none after 2030).
        let later = Date(timeIntervalSince1970: 1_893_456_000)
        #expect(try await Invoice.filter(Invoice.InvoiceDate > later).updateAll(db, Invoice.BillingCountry.set(to: "X")) == 0)

        // Decimal ordering is numeric: 9.5 < 10 < 100, as SQLite's NUMERIC comparison sorts them.
        let sorted = try await Track.order(Track.UnitPrice, Track.TrackId).select(Track.TrackId).fetchAll(db)
        let plainSorted = try await Int64.fetchAll(db, sql: "SELECT TrackId FROM Track ORDER BY UnitPrice, TrackId")
        #expect(sorted == plainSorted)
        let threshold = try #require(Decimal(string: "9.2"))
        await #expect(try Track.filter(Track.UnitPrice > threshold).count(db)
            == Int.fetchOne(db, sql: "SELECT count(*) FROM Track WHERE UnitPrice > 9.2"))
        let largest = try #require(try await String.fetchOne(db, sql: "SELECT CAST(max(Total) AS TEXT) FROM Invoice"))
        #expect(try await Invoice.all().max(db, Invoice.Total) == Decimal(string: largest))
    }

    @Test func adoptStampsTheVersionAndChangesNothingElse() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let before = try ExistingDatabase.contents(db)
        await #expect(throws: MigrationError.self) { try await db.migrate(MusicSchema.self) }  // not without adopting
        #expect(try await db.migrate(MusicSchema.self, adopting: .ifMatching) == .adopted(version: 1))
        #expect(try ExistingDatabase.contents(db) == before)
        #expect(try await db.schemaVersion() == 1)
        #expect(try await db.migrate(MusicSchema.self, adopting: .ifMatching) == .upToDate(version: 1))
    }

    @Test func adoptionOfAFileThatDiffersIsRefusedAndLeavesItsBytes() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        do {
            let db = try file.open()
            try await db.execute(sql: "ALTER TABLE Genre RENAME COLUMN Name TO Label")
            try db.close()
        }
        let bytes = try file.bytes()
        let db = try file.open()
        defer { try? db.close() }
        await #expect {
            try await db.migrate(MusicSchema.self, adopting: .ifMatching)
        } throws: { error in
            let text = "\(error)"
            return text.contains("was not adopted (nothing was changed)") && text.contains("missing column Genre.Name")
        }
        try db.close()
        #expect(try file.bytes() == bytes)
    }

    @Test func writesKeepTheFilesStorageForms() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(MusicSchema.self, adopting: .ifMatching)
        var invoice = try #require(try await Invoice.order(Invoice.InvoiceId).fetchOne(db))
        let dateBefore = try await String.fetchOne(db, sql: "SELECT typeof(InvoiceDate) || InvoiceDate FROM Invoice WHERE InvoiceId = ?", arguments: [invoice.InvoiceId])
        invoice.Total = try #require(Decimal(string: "12.34"))
        try await invoice.update(db)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(InvoiceDate) || InvoiceDate FROM Invoice WHERE InvoiceId = ?", arguments: [invoice.InvoiceId]) == dateBefore)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(Total) || ' ' || Total FROM Invoice WHERE InvoiceId = ?", arguments: [invoice.InvoiceId]) == "real 12.34")

        var added = Invoice(CustomerId: invoice.CustomerId, InvoiceDate: Date(timeIntervalSince1970: 1_700_000_000), Total: 7)
        try await added.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT InvoiceDate FROM Invoice WHERE InvoiceId = ?", arguments: [added.InvoiceId]) == "2023-11-14 22:13:20")

        // The existing join table: attach and detach through PlaylistTrack's own columns.
        let playlist = try #require(try await Playlist.order(Playlist.PlaylistId).fetchOne(db))
        let track = try #require(try await playlist.tracks.fetchAll(db).first)
        let count = try await playlist.tracks.count(db)
        try await playlist.tracks.detach(db, track)
        try await playlist.tracks.attach(db, track)
        #expect(try await playlist.tracks.count(db) == count)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM PlaylistTrack WHERE PlaylistId = ? AND TrackId = ?", arguments: [playlist.PlaylistId, track.TrackId]) == 1)
    }

    @Test func aVersionedMigrationRunsOnTheAdoptedFileWithoutRebuildingTables() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(MusicSchema.self, adopting: .ifMatching)
        let rootPages = try await String.fetchAll(db, sql: "SELECT name || ' ' || rootpage FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(try await db.migrate(MusicSchemaVersion2.self) == .upgraded(from: 1, to: 2))
        #expect(try await String.fetchAll(db, sql: "SELECT name || ' ' || rootpage FROM sqlite_master WHERE type = 'table' ORDER BY name") == rootPages)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM Track WHERE Composer IS NULL") == 0)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'IX_TrackName'") == 1)
        #expect(try await db.schemaDifferences(MusicSchemaVersion2.self).filter { !$0.isTolerated } == [])
    }
}

/// Version 2 of the pulled schema, as an app would ship it: an index and a data fix on the adopted file.
enum MusicSchemaVersion2: DatabaseSchema {
    static let version = 2
    static let tables = MusicSchema.tables
    static let migrations = [
        Migration(version: 2, steps: [
            .addIndex(table: "Track", index: IndexSchema(
                name: "IX_TrackName", columns: ["Name"], isUnique: false)),
            .sql("UPDATE Track SET Composer = 'Unknown' WHERE Composer IS NULL"),
        ]),
    ]
    static let seed: [SeedRow] = []
}

import Foundation
import ORMKit
import Testing
import TestSupport

/// A date that date text cannot hold (NaN, ±∞, years past 9999) is refused with an error that names it, through
/// the `sqliteText` storage of the music file's invoices (issue: a NaN date trapped in `Date.description` while
/// the error message was built).
@Suite("Existing database: unstorable dates through date text")
struct DateTextEdgeValueTests {
    @Test(arguments: [
        (Double.nan, "nan seconds from 1970"), (.infinity, "inf seconds from 1970"), (-.infinity, "-inf seconds from 1970"),
        (253_402_300_800, "253402300800.0 seconds from 1970"),
    ])
    func anInsertIsRefusedNamingTheDate(_ seconds: Double, _ named: String) async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let before = try await Int.fetchOne(db, sql: "SELECT count(*) FROM Invoice")
        var invoice = try #require(try await Invoice.fetchOne(db))
        invoice.InvoiceId = nil
        invoice.InvoiceDate = Date(timeIntervalSince1970: seconds)
        let error = await #expect(throws: DatabaseError.self) { try await invoice.insert(db) }
        #expect(error?.kind == .encoding)
        #expect(error?.message == "the date \(named) is outside the years 0000–9999 that date text can hold")
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM Invoice") == before)
    }
}

/// Text naming a day the month does not have is a decoding error naming the column, not the first of the next
/// month (SQLite's date functions roll `2024-02-30` over to `2024-03-01`; reading it as that would be a silent
/// wrong value). A real February 29th reads.
@Suite("Existing database: impossible calendar dates in date text")
struct ImpossibleDateTextTests {
    @Test(arguments: ["2024-02-30 00:00:00", "2023-02-29 00:00:00", "2024-04-31 00:00:00", "1900-02-29 00:00:00", "2024-13-01 00:00:00", "2024-01-01 24:00:00"])
    func anImpossibleDateIsADecodingError(_ text: String) async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let invoice = try #require(try await Invoice.fetchOne(db))
        let id = try #require(invoice.InvoiceId)
        try await db.execute(sql: "UPDATE Invoice SET InvoiceDate = ? WHERE InvoiceId = ?", arguments: [text, id])
        let error = await #expect(throws: DatabaseError.self) { try await Invoice.find(db, id) }
        #expect(error?.kind == .decoding)
        #expect(error?.column == "InvoiceDate")
        #expect(error?.recordKey == "InvoiceId = \(id)")
        #expect(error?.description.contains("Invoice.InvoiceDate, row 0 (InvoiceId = \(id)): ") == true, "\(String(describing: error))")
    }

    @Test(arguments: [("2024-02-29 12:30:00", 1_709_209_800.0), ("2000-02-29 00:00:00", 951_782_400.0)])
    func aRealLeapDayReads(_ text: String, _ seconds: Double) async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let id = try #require(try await Invoice.fetchOne(db)?.InvoiceId)
        try await db.execute(sql: "UPDATE Invoice SET InvoiceDate = ? WHERE InvoiceId = ?", arguments: [text, id])
        #expect(try await Invoice.find(db, id)?.InvoiceDate == Date(timeIntervalSince1970: seconds))
    }
}

/// Raw SQL can read a column in the form a storage declares: text dates read through `DateStorage.SQLiteText`,
/// which `Date.fetchAll` (native REAL seconds) refuses.
@Suite("Existing database: raw SQL reads through a storage")
struct RawSQLStorageReadTests {
    @Test func textDatesReadThroughTheirStorage() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let sql = "SELECT InvoiceDate FROM Invoice ORDER BY InvoiceId LIMIT 3"
        let expected = try await Invoice.order(Invoice.InvoiceId).limit(3).fetchAll(db).map(\.InvoiceDate)
        #expect(try await DateStorage.SQLiteText.fetchAll(db, sql: sql) == expected)
        #expect(try await DateStorage.SQLiteText.fetchOne(db, sql: sql) == expected.first)
        let native = await #expect(throws: DatabaseError.self) { try await Date.fetchAll(db, sql: sql) }
        #expect(native?.kind == .decoding)
    }

    @Test func theAsyncFormTakesAnyEngine() async throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let expected = try await Invoice.order(Invoice.InvoiceId).limit(3).fetchAll(db).map(\.InvoiceDate)
        let sql = "SELECT InvoiceDate FROM Invoice ORDER BY InvoiceId LIMIT $1"
        #expect(try await DateStorage.SQLiteText.fetchAll(db, sql: sql, arguments: [3]) == expected)
        #expect(try await DateStorage.SQLiteText.fetchOne(db, sql: sql, arguments: [3]) == expected.first)
    }
}

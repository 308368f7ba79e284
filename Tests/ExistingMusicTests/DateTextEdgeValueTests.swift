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
    func anInsertIsRefusedNamingTheDate(_ seconds: Double, _ named: String) throws {
        let file = try ExistingDatabase(script: "music.sql")
        let db = try file.open()
        defer { try? db.close() }
        let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM Invoice")
        var invoice = try #require(try Invoice.fetchOne(db))
        invoice.InvoiceId = nil
        invoice.InvoiceDate = Date(timeIntervalSince1970: seconds)
        let error = #expect(throws: DatabaseError.self) { try invoice.insert(db) }
        #expect(error?.kind == .encoding)
        #expect(error?.message == "the date \(named) is outside the years 0000–9999 that date text can hold")
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM Invoice") == before)
    }
}

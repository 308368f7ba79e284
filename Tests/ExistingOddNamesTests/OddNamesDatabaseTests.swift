import Foundation
import ORMKit
import Testing
import TestSupport

/// A file with quoted names (`Tests/Fixtures/ExistingDatabases/odd-names.sql`: spaces, dashes, quotes and SQL
/// and Swift keywords in table and column names, a view, an expression index, text dates in mixed forms),
/// through the models generated from what `ormgen pull` wrote for it.
@Suite("Existing database: odd names")
struct OddNamesDatabaseTests {
    @Test func thePulledSchemaMatchesTheFileAndEveryRowDecodes() throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        #expect(try db.schemaDifferences(OddNamesSchema.self).filter { !$0.isTolerated } == [])
        for (decoded, rows) in [
            try ExistingDatabase.decodeEveryRow(CustomerList.self, db), try ExistingDatabase.decodeEveryRow(OrderDetails2.self, db),
            try ExistingDatabase.decodeEveryRow(Order.self, db),
        ] {
            #expect(decoded == rows && rows > 0)
        }
        let names = try String.fetchAll(db, sql: "SELECT \"e-mail\" FROM \"customer-list\" WHERE \"e-mail\" IS NOT NULL ORDER BY id")
        #expect(try CustomerList.order(CustomerList.id).fetchAll(db).compactMap(\.eMail) == names)
    }

    @Test func adoptThenWriteThroughQuotedNames() throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        let before = try ExistingDatabase.contents(db)
        #expect(try db.migrate(OddNamesSchema.self, adopting: .ifMatching) == .adopted(version: 1))
        #expect(try ExistingDatabase.contents(db) == before)
        var customer = CustomerList(name: "O'Brien \"Bob\"", eMail: "bob@example.org")
        try customer.insert(db)
        let id = try #require(customer.id)
        #expect(try CustomerList.filter(CustomerList.eMail == "bob@example.org").fetchOne(db)?.name == "O'Brien \"Bob\"")
        var order = OrderDetails2(OrderID: 999, UnitPrice2: 150, OrderDate: Date(timeIntervalSince1970: 0), CustomerId: id)
        try order.insert(db)
        #expect(try String.fetchOne(db, sql: "SELECT \"Order Date\" FROM \"Order Details\" WHERE \"Order ID\" = 999") == "1970-01-01 00:00:00")
        // The view the pull skipped still sees the row.
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM \"Big Orders\" WHERE \"Order ID\" = 999") == 1)
    }
}

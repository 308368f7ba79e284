import Foundation
import ORMKit
import Testing
import TestSupport

/// A file with quoted names (`Tests/Fixtures/ExistingDatabases/odd-names.sql`: spaces, dashes, quotes and SQL
/// and Swift keywords in table and column names, a view, an expression index, text dates in mixed forms),
/// through the models generated from what `ormgen pull` wrote for it.
@Suite("Existing database: odd names")
struct OddNamesDatabaseTests {
    @Test func thePulledSchemaMatchesTheFileAndEveryRowDecodes() async throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        #expect(try await db.schemaDifferences(OddNamesSchema.self).filter { !$0.isTolerated } == [])
        for (decoded, rows) in [
            try ExistingDatabase.decodeEveryRow(CustomerList.self, db), try ExistingDatabase.decodeEveryRow(OrderDetails2.self, db),
            try ExistingDatabase.decodeEveryRow(Order.self, db),
        ] {
            #expect(decoded == rows && rows > 0)
        }
        let names = try await String.fetchAll(db, sql: "SELECT \"e-mail\" FROM \"customer-list\" WHERE \"e-mail\" IS NOT NULL ORDER BY id")
        #expect(try await CustomerList.order(CustomerList.id).fetchAll(db).compactMap(\.eMail) == names)
    }

    @Test func adoptThenWriteThroughQuotedNames() async throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        let before = try ExistingDatabase.contents(db)
        #expect(try await db.migrate(OddNamesSchema.self, adopting: .ifMatching) == .adopted(version: 1))
        #expect(try ExistingDatabase.contents(db) == before)
        var customer = CustomerList(name: "O'Brien \"Bob\"", eMail: "bob@example.org")
        try await customer.insert(db)
        let id = try #require(customer.id)
        #expect(try await CustomerList.filter(CustomerList.eMail == "bob@example.org").fetchOne(db)?.name == "O'Brien \"Bob\"")
        var order = OrderDetails2(OrderID: 999, UnitPrice2: 150, OrderDate: Date(timeIntervalSince1970: 0), CustomerId: id)
        try await order.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT \"Order Date\" FROM \"Order Details\" WHERE \"Order ID\" = 999") == "1970-01-01 00:00:00")
        // The view the pull skipped still sees the row.
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM \"Big Orders\" WHERE \"Order ID\" = 999") == 1)
    }

    /// The two tables named café (SQLite tells them apart by their bytes, Swift does not): the model reads and writes
    /// the one the pull kept, the one spelled with a combining accent, whose column with an empty name it left out.
    @Test func theKeptCafeTableIsTheOneItAddresses() async throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(OddNamesSchema.self, adopting: .ifMatching)
        #expect(try await Caf.fetchAll(db).map(\.name) == ["combining"])
        var second = Caf(id: 2, name: "added")
        try await second.insert(db)
        #expect(try await String.fetchAll(db, sql: "SELECT ifnull(\"\", 'NULL') || ' ' || name FROM \"cafe\u{301}\" ORDER BY id")
            == ["empty-named combining", "NULL added"])
        #expect(try await String.fetchAll(db, sql: "SELECT note FROM \"caf\u{E9}\"") == ["precomposed"])
    }

    /// The foreign keys the pull could not write as relations still hold, and a rebuild keeps them.
    @Test func undeclaredForeignKeysAreStillEnforced() async throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(OddNamesSchema.self, adopting: .ifMatching)
        var dangling = Line(id: 2, pairA: "x", pairB: 2, customerEMail: nil)
        let composite = await #expect(throws: DatabaseError.self) { try await dangling.insert(db) }
        #expect(composite?.isForeignKeyViolation == true)
        var unknownCustomer = Line(id: 3, pairA: nil, pairB: nil, customerEMail: "nobody@example.com")
        #expect(try await #require(throws: DatabaseError.self) { try await unknownCustomer.insert(db) }.isForeignKeyViolation)
        var line = Line(id: 4, pairA: "x", pairB: 1, customerEMail: "ann@example.com")
        try await line.insert(db)
        try await Pair.filter(Pair.a == "x").deleteAll(db)
        #expect(try await Line.count(db) == 0, "ON DELETE CASCADE of the composite key deleted both lines")
    }

    @Test func typedFiltersOrderingAndAVersionedMigration() async throws {
        let file = try ExistingDatabase(script: "odd-names.sql")
        let db = try file.open()
        defer { try? db.close() }
        try await db.migrate(OddNamesSchema.self, adopting: .ifMatching)
        let start = Date(timeIntervalSince1970: 1_704_492_000)  // 2024-01-05 22:00:00 UTC
        await #expect(try OrderDetails2.filter(OrderDetails2.OrderDate >= start).count(db)
            == Int.fetchOne(db, sql: "SELECT count(*) FROM \"Order Details\" WHERE \"Order Date\" >= '2024-01-05 22:00:00'"))
        // DECIMAL(12, 4) holds numbers: 9.2 < 9.5 < 10 < 100, as SQLite sorts them.
        await #expect(try Order.order(Order.amount).select(Order.Columns.order).fetchAll(db)
            == Int64.fetchAll(db, sql: "SELECT \"order\" FROM \"order\" ORDER BY amount"))
        #expect(try await Order.filter(Order.amount > Decimal(9)).count(db) == 4)
        // An update keeps the text dates as text.
        var detail = try #require(try await OrderDetails2.filter(OrderDetails2.OrderID == 1).fetchOne(db))
        detail.UnitPrice = 11
        try await detail.update(db)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(\"Order Date\") || ' ' || \"Order Date\" FROM \"Order Details\" WHERE \"Order ID\" = 1")
            == "text 2024-01-05 10:00:00")

        #expect(try await db.migrate(OddNamesSchemaVersion2.self) == .upgraded(from: 1, to: 2))
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM \"Order Details\" WHERE \"group\" IS NULL") == 0)
        #expect(try await db.schemaDifferences(OddNamesSchemaVersion2.self).filter { !$0.isTolerated } == [])
    }
}

/// Version 2 of the pulled schema: an index over a quoted column and a data fix.
enum OddNamesSchemaVersion2: DatabaseSchema {
    static let version = 2
    static let tables = OddNamesSchema.tables
    static let migrations = [
        Migration(version: 2, steps: [
            .addIndex(table: "Order Details", index: IndexSchema(
                name: "Order Details by customer", columns: ["Customer Id"], isUnique: false)),
            .sql("UPDATE \"Order Details\" SET \"group\" = 'none' WHERE \"group\" IS NULL"),
        ]),
    ]
    static let seed: [SeedRow] = []
}

import ExampleModels
import Foundation
import ORMKit
import Testing
import TestSupport

/// `updateAll` with `set(to:)` and filters refuse what an insert refuses, through every storage that cannot hold a
/// value exactly (issue: `set(to:)` stored a clamped date, Int64.max for +∞, a REAL in a scaled-INTEGER column, and a
/// filter `== year 10000` matched the row holding the clamped 9999-12-31), and change nothing.
@Suite("Declared storage: set(to:) refuses what insert refuses")
struct StorageRefusalTests {
    /// A payment whose `mutate` makes it unstorable, and the assignment of the same value.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let mutate: @Sendable (inout Payment) -> Void
        let assignment: @Sendable () -> ColumnAssignment
        let filter: @Sendable () -> QueryExpression<Bool>
        var testDescription: String { name }
    }

    static let year10000 = Date(timeIntervalSince1970: 253_402_300_800)
    static let yearMinus1 = Date(timeIntervalSince1970: -62_198_755_200)

    static let cases: [Case] = [
        Case(name: "sqliteText, year 10000", mutate: { $0.paidAt = year10000 }, assignment: { Payment.paidAt.set(to: year10000) },
             filter: { Payment.paidAt == year10000 }),
        Case(name: "sqliteText, year -1", mutate: { $0.paidAt = yearMinus1 }, assignment: { Payment.paidAt.set(to: yearMinus1) },
             filter: { Payment.paidAt == yearMinus1 }),
        Case(name: "sqliteText, NaN", mutate: { $0.paidAt = Date(timeIntervalSince1970: .nan) },
             assignment: { Payment.paidAt.set(to: Date(timeIntervalSince1970: .nan)) },
             filter: { Payment.paidAt == Date(timeIntervalSince1970: .nan) }),
        Case(name: "iso8601Text, year 10000", mutate: { $0.dueOn = year10000 }, assignment: { Payment.dueOn.set(to: year10000) },
             filter: { Payment.dueOn == year10000 }),
        Case(name: "unixMilliseconds, +inf", mutate: { $0.recordedAt = Date(timeIntervalSince1970: .infinity) },
             assignment: { Payment.recordedAt.set(to: Date(timeIntervalSince1970: .infinity)) },
             filter: { Payment.recordedAt == Date(timeIntervalSince1970: .infinity) }),
        Case(name: "unixMilliseconds, -inf", mutate: { $0.recordedAt = Date(timeIntervalSince1970: -.infinity) },
             assignment: { Payment.recordedAt.set(to: Date(timeIntervalSince1970: -.infinity)) },
             filter: { Payment.recordedAt == Date(timeIntervalSince1970: -.infinity) }),
        Case(name: "scale 2, 1.005", mutate: { $0.amount = Decimal(string: "1.005")! },
             assignment: { Payment.amount.set(to: Decimal(string: "1.005")!) },
             filter: { Payment.amount == Decimal(string: "1.005")! }),
        Case(name: "scale 2, 40 digits", mutate: { $0.amount = Decimal(string: "1234567890123456789012345678901234567890")! },
             assignment: { Payment.amount.set(to: Decimal(string: "1234567890123456789012345678901234567890")!) },
             filter: { Payment.amount == Decimal(string: "1234567890123456789012345678901234567890")! }),
    ]

    static func payment() -> Payment {
        Payment(
            paidAt: Date(timeIntervalSince1970: 1_706_704_496), dueOn: nil, recordedAt: Date(timeIntervalSince1970: 1_706_704_496),
            legacyAt: nil, julian: nil, amount: 12, rate: nil, reference: UUID(), externalID: nil, settled: false, memo: "rent"
        )
    }

    @Test(arguments: cases)
    func theAssignmentThrowsTheInsertsErrorAndChangesNothing(_ testCase: Case) async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var stored = Self.payment()
        try await stored.insert(db)
        let before = try await String.fetchAll(db, sql: "SELECT paid_at || '|' || recorded_at || '|' || amount || '|' || ifnull(due_on, '') FROM payments")

        var unstorable = Self.payment()
        testCase.mutate(&unstorable)
        let inserted = await #expect(throws: DatabaseError.self) { try await unstorable.insert(db) }
        let updated = await #expect(throws: DatabaseError.self) { try await Payment.all().updateAll(db, testCase.assignment()) }
        #expect(updated?.kind == .encoding)
        #expect(updated?.message == inserted?.message)
        #expect(updated?.table == "payments")
        #expect(updated?.column != nil)
        #expect(try await String.fetchAll(db, sql: "SELECT paid_at || '|' || recorded_at || '|' || amount || '|' || ifnull(due_on, '') FROM payments") == before)
    }

    @Test(arguments: cases)
    func aFilterOnTheValueThrowsTheInsertsErrorInsteadOfComparingWithAnotherValue(_ testCase: Case) async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var unstorable = Self.payment()
        testCase.mutate(&unstorable)
        let inserted = await #expect(throws: DatabaseError.self) { try await unstorable.insert(db) }
        // The row a clamped value would have matched: 9999-12-31T23:59:59.999, 0000-01-01, Int64.max ms, 1.00.
        var clamped = Self.payment()
        clamped.paidAt = Date(timeIntervalSince1970: 253_402_300_799.999)
        try await clamped.insert(db)
        let counted = await #expect(throws: DatabaseError.self) { try await Payment.filter(testCase.filter()).count(db) }
        #expect(counted?.kind == .encoding)
        #expect(counted?.message == inserted?.message)
        #expect(counted?.table == "payments" && counted?.column != nil)
        let fetched = await #expect(throws: DatabaseError.self) { try await Payment.filter(!testCase.filter()).fetchAll(db) }
        #expect(fetched?.message == inserted?.message)
        let deleted = await #expect(throws: DatabaseError.self) { try await Payment.filter(testCase.filter()).deleteAll(db) }
        #expect(deleted?.message == inserted?.message)
        #expect(try await Payment.count(db) == 1)
    }

    @Test func aStorableValueIsAssigned() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var stored = Self.payment()
        try await stored.insert(db)
        #expect(try await Payment.all().updateAll(db, Payment.amount.set(to: Decimal(string: "1.05")!), Payment.paidAt.set(to: Date(timeIntervalSince1970: 0))) == 1)
        #expect(try await String.fetchOne(db, sql: "SELECT amount || ' ' || paid_at FROM payments") == "105 1970-01-01 00:00:00")
    }
}

/// NaN in a column of the value's own storage (a `Double`, a `Date` counted in seconds): a filter or `set(to:)`
/// refused it only when binding, as "NaN cannot be stored (parameter N)" naming no table or column; now it throws
/// the insert's error, naming both, and changes nothing.
@Suite("Native storage: NaN is refused as an insert refuses it")
struct NotANumberRefusalTests {
    @Test func aDoubleColumn() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var ann = Author(name: "Ann", email: "ann@example.org", rating: 2)
        try await ann.insert(db)
        var nan = Author(name: "Nan", email: "nan@example.org", rating: .nan)
        let inserted = await #expect(throws: DatabaseError.self) { try await nan.insert(db) }
        #expect(inserted?.message == "NaN cannot be stored: SQLite would store it as NULL; store nil or a number")
        #expect(inserted?.column == "rating")
        for thrown in [
            await #expect(throws: DatabaseError.self) { try await Author.all().updateAll(db, Author.rating.set(to: .nan)) },
            await #expect(throws: DatabaseError.self) { try await Author.filter(Author.rating == .nan).count(db) },
            await #expect(throws: DatabaseError.self) { try await Author.filter(Author.rating < .nan).deleteAll(db) },
        ] {
            #expect(thrown?.kind == .encoding && thrown?.message == inserted?.message)
            #expect(thrown?.table == "authors" && thrown?.column == "rating")
        }
        #expect(try await Double.fetchAll(db, sql: "SELECT rating FROM authors") == [2])
    }

    @Test func aDateColumn() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var ann = Author(name: "Ann", email: "ann@example.org", born: Date(timeIntervalSince1970: 0))
        try await ann.insert(db)
        let nan = Date(timeIntervalSinceReferenceDate: .nan)
        ann.born = nan
        let updated = await #expect(throws: DatabaseError.self) { try await ann.update(db) }
        #expect(updated?.message == "NaN cannot be stored: SQLite would store it as NULL; store nil or a number")
        for thrown in [
            await #expect(throws: DatabaseError.self) { try await Author.all().updateAll(db, Author.born.set(to: nan)) },
            await #expect(throws: DatabaseError.self) { try await Author.filter(Author.born == nan).fetchAll(db) },
        ] {
            #expect(thrown?.message == updated?.message && thrown?.table == "authors" && thrown?.column == "born")
        }
        #expect(try await Author.filter(Author.born == Date(timeIntervalSince1970: 0)).count(db) == 1)
    }
}

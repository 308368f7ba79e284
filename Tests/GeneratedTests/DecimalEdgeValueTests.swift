import ExampleModels
import Foundation
import ORMKit
import Testing
import TestSupport

/// Every `Decimal` storage either stores a value so that it reads back (equal, or for `storage: real` as the
/// nearest double's shortest decimal form) or refuses it at bind with `.encoding`: never a row that later fails
/// to read (issue: NaN was written as the TEXT 'NaN', after which every fetch of the table threw).
@Suite("Decimal edge values through every storage")
struct DecimalEdgeValueTests {
    static let values: [(String, Decimal)] = [
        ("NaN", .nan), ("greatest", .greatestFiniteMagnitude), ("-greatest", -Decimal.greatestFiniteMagnitude),
        ("least nonzero", .leastNonzeroMagnitude), ("-least nonzero", -Decimal.leastNonzeroMagnitude),
        ("38 digits", Decimal(string: "12345678901234567890123456789012345678")!), ("zero", 0), ("-0.01", Decimal(string: "-0.01")!),
    ]

    enum Outcome: Equatable { case refused, readBack(Decimal) }

    /// Inserts a payment with `rate` (storage: real) and a book with `price` (native TEXT) of `value`, and says
    /// what each gave.
    static func outcomes(_ value: Decimal) async throws -> (real: Outcome, text: Outcome) {
        let example = try ExampleDatabase()
        let db = example.db
        var payment = Payment(paidAt: Date(timeIntervalSince1970: 0), amount: 1, rate: value, reference: UUID())
        let real: Outcome
        do {
            try await payment.insert(db)
            let id = try #require(payment.id)
            real = .readBack(try #require(try await Payment.find(db, id)?.rate))
        } catch let error as DatabaseError {
            #expect(error.kind == .encoding, "\(error)")
            #expect(try await Payment.fetchAll(db).isEmpty)
            real = .refused
        }
        var author = Author(name: "A", email: "a@example.org")
        try await author.insert(db)
        let authorID = try #require(author.id)
        let book = Book(
            isbn: "9780000000001", title: "T", price: value, tags: [], uid: UUID(), shelf: Shelf(row: 1, column: 1, room: "A"),
            color: Color(red: 0, green: 0, blue: 0), authorID: authorID
        )
        let text: Outcome
        do {
            try await book.insert(db)
            text = .readBack(try #require(try await Book.find(db, book.isbn)?.price))
        } catch let error as DatabaseError {
            #expect(error.kind == .encoding, "\(error)")
            #expect(try await Book.fetchAll(db).isEmpty)
            text = .refused
        }
        return (real, text)
    }

    @Test(arguments: values.indices)
    func storedAndReadBackOrRefused(_ index: Int) async throws {
        let (name, value) = Self.values[index]
        let (real, text) = try await Self.outcomes(value)
        if value.isNaN {
            #expect(real == .refused, "\(name)")
            #expect(text == .refused, "\(name)")
            return
        }
        // Native TEXT is exact.
        #expect(text == .readBack(value), "\(name)")
        // REAL keeps about 15 significant digits: what reads back is the nearest double's decimal form, or a refusal.
        if case .readBack(let read) = real {
            let double = NSDecimalNumber(decimal: value).doubleValue
            #expect(abs(NSDecimalNumber(decimal: read).doubleValue - double) <= abs(double) * 1e-15, "\(name): \(read)")
        }
    }

    /// `set(to:)` refuses what an insert refuses, before anything changes.
    @Test(arguments: [Decimal.nan, .greatestFiniteMagnitude, -Decimal.greatestFiniteMagnitude])
    func anAssignmentIsRefusedAsTheInsertIs(_ value: Decimal) async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var payment = Payment(paidAt: Date(timeIntervalSince1970: 0), amount: 1, rate: 2, reference: UUID())
        try await payment.insert(db)
        let error = await #expect(throws: DatabaseError.self) { try await Payment.all().updateAll(db, Payment.rate.set(to: value)) }
        #expect(error?.kind == .encoding)
        #expect(error?.column == "rate")
        #expect(try await Payment.fetchAll(db).map(\.rate) == [2])
    }
}

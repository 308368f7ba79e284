import ExampleModels
import Foundation
import ORMKit
import Testing
import TestSupport

/// Declared storage (`schema/payments.yaml`) through the generated `Payment` model on real SQLite files: what
/// each storage writes, that typed filters, ordering and aggregates agree with plain SQL on the stored form, and
/// that the default `Date` storage is bit-exact.
@Suite("Declared storage")
struct StorageTests {
    /// 2024-01-31T12:34:56.789Z.
    static let instant = Date(timeIntervalSince1970: 1_706_704_496.789)

    private func payment(paidAt: Date = instant, amount: String = "19.99", rate: String? = "0.0725") throws -> Payment {
        Payment(
            paidAt: paidAt, dueOn: Date(timeIntervalSince1970: 1_706_745_600), recordedAt: Date(timeIntervalSince1970: 1_706_704_496.5),
            legacyAt: Date(timeIntervalSince1970: 1_000_000_000.25), julian: Date(timeIntervalSince1970: 86_400),
            amount: try #require(Decimal(string: amount)), rate: try rate.map { try #require(Decimal(string: $0)) },
            reference: try #require(UUID(uuidString: "6F1C0B5E-8D2A-4C5E-9B1F-2A3D4E5F6A7B")),
            externalID: UUID(uuidString: "00000000-0000-0000-0000-0000000000AB"), settled: true, memo: "rent"
        )
    }

    @Test func eachStorageWritesItsFormAndReadsBack() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var written = try payment()
        try await written.insert(db)
        let row = try await #require(try String.fetchOne(db, sql: """
            SELECT typeof(paid_at) || ' ' || paid_at || ' | ' || due_on || ' | ' || typeof(recorded_at) || ' ' || recorded_at
                || ' | ' || legacy_at || ' | ' || julian || ' | ' || typeof(amount) || ' ' || amount
                || ' | ' || typeof(rate) || ' ' || rate || ' | ' || reference || ' | ' || external_id || ' | ' || settled
            FROM payments
            """))
        #expect(row == """
            text 2024-01-31 12:34:56.789 | 2024-02-01T00:00:00.000Z | integer 1706704496500 | 1000000000.25 | 2440588.5 \
            | integer 1999 | real 0.0725 | 6f1c0b5e-8d2a-4c5e-9b1f-2a3d4e5f6a7b | 00000000-0000-0000-0000-0000000000AB | true
            """)
        let id = try #require(written.id)
        let read = try #require(try await Payment.find(db, id))
        // Text dates keep milliseconds; the other fields read back equal.
        #expect(read.paidAt == Date(timeIntervalSince1970: 1_706_704_496.789) || abs(read.paidAt.timeIntervalSince(written.paidAt)) < 0.001)
        #expect(read.dueOn == written.dueOn)
        #expect(read.recordedAt == written.recordedAt)
        #expect(read.julian.map { abs($0.timeIntervalSince1970 - 86_400) < 0.001 } == true)
        #expect(read.amount == written.amount)
        #expect(read.rate == written.rate)
        #expect(read.reference == written.reference)
        #expect(read.externalID == written.externalID)
        #expect(read.settled)

        // Saving it again, unchanged, rewrites the same stored forms: text dates stay text, byte for byte.
        let before = try await String.fetchOne(db, sql: "SELECT paid_at || due_on || amount || reference FROM payments")
        try await read.update(db)
        #expect(try await String.fetchOne(db, sql: "SELECT paid_at || due_on || amount || reference FROM payments") == before)
    }

    @Test func theDefaultDateStorageIsBitExact() async throws {
        let db = try Database.inMemory()
        try await db.execute(sql: "CREATE TABLE t (d REAL NOT NULL)")
        var generator = SystemRandomNumberGenerator()
        // 1900-01-01 … 2200-01-01, seconds since 1970, with random sub-second bits.
        let dates = (0..<10_000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...7_258_118_400, using: &generator))
        } + [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 1e-300), Date()]
        try await db.write { conn in
            for date in dates { try conn.execute(sql: "INSERT INTO t (d) VALUES (?)", arguments: [date]) }
        }
        let read = try await Date.fetchAll(db, sql: "SELECT d FROM t ORDER BY rowid")
        #expect(read.count == dates.count)
        let mismatches = zip(read, dates).filter { $0.timeIntervalSinceReferenceDate.bitPattern != $1.timeIntervalSinceReferenceDate.bitPattern }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    @Test func typedDateFiltersAgreeWithSQLOnText() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var generator = SystemRandomNumberGenerator()
        let dates = (0..<200).map { _ in
            Date(timeIntervalSince1970: (Double.random(in: 1_230_768_000...1_388_534_400, using: &generator) * 1_000).rounded(.down) / 1_000)
        }
        try await db.write { conn in
            for date in dates {
                var record = try payment(paidAt: date)
                try record.insert(conn)
            }
        }
        let start = Date(timeIntervalSince1970: 1_293_840_000)  // 2011-01-01
        let end = Date(timeIntervalSince1970: 1_325_376_000)  // 2012-01-01
        let typed = try await Payment.filter(Payment.paidAt >= start && Payment.paidAt < end).count(db)
        let plain = try await Int.fetchOne(db, sql: "SELECT count(*) FROM payments WHERE paid_at >= '2011-01-01' AND paid_at < '2012-01-01'")
        let expected = dates.filter { $0 >= start && $0 < end }.count
        #expect(typed == expected)
        #expect(plain == expected)
        #expect(expected > 0)

        // MIN/MAX read the text back as dates; BETWEEN and ORDER BY use the text.
        let earliest = try await Payment.all().min(db, Payment.paidAt)
        #expect(earliest.map { abs($0.timeIntervalSince(dates.min() ?? start)) < 0.001 } == true)
        let ordered = try await Payment.order(Payment.paidAt).select(Payment.paidAt).fetchAll(db)
        #expect(ordered == ordered.sorted())
        #expect(try await Payment.filter(Payment.paidAt.between(start, and: end)).count(db) == dates.filter { $0 >= start && $0 <= end }.count)

        // updateAll binds with the column's storage: text stays text.
        #expect(try await Payment.filter(Payment.paidAt < start).updateAll(db, Payment.paidAt.set(to: start)) == dates.filter { $0 < start }.count)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM payments WHERE typeof(paid_at) <> 'text'") == 0)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM payments WHERE paid_at = '2011-01-01 00:00:00'") == dates.filter { $0 <= start }.count)
    }

    @Test func decimalOrderingComparisonsAndSumsAreNumeric() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var generator = SystemRandomNumberGenerator()
        // Amounts have at most 2 fraction digits (scale: 2); rates 0–6 digits (REAL, NUMERIC(10,4) column).
        let amounts = (0..<300).map { _ in Decimal(Int.random(in: -100_000...100_000, using: &generator)) / 100 }
            + [Decimal(string: "9.2"), Decimal(string: "10"), Decimal(string: "100"), Decimal(string: "9.5")].compactMap { $0 }
        let rates = amounts.indices.map { index in
            Decimal(Int.random(in: -9_999_999...9_999_999, using: &generator)) / pow(10, index % 7)
        }
        try await db.write { conn in
            for (amount, rate) in zip(amounts, rates) {
                var record = try payment(amount: "\(amount)", rate: "\(rate)")
                try record.insert(conn)
            }
        }
        #expect(try await Payment.order(Payment.amount).select(Payment.amount).fetchAll(db) == amounts.sorted())
        #expect(try await Payment.order(Payment.rate).select(Payment.rate).fetchAll(db) == rates.sorted().map { $0 })
        let threshold = try #require(Decimal(string: "9.2"))
        #expect(try await Payment.filter(Payment.amount > threshold).count(db) == amounts.filter { $0 > threshold }.count)
        #expect(try await Payment.filter(Payment.rate > threshold).count(db) == rates.filter { $0 > threshold }.count)
        #expect(try await Payment.all().sum(db, Payment.amount) == amounts.reduce(0, +))
        #expect(try await Payment.all().max(db, Payment.amount) == amounts.max())
        #expect(try await Payment.all().min(db, Payment.rate) == rates.min())
    }

    @Test func aScaledDecimalWithMoreDigitsThanItsScaleThrows() async throws {
        let example = try ExampleDatabase()
        var record = try payment(amount: "1.234")
        await #expect {
            try await record.insert(example.db)
        } throws: { error in
            "\(error)".contains("the Decimal 1.234 does not fit a scaled INTEGER with 2 fraction digits")
        }
        #expect(try await Payment.count(example.db) == 0)
    }

    @Test func numericColumnsReadIntegersAndRealsAsExactDecimals() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var record = try payment()
        try await record.insert(db)
        for (stored, expected) in [("2", "2"), ("0.99", "0.99"), ("'1.10'", "1.1"), ("1e-5", "0.00001")] {
            try await db.execute(sql: "UPDATE payments SET rate = \(stored)")
            #expect(try await Payment.fetchOne(db)?.rate == Decimal(string: expected), "\(stored)")
        }
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(rate) FROM payments") == "real")
        // The runtime's native Decimal (TEXT) reads what a NUMERIC column turned its text into, too.
        #expect(try await Decimal.fetchOne(db, sql: "SELECT CAST('0.99' AS NUMERIC)") == Decimal(string: "0.99"))
        #expect(try await Decimal.fetchOne(db, sql: "SELECT 1.99") == Decimal(string: "1.99"))
    }

    @Test func textDatesInOtherFormsRead() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        var record = try payment()
        try await record.insert(db)
        let forms = [
            "2009-01-01 00:00:00": 1_230_768_000.0, "2009-01-01": 1_230_768_000, "2009-01-01T10:20": 1_230_805_200,
            "2009-01-01T00:00:00Z": 1_230_768_000, "2009-01-01 02:00:00+02:00": 1_230_768_000, "2009-01-01 00:00:00.5": 1_230_768_000.5,
        ]
        for (text, seconds) in forms {
            try await db.execute(sql: "UPDATE payments SET paid_at = ?", arguments: [text])
            #expect(try await Payment.fetchOne(db)?.paidAt == Date(timeIntervalSince1970: seconds), "\(text)")
        }
        try await db.execute(sql: "UPDATE payments SET paid_at = 'soon'")
        await #expect {
            try await Payment.fetchAll(db)
        } throws: { error in
            "\(error)".contains("the TEXT 'soon' is not a date") && "\(error)".contains("paid_at")
        }
    }
}

extension StorageTests {
    @Test func relationsBindKeysWithTheirDeclaredStorage() async throws {
        let example = try ExampleDatabase()
        let db = example.db
        let receipt = Receipt(code: UUID(), issuedOn: Self.instant)
        try await receipt.insert(db)
        var first = try payment(amount: "1.00")
        first.receiptID = receipt.code
        try await first.insert(db)
        var second = try payment(amount: "2.00")
        try await second.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT typeof(receipt_id) || ' ' || receipt_id FROM payments WHERE receipt_id IS NOT NULL")
            == "text " + receipt.code.uuidString.lowercased())
        // Navigation, eager loading both ways and EXISTS filters find the rows by the TEXT key.
        #expect(try await receipt.payments.fetchAll(db).map(\.amount) == [1])
        let loaded = try await Receipt.all().including(Receipt.payments).fetchAll(db)
        #expect(loaded.map { $0.related.count } == [1])
        let withReceipts = try await Payment.order(Payment.amount).including(Payment.receipt).fetchAll(db)
        #expect(withReceipts.map { $0.related?.code } == [receipt.code, nil])
        #expect(try await Receipt.filter(Receipt.payments.any(Payment.amount > 0)).count(db) == 1)
    }
}

/// What must not compile: comparing or sorting in a storage that would compare the wrong way, and mixing
/// storages.
@Suite struct StorageTypingTests {
    static let valid = """
        let start = Date()
        _ = Payment.filter(Payment.paidAt >= start && Payment.amount > 9.2 && Payment.rate < 1)
        _ = Payment.all().order(Payment.amount.desc, Payment.paidAt)
        _ = Payment.filter(Payment.reference == UUID() && Payment.settled == true && Payment.dueOn == nil)
        _ = Payment.select(min(Payment.paidAt), sum(Payment.amount))
        _ = Book.filter(Book.price == Decimal(1))
        _ = Payment.paidAt.set(to: start)
        _ = Payment.paidAt.databaseValue(start)
        _ = Book.filter(Book.price == Book.price && Book.price != nil)
        _ = Payment.filter(Payment.paidAt < Payment.paidAt && Payment.rate.between(0, and: 1))
        func sums(_ db: Connection) throws -> Decimal? { try Payment.all().sum(db, Payment.amount) }
        """

    /// Each refused use and the message the compiler gives, which names the remedy in the schema.
    static let sortRemedy = "'%@' is unavailable: a Decimal stored as TEXT does not sort as a number (\"10\" < \"9.2\"): declare `scale: N` (exact, scaled INTEGER) or `storage: real` for the field in the schema"
    static let sumRemedy = "'sum' is unavailable: SUM of a Decimal is exact only as a scaled INTEGER (REAL sums round, TEXT sums are not numbers): declare `scale: N` for the field in the schema"
    static let storageRemedy = "'%@' is unavailable: the two sides store their values in different forms (their fields declare different `storage:`), so SQL would compare unlike values: declare the same `storage:` for both fields, or compare each side with a Swift value"

    static let misuses: [(code: String, error: String)] = [
        // Decimal as TEXT sorts "10" before "9.2".
        ("_ = Book.filter(Book.price < Decimal(10))", remedy(sortRemedy, "<")),
        ("_ = Book.filter(Book.price >= Book.price)", remedy(sortRemedy, ">=")),
        ("_ = Book.filter(Book.price.between(1, and: 2))", remedy(sortRemedy, "between(_:and:)")),
        ("_ = Book.all().order(Book.price)", remedy(sortRemedy, "order")),
        ("_ = Book.order(Book.price)", remedy(sortRemedy, "order")),
        ("_ = Book.all().order(Book.price.desc)", remedy(sortRemedy, "desc")),
        ("_ = Book.select(max(Book.price))", remedy(sortRemedy, "max")),
        ("func f(_ db: Connection) throws { _ = try Book.all().min(db, Book.price) }", remedy(sortRemedy, "min")),
        ("func f(_ db: some DatabaseReader) async throws { _ = try await Book.all().max(db, Book.price) }", remedy(sortRemedy, "max")),
        // Several terms at once: the generic requirement, which names the unordered marker.
        ("_ = Book.all().order(Book.title, Book.price)", "SQLUnordered"),
        // Two storages of Date do not compare with each other.
        ("_ = Payment.filter(Payment.paidAt < Loan.dueAt)", remedy(storageRemedy, "<")),
        ("_ = Payment.filter(Payment.paidAt == Loan.dueAt)", remedy(storageRemedy, "==")),
        // A decimal sum is exact only for a scaled INTEGER.
        ("_ = Payment.select(sum(Payment.rate))", sumRemedy),
        ("_ = Book.select(sum(Book.price))", sumRemedy),
        ("func f(_ db: Connection) throws { _ = try Payment.all().sum(db, Payment.rate) }", sumRemedy),
        ("func f(_ db: some DatabaseReader) async throws { _ = try await Payment.all().sum(db, Payment.rate) }", sumRemedy),
    ]

    private static func remedy(_ message: String, _ name: String) -> String {
        message.replacingOccurrences(of: "%@", with: name)
    }

    @Test func validUsesCompile() throws {
        let result = try SwiftTypeCheck.run(Self.valid, importing: ["ORMKit", "ExampleModels"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// Every misuse, type-checked in one `swiftc` run (once, by the first case that asks).
    static let checkedMisuses = Swift.Result {
        try SwiftTypeCheck.runEach(misuses.map(\.code), importing: ["ORMKit", "ExampleModels"])
    }

    @Test(arguments: misuses.indices)
    func misusesDoNotCompile(_ index: Int) throws {
        let misuse = Self.misuses[index]
        let result = try Self.checkedMisuses.get()[index]
        #expect(result.status != 0, "compiled but should not: \(misuse.code)")
        #expect(result.output.contains("error:") && result.output.contains(misuse.error), "\(result.output)")
    }
}

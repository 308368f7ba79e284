import ExampleModels
import Foundation
import ORMKit
import Testing
import TestSupport

/// Random and edge values through every declared storage and every write path, checked against one property: a
/// value is stored and reads back as the storage promises (exactly, or within its documented precision), or it is
/// refused with an `.encoding` error; insert, update and `updateAll` with `set(to:)` agree on which, byte for byte
/// or message for message; a filter on a stored value finds its row, and a filter on a refused value throws the
/// same error. Never anything else: no crash, no silent change.
///
/// The seed is fixed (`ORMKIT_PROPERTY_SEED` overrides it) and each storage gets `ORMKIT_PROPERTY_VALUES` values
/// (default 150); `scripts/storage-properties.sh` runs a longer mode.
@Suite("Declared storage: random and edge values through every write path")
struct StoragePropertyTests {
    static let seed = ProcessInfo.processInfo.environment["ORMKIT_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x0DD5_EED5
    static let valuesPerStorage = ProcessInfo.processInfo.environment["ORMKIT_PROPERTY_VALUES"].flatMap(Int.init) ?? 150

    @Test func dateStorages() throws {
        try run(Self.probe(\.paidAt, Payment.paidAt, tolerance: { _ in 0.001 }))
        try run(Self.probe(\.recordedAt, Payment.recordedAt, tolerance: { _ in 0.001 }))
        try run(Self.optionalProbe(\.dueOn, Payment.dueOn, tolerance: { _ in 0.001 }))
        try run(Self.optionalProbe(\.legacyAt, Payment.legacyAt, tolerance: { 1e-6 + abs($0) * 1e-15 }))
        try run(Self.optionalProbe(\.julian, Payment.julian, tolerance: { 1e-4 + abs($0) * 1e-14 }))
    }

    @Test func decimalStorages() throws {
        try run(Probe<Decimal>(
            column: "amount", write: { $0.amount = $1 }, read: { $0.amount }, assignment: { Payment.amount.set(to: $0) },
            filter: { Payment.amount == $0 }, promise: { $0 == $1 }, generate: Self.decimal
        ))
        try run(Probe<Decimal?>(
            column: "rate", write: { $0.rate = $1 }, read: { $0.rate }, assignment: { Payment.rate.set(to: $0) },
            filter: { Payment.rate == $0 }, promise: { written, read in
                guard let written, let read else { return written == nil && read == nil }
                let (w, r) = ((written as NSDecimalNumber).doubleValue, (read as NSDecimalNumber).doubleValue)
                return w == r || abs(w - r) <= abs(w) * 1e-13  // REAL keeps 15–17 digits; Decimal → Double is approximate too
            }, generate: { random in Self.decimal(&random) }
        ))
    }

    @Test func uuidAndBooleanStorages() throws {
        try run(Probe<UUID>(
            column: "reference", write: { $0.reference = $1 }, read: { $0.reference }, assignment: { Payment.reference.set(to: $0) },
            filter: { Payment.reference == $0 }, promise: { $0 == $1 }, generate: { Self.uuid(&$0) }
        ))
        try run(Probe<UUID?>(
            column: "external_id", write: { $0.externalID = $1 }, read: { $0.externalID },
            assignment: { Payment.externalID.set(to: $0) }, filter: { Payment.externalID == $0 }, promise: { $0 == $1 },
            generate: { random in random.next() % 8 == 0 ? nil : Self.uuid(&random) }
        ))
        try run(Probe<Bool>(
            column: "settled", write: { $0.settled = $1 }, read: { $0.settled }, assignment: { Payment.settled.set(to: $0) },
            filter: { Payment.settled == $0 }, promise: { $0 == $1 }, generate: { $0.next() % 2 == 0 }
        ))
    }

    // MARK: - The property

    /// One field of `Payment`: how to write, read, assign and filter a value, what reading it back promises, and
    /// how to make one.
    struct Probe<Value: Sendable> {
        let column: String
        let write: (inout Payment, Value) -> Void
        let read: (Payment) -> Value
        let assignment: (Value) -> ColumnAssignment
        let filter: (Value) -> QueryExpression<Bool>
        /// Whether `read` is what the storage promises for `written`.
        let promise: (_ written: Value, _ read: Value) -> Bool
        let generate: (inout SplitMix64) -> Value
    }

    /// What one write path did: the column's stored form (`quote(column)`) and the value read back, or the
    /// error's message.
    enum Outcome: Equatable, CustomStringConvertible {
        case stored(String)
        case refused(String)

        var description: String {
            switch self {
            case .stored(let raw): "stored \(raw)"
            case .refused(let message): "refused: \(message)"
            }
        }
    }

    private func run<Value>(_ probe: Probe<Value>) throws {
        let example = try ExampleDatabase()
        // On the writer's connection, one transaction per probe: the write paths are the verbs themselves; the
        // database's async entry points would add a queue hop and a transaction to each of the ~15 calls per value.
        try example.db.write { db in try run(probe, on: db) }
    }

    private func run<Value>(_ probe: Probe<Value>, on db: Connection) throws {
        var random = SplitMix64(seed: Self.seed ^ probe.column.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) })
        var stored = 0
        var refused = 0
        for index in 0..<Self.valuesPerStorage {
            let value = probe.generate(&random)
            let context = "\(probe.column), value \(index) (\(Self.describe(value))), seed \(Self.seed)"
            // insert
            try Payment.deleteAll(db)
            var inserted = Self.base()
            probe.write(&inserted, value)
            let byInsert = try outcome(db, probe) { try inserted.insert(db) }
            // update of the whole record
            try Payment.deleteAll(db)
            var updated = Self.base()
            try updated.insert(db)
            let before = try raw(db, probe.column)
            probe.write(&updated, value)
            let byUpdate = try outcome(db, probe) { try updated.update(db) }
            if case .refused = byUpdate { #expect(try raw(db, probe.column) == before, "update changed the row: \(context)") }
            // updateAll with set(to:)
            try Payment.deleteAll(db)
            var assigned = Self.base()
            try assigned.insert(db)
            let byUpdateAll = try outcome(db, probe) { _ = try Payment.all().updateAll(db, probe.assignment(value)) }
            if case .refused = byUpdateAll { #expect(try raw(db, probe.column) == before, "updateAll changed the row: \(context)") }
            #expect(byInsert == byUpdate && byUpdate == byUpdateAll, "paths disagree: \(context): insert \(byInsert), update \(byUpdate), updateAll \(byUpdateAll)")

            switch byInsert {
            case .stored(let form):
                stored += 1
                // Reads back as promised; writing what was read stores the same form; a filter on the value finds it.
                try Payment.deleteAll(db)
                try inserted.insert(db)
                let read = try #require(try Payment.fetchOne(db), "no row: \(context)")
                #expect(probe.promise(value, probe.read(read)), "read back \(Self.describe(probe.read(read))): \(context)")
                var again = Self.base()
                probe.write(&again, probe.read(read))
                try Payment.deleteAll(db)
                try again.insert(db)
                #expect(try raw(db, probe.column) == form, "writing the value read back stored another form: \(context)")
                #expect(try Payment.filter(probe.filter(value)).count(db) == 1, "a filter on the value missed its row: \(context)")
            case .refused(let message):
                refused += 1
                let filtered = #expect(throws: DatabaseError.self, "a filter on a refused value ran: \(context)") {
                    try Payment.filter(probe.filter(value)).count(db)
                }
                #expect(filtered?.message == message, "\(context)")
            }
        }
        // Both outcomes occur for every storage that refuses anything; the counts are for the run's log.
        print("storage properties: \(probe.column): \(stored) stored, \(refused) refused of \(Self.valuesPerStorage), seed \(Self.seed)")
    }

    /// The value for a message: a date as seconds since 1970 (`Date.description` traps on NaN).
    static func describe(_ value: Any) -> String {
        if let date = value as? Date { return "\(date.timeIntervalSince1970) s since 1970" }
        return "\(value)"
    }

    /// Runs `write` and reports what it stored (the column's `quote()`) or why it was refused.
    private func outcome<Value>(_ db: Connection, _ probe: Probe<Value>, _ write: () throws -> Void) throws -> Outcome {
        do {
            try write()
        } catch let error as DatabaseError {
            #expect(error.kind == .encoding, "not an encoding error: \(error)")
            #expect(error.column != nil, "the error names no column: \(error)")
            return .refused(error.message)
        }
        return .stored(try raw(db, probe.column))
    }

    private func raw(_ db: Connection, _ column: String) throws -> String {
        try String.fetchOne(db, sql: "SELECT quote(\"\(column)\") FROM payments") ?? "no row"
    }

    static func base() -> Payment {
        Payment(
            paidAt: Date(timeIntervalSince1970: 1_706_704_496), dueOn: nil, recordedAt: Date(timeIntervalSince1970: 1_706_704_496),
            legacyAt: nil, julian: nil, amount: 12, rate: nil, reference: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
            externalID: nil, settled: false, memo: "rent"
        )
    }

    // MARK: - Generators

    /// Dates: the edges of every storage's range (years 0000 and 9999, the 64-bit millisecond range), NaN and the
    /// infinities, and random instants from year -2000 to 11000 with random fractions of a second.
    static func date(_ random: inout SplitMix64) -> Date {
        let edges: [Double] = [
            .nan, .infinity, -.infinity, 0, -0.0, 1e-300, -62_167_219_200, -62_167_219_200.001, 253_402_300_799.999,
            253_402_300_800, 9_223_372_036_854_775.807, -9_223_372_036_854_775.808, 9.3e15, -9.3e15, 1e300, -1e300,
            1_706_704_496.0005, 951_782_400, // 2000-02-29
        ]
        if random.next() % 4 == 0 { return Date(timeIntervalSince1970: edges[Int(random.next() % UInt64(edges.count))]) }
        let seconds = Double(Int64(random.next() % 410_000_000_000) - 125_000_000_000)
        let fraction = [0, 0.5, 0.001, 0.999, Double(random.next() % 1_000_000) / 1_000_000][Int(random.next() % 5)]
        return Date(timeIntervalSince1970: seconds + fraction)
    }

    /// Decimals: 1 to 40 random digits at exponents -8…30, either sign, and edges (NaN, the extremes, 1.005).
    static func decimal(_ random: inout SplitMix64) -> Decimal {
        let edges: [Decimal] = [
            .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0, Decimal(string: "1.005")!,
            Decimal(string: "92233720368547758.07")!, Decimal(string: "92233720368547758.08")!, Decimal(string: "-0.01")!,
        ]
        if random.next() % 5 == 0 { return edges[Int(random.next() % UInt64(edges.count))] }
        let digits = String((0..<(1 + Int(random.next() % 40))).map { _ in Character(String(random.next() % 10)) })
        let exponent = Int(random.next() % 39) - 8
        let text = (random.next() % 2 == 0 ? "" : "-") + digits + "e" + String(exponent)
        return Decimal(string: text) ?? 0
    }

    static func uuid(_ random: inout SplitMix64) -> UUID {
        let (a, b) = (random.next(), random.next())
        return withUnsafeBytes(of: (a, b)) { bytes in
            UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    static func probe(
        _ keyPath: WritableKeyPath<Payment, Date>, _ column: StoredColumn<some ColumnStorage<Date>>, tolerance: @escaping (Double) -> Double
    ) -> Probe<Date> {
        Probe<Date>(
            column: column.name, write: { $0[keyPath: keyPath] = $1 }, read: { $0[keyPath: keyPath] },
            assignment: { column.set(to: $0) }, filter: { column == $0 },
            promise: { Self.datesAgree($0, $1, tolerance: tolerance) }, generate: Self.date
        )
    }

    static func optionalProbe(
        _ keyPath: WritableKeyPath<Payment, Date?>, _ column: StoredColumn<some ColumnStorage<Date?>>,
        tolerance: @escaping (Double) -> Double
    ) -> Probe<Date?> {
        Probe<Date?>(
            column: column.name, write: { $0[keyPath: keyPath] = $1 }, read: { $0[keyPath: keyPath] },
            assignment: { column.set(to: $0) }, filter: { column == $0 },
            promise: { written, read in
                guard let written, let read else { return written == nil && read == nil }
                return Self.datesAgree(written, read, tolerance: tolerance)
            },
            generate: { random in random.next() % 8 == 0 ? nil : Self.date(&random) }
        )
    }

    static func datesAgree(_ written: Date, _ read: Date, tolerance: (Double) -> Double) -> Bool {
        let (w, r) = (written.timeIntervalSince1970, read.timeIntervalSince1970)
        if w.isInfinite || r.isInfinite { return w == r }
        return abs(w - r) <= tolerance(w)
    }
}

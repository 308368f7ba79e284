import Foundation

/// The benchmark data: every contender builds its records from these values, so all write the same
/// bytes and all decode the same rows.
///
/// The model has ten columns (Int64 key, two Strings, Int, Double, Bool, Date, String?, Data? of 32
/// bytes, Int). `name` fits Swift's inline small-string storage; `email` and `note` do not, so a decoded
/// row owns one or two heap Strings, and half the rows own a 32-byte `Data`.
enum Fixture {
    /// The PRAGMAs every contender applies when it opens a database.
    static let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"]

    /// The schema, identical for every contender: the DDL ormgen generated from `Benchmarks/schema`.
    static var schema: [String] { AppSchema.createStatements }

    static func name(_ id: Int) -> String { "User \(id % 100_000)" }
    static func email(_ id: Int) -> String { "user\(id)@example.com" }
    static func age(_ id: Int) -> Int { 18 + id % 60 }
    static func score(_ id: Int) -> Double { Double((id &* 7_919) % 100_000) / 100 }
    static func active(_ id: Int) -> Bool { id % 3 != 0 }
    static func created(_ id: Int) -> Date { Date(timeIntervalSince1970: 1_600_000_000 + Double(id)) }
    static func note(_ id: Int) -> String? { id % 2 == 0 ? "note for row \(id)" : nil }
    static func avatar(_ id: Int) -> Data? {
        id % 2 == 1 ? Data((0..<32).map { UInt8(truncatingIfNeeded: id &+ $0) }) : nil
    }
    static func visits(_ id: Int) -> Int { id * 3 }

    /// The key of the `k`th primary-key lookup.
    static func lookupKey(_ k: Int, rows: Int) -> Int64 { Int64((k &* 7_919) % rows + 1) }
    /// The `age > ?` argument of the `k`th filtered query.
    static func minimumAge(_ k: Int) -> Int { 18 + k % 50 }
    /// The ids the upsert workload writes: the upper half of the seeded rows, then as many new ones.
    static func upsertIDs(rows: Int) -> ClosedRange<Int> { (rows / 2 + 1)...(rows / 2 + rows) }
    /// Upserted rows differ from the seeded ones in `visits`.
    static func upsertVisits(_ id: Int) -> Int { id * 3 + 7 }

    static func bookTitle(_ id: Int) -> String { "Book number \(id)" }
    static func bookPages(_ id: Int) -> Int { 100 + id % 400 }
    static func authorName(_ id: Int) -> String { "Author \(id)" }

    /// Folds one decoded item into a checksum; touches every field so no decode can be skipped.
    @inline(__always)
    static func fold(
        _ sum: Int, id: Int64?, name: String, email: String, age: Int, score: Double, active: Bool,
        created: Date, note: String?, avatar: Data?, visits: Int
    ) -> Int {
        var value = Int(id ?? 0) &+ age &+ visits &+ name.utf8.count &+ email.utf8.count
        value &+= (note?.utf8.count ?? 0) &+ Int(avatar?.last ?? 0) &+ (active ? 1 : 0)
        value &+= Int(score) &+ Int(created.timeIntervalSince1970) % 1_000
        return sum &+ value
    }

    /// Folds one decoded book into a checksum.
    @inline(__always)
    static func foldBook(_ sum: Int, id: Int64, title: String, pages: Int, authorID: Int64) -> Int {
        sum &+ Int(id) &+ title.utf8.count &+ pages &+ Int(authorID) &* 3
    }
}

import Foundation

/// The benchmark data: every contender builds its records from these values, so all write the same
/// bytes and all decode the same rows (SQLite's `bench` and PostgreSQL's `bench-postgres` alike).
///
/// The model has ten columns (Int64 key, two Strings, Int, Double, Bool, Date, String?, Data? of 32
/// bytes, Int). `name` fits Swift's inline small-string storage; `email` and `note` do not, so a decoded
/// row owns one or two heap Strings, and half the rows own a 32-byte `Data`.
public enum Fixture {
    @inlinable
    public static func name(_ id: Int) -> String { "User \(id % 100_000)" }
    @inlinable
    public static func email(_ id: Int) -> String { "user\(id)@example.com" }
    @inlinable
    public static func age(_ id: Int) -> Int { 18 + id % 60 }
    @inlinable
    public static func score(_ id: Int) -> Double { Double((id &* 7_919) % 100_000) / 100 }
    @inlinable
    public static func active(_ id: Int) -> Bool { id % 3 != 0 }
    @inlinable
    public static func created(_ id: Int) -> Date { Date(timeIntervalSince1970: 1_600_000_000 + Double(id)) }
    @inlinable
    public static func note(_ id: Int) -> String? { id % 2 == 0 ? "note for row \(id)" : nil }
    @inlinable
    public static func avatar(_ id: Int) -> Data? {
        id % 2 == 1 ? Data((0..<32).map { UInt8(truncatingIfNeeded: id &+ $0) }) : nil
    }
    @inlinable
    public static func visits(_ id: Int) -> Int { id * 3 }

    /// The key of the `k`th primary-key lookup.
    @inlinable
    public static func lookupKey(_ k: Int, rows: Int) -> Int64 { Int64((k &* 7_919) % rows + 1) }
    /// The `age > ?` argument of the `k`th filtered query.
    @inlinable
    public static func minimumAge(_ k: Int) -> Int { 18 + k % 50 }
    /// The ids the upsert workload writes: the upper half of the seeded rows, then as many new ones.
    @inlinable
    public static func upsertIDs(rows: Int) -> ClosedRange<Int> { (rows / 2 + 1)...(rows / 2 + rows) }
    /// Upserted rows differ from the seeded ones in `visits`.
    @inlinable
    public static func upsertVisits(_ id: Int) -> Int { id * 3 + 7 }

    @inlinable
    public static func bookTitle(_ id: Int) -> String { "Book number \(id)" }
    @inlinable
    public static func bookPages(_ id: Int) -> Int { 100 + id % 400 }
    @inlinable
    public static func authorName(_ id: Int) -> String { "Author \(id)" }

    /// Folds one decoded item into a checksum; touches every field so no decode can be skipped.
    @inlinable @inline(__always)
    public static func fold(
        _ sum: Int, id: Int64?, name: String, email: String, age: Int, score: Double, active: Bool,
        created: Date, note: String?, avatar: Data?, visits: Int
    ) -> Int {
        var value = Int(id ?? 0) &+ age &+ visits &+ name.utf8.count &+ email.utf8.count
        value &+= (note?.utf8.count ?? 0) &+ Int(avatar?.last ?? 0) &+ (active ? 1 : 0)
        value &+= Int(score) &+ Int(created.timeIntervalSince1970) % 1_000
        return sum &+ value
    }

    /// Folds one decoded book into a checksum.
    @inlinable @inline(__always)
    public static func foldBook(_ sum: Int, id: Int64, title: String, pages: Int, authorID: Int64) -> Int {
        sum &+ Int(id) &+ title.utf8.count &+ pages &+ Int(authorID) &* 3
    }
}

/// One benchmarked task. Every contender runs the same SQL shape on the same data.
enum Workload: String, CaseIterable, Sendable {
    case insert
    case fetchAll
    case lookup
    case query
    case update
    case upsert
    case cursor
    case eager

    /// The row label in the report.
    func title(_ sizes: Sizes) -> String {
        switch self {
        case .insert: "insert \(count(sizes.rows)) (1 tx)"
        case .fetchAll: "fetch all \(count(sizes.rows)) into array"
        case .lookup: "\(count(sizes.lookups)) primary-key lookups"
        case .query: "`age > ? ORDER BY score LIMIT 100` ×\(count(sizes.queries))"
        case .update: "update \(count(sizes.rows)) (1 tx)"
        case .upsert: "upsert \(count(sizes.rows)) (½ new, 1 tx)"
        case .cursor: "cursor over \(count(sizes.cursorRows)) rows"
        case .eager: "eager-load \(count(sizes.authors)) authors × \(sizes.booksPerAuthor) books"
        }
    }

    /// The database a run starts from.
    var start: DatabaseStart {
        switch self {
        case .insert: .empty
        case .fetchAll, .lookup, .query: .shared(.items)
        case .update, .upsert: .copy(.items)
        case .cursor: .shared(.cursorItems)
        case .eager: .shared(.library)
        }
    }
}

/// How the harness prepares the database file of one run (never timed).
enum DatabaseStart: Sendable {
    /// A new file holding the schema and no rows.
    case empty
    /// The seeded template itself, opened by a new connection; the workload only reads it.
    case shared(Template)
    /// A fresh copy of the seeded template; the workload writes to it.
    case copy(Template)
}

/// A seeded database built once per process.
enum Template: Sendable {
    /// `sizes.rows` items, ids 1…rows.
    case items
    /// `sizes.cursorRows` items.
    case cursorItems
    /// `sizes.authors` authors with `sizes.booksPerAuthor` books each.
    case library
}

/// Workload sizes: the figures, or smaller ones for a CI smoke run (`--quick`).
struct Sizes: Sendable {
    var rows: Int
    var lookups: Int
    var queries: Int
    var cursorRows: Int
    var authors: Int
    var booksPerAuthor: Int

    static let full = Sizes(rows: 100_000, lookups: 10_000, queries: 1_000, cursorRows: 1_000_000, authors: 1_000, booksPerAuthor: 10)
    static let quick = Sizes(rows: 10_000, lookups: 1_000, queries: 100, cursorRows: 100_000, authors: 200, booksPerAuthor: 10)
}

/// What one run returns: rows it processed and a checksum over the values it decoded or wrote, which
/// must agree across contenders (it proves they did the same work).
struct Outcome: Equatable, Sendable {
    var rows: Int
    var checksum: Int
}

private func count(_ value: Int) -> String {
    value >= 1_000_000 && value % 1_000_000 == 0 ? "\(value / 1_000_000)M"
        : value >= 1_000 && value % 1_000 == 0 ? "\(value / 1_000)k" : "\(value)"
}

/// One benchmarked task. Every contender runs the same SQL shape on the same data.
public enum Workload: String, CaseIterable, Sendable {
    case insert
    case fetchAll
    case lookup
    case query
    case update
    case upsert
    case cursor
    case eager
    /// A filter on a typed JSON path, `meta.publisher.city = ?`, without an index on the path: every query scans
    /// the whole `documents` table and extracts the path from each document.
    case jsonPath
    /// The same filter with the path's expression index (`indexes: [{ on: meta.publisher.city }]`).
    case jsonPathIndexed

    /// The row label in the report.
    public func title(_ sizes: Sizes) -> String {
        switch self {
        case .insert: "insert \(shortCount(sizes.rows)) (1 tx)"
        case .fetchAll: "fetch all \(shortCount(sizes.rows)) into array"
        case .lookup: "\(shortCount(sizes.lookups)) primary-key lookups"
        case .query: "`age > ? ORDER BY score LIMIT 100` ×\(shortCount(sizes.queries))"
        case .update: "update \(shortCount(sizes.rows)) (1 tx)"
        case .upsert: "upsert \(shortCount(sizes.rows)) (½ new, 1 tx)"
        case .cursor: "cursor over \(shortCount(sizes.cursorRows)) rows"
        case .eager: "eager-load \(shortCount(sizes.authors)) authors × \(sizes.booksPerAuthor) books"
        case .jsonPath: "JSON path `meta.publisher.city = ?` ×\(shortCount(sizes.pathScans)), no index over \(shortCount(sizes.rows))"
        case .jsonPathIndexed: "JSON path `meta.publisher.city = ?` ×\(shortCount(sizes.queries)), path index over \(shortCount(sizes.rows))"
        }
    }

    /// Whether the workload writes; its checksum is then a digest of the table it leaves.
    public var writes: Bool {
        switch self {
        case .insert, .update, .upsert: true
        case .fetchAll, .lookup, .query, .cursor, .eager, .jsonPath, .jsonPathIndexed: false
        }
    }

    /// The database a run starts from.
    public var start: DatabaseStart {
        switch self {
        case .insert: .empty
        case .fetchAll, .lookup, .query: .shared(.items)
        case .update, .upsert: .copy(.items)
        case .cursor: .shared(.cursorItems)
        case .eager: .shared(.library)
        case .jsonPath: .shared(.documents)
        case .jsonPathIndexed: .shared(.indexedDocuments)
        }
    }
}

/// How the harness prepares the database of one run (never timed): a file for SQLite, a database for PostgreSQL.
public enum DatabaseStart: Sendable {
    /// A new database holding the schema and no rows.
    case empty
    /// The seeded template itself, opened by a new connection; the workload only reads it.
    case shared(Template)
    /// A fresh copy of the seeded template; the workload writes to it.
    case copy(Template)
}

/// A seeded database built once per process.
public enum Template: Sendable {
    /// `sizes.rows` items, ids 1…rows.
    case items
    /// `sizes.cursorRows` items.
    case cursorItems
    /// `sizes.authors` authors with `sizes.booksPerAuthor` books each.
    case library
    /// `sizes.rows` documents, ids 1…rows, without the index on `meta.publisher.city`.
    case documents
    /// The same documents with the index on `meta.publisher.city` (the generated schema's).
    case indexedDocuments
}

/// Workload sizes: the figures, or smaller ones for a CI smoke run (`--quick`).
public struct Sizes: Sendable {
    public var rows: Int
    public var lookups: Int
    public var queries: Int
    public var cursorRows: Int
    public var authors: Int
    public var booksPerAuthor: Int
    /// Queries of the `jsonPath` workload: each scans all `rows` documents, so far fewer than `queries`.
    public var pathScans: Int

    public static let full = Sizes(
        rows: 100_000, lookups: 10_000, queries: 1_000, cursorRows: 1_000_000, authors: 1_000, booksPerAuthor: 10, pathScans: 10)
    public static let quick = Sizes(
        rows: 10_000, lookups: 1_000, queries: 100, cursorRows: 100_000, authors: 200, booksPerAuthor: 10, pathScans: 3)
}

/// What one run returns: rows it processed and a checksum over the values it decoded or wrote, which
/// must agree across contenders (it proves they did the same work).
public struct Outcome: Equatable, Sendable {
    public var rows: Int
    public var checksum: Int

    @inlinable
    public init(rows: Int, checksum: Int) {
        self.rows = rows
        self.checksum = checksum
    }
}

/// `100000` as `100k`, `1000000` as `1M`.
public func shortCount(_ value: Int) -> String {
    value >= 1_000_000 && value % 1_000_000 == 0 ? "\(value / 1_000_000)M"
        : value >= 1_000 && value % 1_000 == 0 ? "\(value / 1_000)k" : "\(value)"
}

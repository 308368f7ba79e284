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
    /// Full-text search: `sizes.searches` queries of 1-2 words over the articles' FTS index, each fetching the 20
    /// best matches (id, title and a 12-word snippet of the body), best first.
    case matching
    /// Soft-delete overhead, in twins: every `Volume` (no soft delete) into an array; `fetchSoft` the same rows of
    /// `SoftVolume` (`softDelete: deletedAt`, none deleted). D only: the ratio soft/plain is the overhead.
    case fetchPlain
    case fetchSoft
    /// `count` of every volume, `sizes.counts` times, on the plain and the soft-delete twin.
    case countPlain
    case countSoft
    /// Every shelf with its volumes (a hasMany eager load), on the plain and the soft-delete twin.
    case eagerPlain
    case eagerSoft

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
        case .matching: "full-text `matching` top \(Fixture.matchLimit) + snippet ×\(sizes.searches) over \(shortCount(sizes.rows)) articles"
        case .fetchPlain: "fetch all \(shortCount(sizes.rows)) volumes, no soft delete"
        case .fetchSoft: "fetch all \(shortCount(sizes.rows)) volumes, soft delete"
        case .countPlain: "count \(shortCount(sizes.rows)) volumes ×\(sizes.counts), no soft delete"
        case .countSoft: "count \(shortCount(sizes.rows)) volumes ×\(sizes.counts), soft delete"
        case .eagerPlain: "eager-load \(shortCount(Fixture.shelves(sizes))) shelves × \(sizes.booksPerAuthor) volumes, no soft delete"
        case .eagerSoft: "eager-load \(shortCount(Fixture.shelves(sizes))) shelves × \(sizes.booksPerAuthor) volumes, soft delete"
        }
    }

    /// Whether the workload writes; its checksum is then a digest of the table it leaves.
    public var writes: Bool {
        switch self {
        case .insert, .update, .upsert: true
        case .fetchAll, .lookup, .query, .cursor, .eager, .jsonPath, .jsonPathIndexed, .matching, .fetchPlain, .fetchSoft,
            .countPlain, .countSoft, .eagerPlain, .eagerSoft: false
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
        case .matching: .shared(.articles)
        case .fetchPlain, .fetchSoft, .countPlain, .countSoft, .eagerPlain, .eagerSoft: .shared(.shelves)
        }
    }

    /// Whether this is the plain twin of a soft-delete workload.
    public var isPlainTwin: Bool { self == .fetchPlain || self == .countPlain || self == .eagerPlain }

    /// For a soft-delete workload, the plain twin it is compared with (the report's soft/plain ratio).
    public var plainTwin: Workload? {
        switch self {
        case .fetchSoft: .fetchPlain
        case .countSoft: .countPlain
        case .eagerSoft: .eagerPlain
        default: nil
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
    /// `sizes.rows` articles with their full-text index.
    case articles
    /// `Fixture.shelves(sizes)` shelves with `sizes.booksPerAuthor` volumes each, in both twins (`shelves`/`volumes`
    /// and `soft_shelves`/`soft_volumes`, the same rows, none deleted).
    case shelves
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
    /// Queries of the `matching` workload.
    public var searches: Int
    /// Counts of the `countPlain`/`countSoft` workloads (each reads all `rows` volumes).
    public var counts: Int

    public static let full = Sizes(
        rows: 100_000, lookups: 10_000, queries: 1_000, cursorRows: 1_000_000, authors: 1_000, booksPerAuthor: 10, pathScans: 10,
        searches: 20, counts: 20)
    public static let quick = Sizes(
        rows: 10_000, lookups: 1_000, queries: 100, cursorRows: 100_000, authors: 200, booksPerAuthor: 10, pathScans: 3,
        searches: 10, counts: 5)
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

import ORMSchema

/// A record whose model declares a full-text index (`search:` in the schema): `ormgen` makes the model conform, so
/// ``matching(_:)`` only compiles where the index exists.
///
/// ```swift
/// let hits = try await db.read { db in
///     try Book.matching("swift orm")                    // best first
///         .filter(Book.genre == .science)
///         .select(Book.isbn, Book.summary.snippet(words: 12), Book.searchRank)
///         .limit(20)
///         .fetchAll(db)
/// }
/// ```
public protocol SearchableRecord: Record {}

extension SearchableRecord {
    /// A request for the rows whose searched fields contain every word of `text`, best first (then by key).
    ///
    /// `text` is taken as words whatever it holds: quotes, operators, parentheses and other punctuation never
    /// reach the engine's query syntax, and a text without words matches no row. Words match as the declared
    /// `language` finds them (`english`: "running" matches "run"), ignoring case and diacritics.
    public static func matching(_ text: String) -> QueryRequest<Self> {
        all().matching(text)
    }

    /// How well the row matches the request's text, higher first (SQLite's `bm25`, negated; PostgreSQL's
    /// `ts_rank`): for `select` and `order` on a request with ``matching(_:)``, which orders by it already.
    public static var searchRank: QueryExpression<Double> {
        QueryExpression(.searchRank(table: schema.name))
    }
}

extension QueryRequest where R: SearchableRecord {
    /// Keeps the rows whose searched fields contain every word of `text` (``SearchableRecord/matching(_:)``),
    /// replacing an earlier text; orders them best first (then by key) unless the request is ordered already.
    /// Composes with every other query method: filters, joins, eager loading, pages, counts, `select`.
    public func matching(_ text: String) -> Self {
        var copy = self
        copy.searchText = text
        if copy.orderings.isEmpty {
            let table = R.schema.name
            copy.orderings = [R.searchRank.desc]
                + R.schema.primaryKey.map { Ordering(expression: SQLExpression(.column(table: table, name: $0)), isDescending: false) }
        }
        return copy
    }
}

extension Column where Value == String {
    /// The column's text around the matches of the request's `matching(_:)` text, at most `words` words (2 to
    /// 64), each match between `start` and `end`; SQLite marks cut ends with `ellipsis`. For `select`; the column
    /// must be one of the model's searched fields.
    public func snippet(words: Int = 12, start: String = "[", end: String = "]", ellipsis: String = "…") -> QueryExpression<String> {
        QueryExpression(.searchSnippet(table: table, column: name, style: SnippetStyle(start: start, end: end, ellipsis: ellipsis, words: words)))
    }

    /// The column's whole text with each match of the request's `matching(_:)` text between `start` and `end`.
    public func highlighted(start: String = "[", end: String = "]") -> QueryExpression<String> {
        QueryExpression(.searchSnippet(table: table, column: name, style: SnippetStyle(start: start, end: end, ellipsis: "", words: nil)))
    }
}

extension Column where Value == String? {
    /// The column's text around the matches (empty for NULL); see `Column<String>.snippet(words:start:end:ellipsis:)`.
    public func snippet(words: Int = 12, start: String = "[", end: String = "]", ellipsis: String = "…") -> QueryExpression<String> {
        Column<String>(name, table: table).snippet(words: words, start: start, end: end, ellipsis: ellipsis)
    }

    /// The column's whole text with the matches marked (empty for NULL); see `Column<String>.highlighted(start:end:)`.
    public func highlighted(start: String = "[", end: String = "]") -> QueryExpression<String> {
        Column<String>(name, table: table).highlighted(start: start, end: end)
    }
}

/// What the renderer needs to write a request's full-text parts: the searched table, its index and the text.
package struct SearchContext: Sendable {
    let table: String
    let search: SearchSchema
    let text: String
}

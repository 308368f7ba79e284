/// What a model's `search:` declares: the text columns its full-text index covers and how the engine finds words in
/// them (a language's stemming and stop words, or SQLite's tokenizer given as is).
public struct SearchSchema: Sendable, Hashable {
    /// The indexed columns, in declaration order (the order SQLite's FTS5 table numbers them).
    public let columns: [String]
    /// The language whose word forms match each other (`english`: "running" finds "run"): PostgreSQL's text-search
    /// configuration, and on SQLite the Porter stemmer for `english` (other languages match exact words). nil
    /// for exact words on both engines (PostgreSQL's `simple`).
    public let language: String?
    /// SQLite's FTS5 `tokenize` option as written (`trigram`, `unicode61 remove_diacritics 0`), replacing what
    /// ``language`` chooses there; nil for that choice.
    public let tokenizer: String?

    /// A search declaration. Called by generated code.
    public init(columns: [String], language: String? = nil, tokenizer: String? = nil) {
        self.columns = columns
        self.language = language
        self.tokenizer = tokenizer
    }

    /// What holds a table's index: SQLite's FTS5 table, PostgreSQL's GIN index (`books_search`).
    public static func indexName(of table: String) -> String { table + "_search" }

    /// PostgreSQL's generated `tsvector` column.
    public static let vectorColumn = "search_vector"
}

/// How a snippet of a searched column is cut and marked: the text around the matches (`words`) or the whole column
/// (`words` nil), each match between `start` and `end`.
public struct SnippetStyle: Sendable, Hashable {
    /// What goes before each matched word.
    public var start: String
    /// What goes after each matched word.
    public var end: String
    /// What marks text left out at either end of a snippet (SQLite writes it; PostgreSQL's `ts_headline` does not).
    public var ellipsis: String
    /// How many words a snippet holds at most (2 to 64), or nil for the whole column with every match marked.
    public var words: Int?

    /// A snippet style.
    public init(start: String, end: String, ellipsis: String, words: Int?) {
        self.start = start
        self.end = end
        self.ellipsis = ellipsis
        self.words = words.map { min(max($0, 2), 64) }
    }
}

/// How an engine keeps and queries a full-text index: the DDL that creates, checks and drops it, and the SQL of a
/// match, its rank and snippets. The renderer writes these where a request says `matching(_:)` and never tests
/// which engine it is on. In the SQL parts, ``SQLTemplatePart/value`` stands for the bound search text
/// (``queryText(_:)``), written afresh each time.
public protocol FullTextSyntax: Sendable {
    /// What creates `search` for `table` once the table exists, indexing the rows it already holds; each statement
    /// leaves what exists alone (`IF NOT EXISTS`).
    func createStatements(for table: TableDefinition, search: SearchSchema) -> [String]
    /// What removes the index of `table` that ``createStatements(for:search:)`` made, whatever its columns.
    func dropStatements(forTable table: String) -> [String]
    /// A query of one row and one text column describing the live index of `table`; no row or NULL when there is
    /// none. It returns ``signature(for:search:)`` when the index is as declared.
    func liveSignatureQuery(forTable table: String) -> String
    /// What ``liveSignatureQuery(forTable:)`` returns for the index `createStatements` makes.
    func signature(for table: TableDefinition, search: SearchSchema) -> String
    /// Whether the live index `signature` describes is one `createStatements` made for `table`, derived from the
    /// table's rows (so dropping it loses nothing), and not a table of the app's own.
    func isDerived(_ signature: String, ofTable table: String) -> Bool
    /// The `JOIN` a matching query needs (with a leading space), or empty.
    func join(table: String) -> String
    /// The condition that keeps the rows of `table` matching the bound search text.
    func match(table: String, search: SearchSchema) -> [SQLTemplatePart]
    /// How well a row matches, higher first (a `DOUBLE`).
    func rank(table: String, search: SearchSchema) -> [SQLTemplatePart]
    /// The text of `column` (one of `search.columns`) with the matches marked as `style` says.
    func snippet(table: String, search: SearchSchema, column: String, style: SnippetStyle) -> [SQLTemplatePart]
    /// What to bind for `text` typed by a user: its words, each taken as a word whatever it holds (quotes,
    /// operators, parentheses), all of which a row must contain; no word matches no row.
    func queryText(_ text: String) -> String
}

extension FullTextSyntax {
    /// What brings the live index of `table` (`live`: what ``liveSignatureQuery(forTable:)`` returned) to its
    /// `search:`: nothing when they agree; else the derived live index dropped, then the declared one created
    /// and filled from the rows. An index of the app's own under that name is left alone (and reported by the
    /// schema comparison).
    public func migrationStatements(for table: TableDefinition, live: String?) -> [String] {
        let expected = table.search.map { signature(for: table, search: $0) }
        guard live != expected else { return [] }
        if let live, !isDerived(live, ofTable: table.name) { return [] }
        return (live == nil ? [] : dropStatements(forTable: table.name))
            + (table.search.map { createStatements(for: table, search: $0) } ?? [])
    }
}

extension SchemaDialect {
    /// The search statements of `table`, empty when it declares none.
    public func searchStatements(for table: TableDefinition) -> [String] {
        table.search.map { fullText.createStatements(for: table, search: $0) } ?? []
    }
}

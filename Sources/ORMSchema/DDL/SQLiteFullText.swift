/// SQLite's FTS5: an external-content table `<table>_search` over the table's rows (by rowid), kept in step by three
/// triggers, matched with `MATCH`, ranked by `bm25`, cut by `snippet`/`highlight`.
public struct SQLiteFullText: FullTextSyntax {
    /// SQLite's full-text syntax.
    public init() {}

    /// The endings of the tables FTS5 keeps an index in (`books_search_data`, …; `_content` only for a table that
    /// holds its own text).
    public static let shadowSuffixes = ["_data", "_idx", "_docsize", "_config", "_content"]

    /// The FTS5 tokenizer: the declared one, else Porter stemming over `unicode61` for English, else `unicode61`
    /// (both fold case and diacritics).
    public static func tokenizer(of search: SearchSchema) -> String {
        if let tokenizer = search.tokenizer { return tokenizer }
        return (search.language == "english" ? "porter " : "") + "unicode61 remove_diacritics 2"
    }

    public func createStatements(for table: TableDefinition, search: SearchSchema) -> [String] {
        let index = quoteIdentifier(SearchSchema.indexName(of: table.name)), content = quoteIdentifier(table.name)
        let columns = search.columns.map(quoteIdentifier).joined(separator: ", ")
        let values = { (row: String) in search.columns.map { "\(row).\(quoteIdentifier($0))" }.joined(separator: ", ") }
        let add = "INSERT INTO \(index) (rowid, \(columns)) VALUES (new.rowid, \(values("new")));"
        let remove = "INSERT INTO \(index) (\(index), rowid, \(columns)) VALUES ('delete', old.rowid, \(values("old")));"
        // A change to a key column may change the rowid (an INTEGER PRIMARY KEY is the rowid).
        let watched = (search.columns + table.primaryKey.filter { !search.columns.contains($0) }).map(quoteIdentifier).joined(separator: ", ")
        let trigger = { (suffix: String) in quoteIdentifier(SearchSchema.indexName(of: table.name) + "_" + suffix) }
        return [
            createTable(table, search: search, ifNotExists: true),
            "CREATE TRIGGER IF NOT EXISTS \(trigger("insert")) AFTER INSERT ON \(content) BEGIN \(add) END",
            "CREATE TRIGGER IF NOT EXISTS \(trigger("delete")) AFTER DELETE ON \(content) BEGIN \(remove) END",
            "CREATE TRIGGER IF NOT EXISTS \(trigger("update")) AFTER UPDATE OF \(watched) ON \(content) BEGIN \(remove) \(add) END",
            refillStatement(forTable: table.name),
        ]
    }

    /// FTS5's `'rebuild'` command: the index emptied and filled again from the rows of `table`, by rowid.
    public func refillStatement(forTable table: String) -> String {
        let index = quoteIdentifier(SearchSchema.indexName(of: table))
        return "INSERT INTO \(index) (\(index)) VALUES ('rebuild')"
    }

    public func dropStatements(forTable table: String) -> [String] {
        let index = SearchSchema.indexName(of: table)
        return ["insert", "delete", "update"].map { "DROP TRIGGER IF EXISTS \(quoteIdentifier(index + "_" + $0))" }
            + ["DROP TABLE IF EXISTS \(quoteIdentifier(index))"]
    }

    /// The FTS5 table's `CREATE VIRTUAL TABLE` as `sqlite_master` keeps it.
    public func liveSignatureQuery(forTable table: String) -> String {
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = \(SQLLiteral.string(SearchSchema.indexName(of: table)))"
    }

    /// `CREATE VIRTUAL TABLE "<table>_search" USING fts5(columns…, content=…, content_rowid='rowid', tokenize=…)`.
    public func signature(for table: TableDefinition, search: SearchSchema) -> String {
        createTable(table, search: search, ifNotExists: false)
    }

    private func createTable(_ table: TableDefinition, search: SearchSchema, ifNotExists: Bool) -> String {
        let columns = search.columns.map(quoteIdentifier).joined(separator: ", ")
        return "CREATE VIRTUAL TABLE \(ifNotExists ? "IF NOT EXISTS " : "")\(quoteIdentifier(SearchSchema.indexName(of: table.name))) USING fts5(\(columns), "
            + "content=\(SQLLiteral.string(table.name)), content_rowid='rowid', tokenize=\(SQLLiteral.string(Self.tokenizer(of: search))))"
    }

    /// An FTS5 table over the content of `table` (`content='table'`).
    public func isDerived(_ signature: String, ofTable table: String) -> Bool {
        signature.hasPrefix("CREATE VIRTUAL TABLE") && signature.contains("content=\(SQLLiteral.string(table))")
    }

    public func join(table: String) -> String {
        let index = quoteIdentifier(SearchSchema.indexName(of: table))
        return " JOIN \(index) ON \(index).\"rowid\" = \(quoteIdentifier(table)).\"rowid\""
    }

    public func match(table: String, search: SearchSchema) -> [SQLTemplatePart] {
        [.text(quoteIdentifier(SearchSchema.indexName(of: table)) + " MATCH "), .value]
    }

    /// `bm25` (lower is better), negated.
    public func rank(table: String, search: SearchSchema) -> [SQLTemplatePart] {
        [.text("(-bm25(\(quoteIdentifier(SearchSchema.indexName(of: table)))))")]
    }

    public func snippet(table: String, search: SearchSchema, column: String, style: SnippetStyle) -> [SQLTemplatePart] {
        let index = quoteIdentifier(SearchSchema.indexName(of: table)), number = search.columns.firstIndex(of: column) ?? 0
        let marks = SQLLiteral.string(style.start) + ", " + SQLLiteral.string(style.end)
        // Both give NULL for a NULL column; a snippet is text, empty there (as PostgreSQL's of the coalesced text).
        guard let words = style.words else { return [.text("coalesce(highlight(\(index), \(number), \(marks)), '')")] }
        return [.text("coalesce(snippet(\(index), \(number), \(marks), \(SQLLiteral.string(style.ellipsis)), \(words)), '')")]
    }

    /// Each run of characters between spaces that holds a letter or a digit, as an FTS5 string (`"it's"`: a phrase
    /// of the words the tokenizer finds in it, no operator), all of which a row must match; `""` (no row) when
    /// there is none.
    public func queryText(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{0}" })
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
            .map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }
        return words.isEmpty ? "\"\"" : words.joined(separator: " ")
    }
}

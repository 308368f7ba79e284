/// PostgreSQL's text search: a generated `tsvector` column (`search_vector`) over the searched columns with a GIN
/// index `<table>_search`, matched with `@@ plainto_tsquery`, ranked by `ts_rank`, cut by `ts_headline`.
public struct PostgreSQLFullText: FullTextSyntax {
    /// PostgreSQL's full-text syntax.
    public init() {}

    /// The text-search configuration: the language, else `simple` (exact words).
    public static func configuration(of search: SearchSchema) -> String {
        SQLLiteral.string(search.language ?? "simple") + "::regconfig"
    }

    public func createStatements(for table: TableDefinition, search: SearchSchema) -> [String] {
        let name = quoteIdentifier(table.name), vector = quoteIdentifier(SearchSchema.vectorColumn)
        let text = search.columns.map { "coalesce(\(quoteIdentifier($0)), '')" }.joined(separator: " || ' ' || ")
        return [
            "ALTER TABLE \(name) ADD COLUMN IF NOT EXISTS \(vector) tsvector GENERATED ALWAYS AS (to_tsvector(\(Self.configuration(of: search)), \(text))) STORED",
            "CREATE INDEX IF NOT EXISTS \(quoteIdentifier(SearchSchema.indexName(of: table.name))) ON \(name) USING GIN (\(vector))",
            "COMMENT ON COLUMN \(name).\(vector) IS \(SQLLiteral.string(signature(for: table, search: search)))",
        ]
    }

    public func dropStatements(forTable table: String) -> [String] {
        [
            "DROP INDEX IF EXISTS \(quoteIdentifier(SearchSchema.indexName(of: table)))",
            "ALTER TABLE \(quoteIdentifier(table)) DROP COLUMN IF EXISTS \(quoteIdentifier(SearchSchema.vectorColumn))",
        ]
    }

    /// The comment ``createStatements(for:search:)`` puts on the `tsvector` column.
    public func liveSignatureQuery(forTable table: String) -> String {
        let relation = "to_regclass(\(SQLLiteral.string(quoteIdentifier(table))))"
        return "SELECT col_description(attrelid, attnum) FROM pg_attribute WHERE attrelid = \(relation) "
            + "AND attname = \(SQLLiteral.string(SearchSchema.vectorColumn)) AND NOT attisdropped"
    }

    /// `ormkit search: english (title, summary)`.
    public func signature(for table: TableDefinition, search: SearchSchema) -> String {
        "ormkit search: \(search.language ?? "simple") (\(search.columns.joined(separator: ", ")))"
    }

    /// A `tsvector` column whose comment ``createStatements(for:search:)`` wrote.
    public func isDerived(_ signature: String, ofTable table: String) -> Bool {
        signature.hasPrefix("ormkit search: ")
    }

    public func join(table: String) -> String { "" }

    public func match(table: String, search: SearchSchema) -> [SQLTemplatePart] {
        [.text("(\(vector(of: table)) @@ "), .text(query(search)), .value, .text("))")]
    }

    /// `ts_rank` as a double.
    public func rank(table: String, search: SearchSchema) -> [SQLTemplatePart] {
        [.text("(ts_rank(\(vector(of: table)), "), .text(query(search)), .value, .text("))::float8)")]
    }

    public func snippet(table: String, search: SearchSchema, column: String, style: SnippetStyle) -> [SQLTemplatePart] {
        let quote = { (text: String) in "\"" + text.replacing("\"", with: "\"\"") + "\"" }
        var options = "StartSel=\(quote(style.start)), StopSel=\(quote(style.end)), "
        if let words = style.words {
            options += "MaxWords=\(words), MinWords=\(max(1, words / 2))"
        } else {
            options += "HighlightAll=true"
        }
        let document = "coalesce(\(quoteIdentifier(table)).\(quoteIdentifier(column)), '')"
        return [
            .text("ts_headline(\(Self.configuration(of: search)), \(document), "), .text(query(search)), .value,
            .text(")"), .text(", \(SQLLiteral.string(options)))"),
        ]
    }

    /// The text without NUL characters (which PostgreSQL text cannot hold): `plainto_tsquery` takes its words and
    /// ignores operators and punctuation.
    public func queryText(_ text: String) -> String {
        text.replacing("\u{0}", with: " ")
    }

    private func vector(of table: String) -> String {
        quoteIdentifier(table) + "." + quoteIdentifier(SearchSchema.vectorColumn)
    }

    private func query(_ search: SearchSchema) -> String {
        "plainto_tsquery(\(Self.configuration(of: search)), "
    }
}

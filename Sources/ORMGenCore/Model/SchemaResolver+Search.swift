import ORMSchema

extension SchemaResolver {
    /// PostgreSQL's built-in text-search configurations: what `language:` may name.
    static let searchLanguages = [
        "arabic", "armenian", "basque", "catalan", "danish", "dutch", "english", "finnish", "french", "german", "greek",
        "hindi", "hungarian", "indonesian", "irish", "italian", "lithuanian", "nepali", "norwegian", "portuguese",
        "romanian", "russian", "serbian", "simple", "spanish", "swedish", "tamil", "turkish", "yiddish",
    ]
    /// SQLite's FTS5 tokenizers: what `tokenizer:` may start with.
    static let searchTokenizers = ["unicode61", "ascii", "porter", "trigram"]

    /// Resolves every model's `search:`: stored text fields, a language PostgreSQL knows, a tokenizer FTS5 has, and
    /// names the index needs free (PostgreSQL's `search_vector` column, SQLite's `<table>_search` tables).
    mutating func resolveSearch() {
        let tableNames = Set(drafts.values.map { $0.tableName.lowercased() })
        for model in sortedModelNames {
            guard var draft = drafts[model], let declaration = draft.declaration.search else { continue }
            var columns: [String] = []
            for field in declaration.fields {
                guard let column = searchColumn(field, of: draft) else { continue }
                if columns.contains(column) {
                    diagnostics.error("search of '\(draft.name)' lists '\(field.value)' twice; list each field once", at: field.location)
                }
                columns.append(column)
            }
            if let language = declaration.language, !Self.searchLanguages.contains(language.value) {
                diagnostics.error(
                    "unknown search language '\(language.value)' in '\(draft.name)'; use one of PostgreSQL's: "
                        + Self.searchLanguages.joined(separator: ", ") + Suggestion.didYouMean(language.value, among: Self.searchLanguages),
                    at: language.location)
            }
            if let tokenizer = declaration.tokenizer {
                checkTokenizer(tokenizer, of: draft)
            }
            if draft.columns.contains(where: { $0.name.lowercased() == SearchSchema.vectorColumn }) {
                diagnostics.error(
                    "search of '\(draft.name)' needs the column name '\(SearchSchema.vectorColumn)' (PostgreSQL's tsvector); "
                        + "rename that field's column with `column:`",
                    at: declaration.location)
            }
            let index = SearchSchema.indexName(of: draft.tableName)
            if let taken = ([""] + SQLiteFullText.shadowSuffixes).map({ index + $0 }).first(where: { tableNames.contains($0.lowercased()) }) {
                diagnostics.error(
                    "search of '\(draft.name)' needs the table name '\(taken)' (SQLite's FTS5 index); give that model another `table:`",
                    at: declaration.location)
            }
            draft.search = SearchSchema(columns: columns, language: declaration.language?.value, tokenizer: declaration.tokenizer?.value)
            drafts[model] = draft
        }
    }

    /// The column of a field `search:` lists: a stored `String` or `String?` field.
    private mutating func searchColumn(_ name: Located<String>, of draft: ModelDraft) -> String? {
        guard let index = draft.fieldIndex(named: name.value) else {
            if draft.declaresUnresolvedField(name.value) { return nil }
            diagnostics.error(
                "search of '\(draft.name)' lists '\(name.value)', which is not a field of '\(draft.name)'"
                    + Suggestion.didYouMean(name.value, among: draft.fields.map(\.name)),
                at: name.location)
            return nil
        }
        let field = draft.fields[index]
        guard case .scalar(.string) = field.type, !field.isTransient,
            let column = draft.columns.first(where: { $0.fieldIndex == index && $0.subfield == nil })
        else {
            diagnostics.error(
                "search of '\(draft.name)' lists '\(name.value)', which must be a stored `String` or `String?` field (full-text search reads text)",
                at: name.location)
            return nil
        }
        return column.name
    }

    /// A tokenizer FTS5 has, followed by its options (letters, digits, spaces, `_`, `-`, `.`, quotes).
    private mutating func checkTokenizer(_ tokenizer: Located<String>, of draft: ModelDraft) {
        let first = tokenizer.value.split(separator: " ").first.map(String.init) ?? ""
        if !Self.searchTokenizers.contains(first) {
            diagnostics.error(
                "unknown FTS5 tokenizer '\(first)' in the search of '\(draft.name)'; start with one of "
                    + Self.searchTokenizers.joined(separator: ", ") + Suggestion.didYouMean(first, among: Self.searchTokenizers),
                at: tokenizer.location)
        } else if !tokenizer.value.allSatisfy({ $0.isLetter || $0.isNumber || " _-.'".contains($0) }) {
            diagnostics.error(
                "the tokenizer of '\(draft.name)' may hold letters, digits, spaces and `_ - . '` only: `unicode61 remove_diacritics 0`",
                at: tokenizer.location)
        }
    }
}

import Foundation

/// Maps FTS5 tables to `search:`. An external-content table (`content='<table>'`) over a pulled model's table, keyed
/// by its rowid and indexing plain columns of it, becomes that model's `search:`; its shadow tables go unmentioned.
/// Any other FTS5 table is skipped with a note that says why, and its shadow tables with it.
enum SearchMapper {
    /// The FTS5 `tokenize` text the runtime writes for `language: english`.
    static let englishTokenize = "porter unicode61 remove_diacritics 2"
    /// The `tokenize` text the runtime writes for a `search:` without a language.
    static let plainTokenize = "unicode61 remove_diacritics 2"
    /// The tokenizer FTS5 uses when a table names none.
    static let defaultTokenize = "unicode61"

    /// A model's `search:` read off an FTS5 table.
    private struct Mapping {
        /// The index of the model in the models being mapped.
        var model: Int
        var search: SearchDescription
    }

    /// Sets `search` on the models `tables` index, with notes about the tables that do not map. When two tables
    /// index one model, the one named as the runtime names it (`<table>_search`) wins, else the first by name.
    static func addSearch(to models: inout [MappedModel], from tables: [LiveFullTextTable], notes: inout PullNotes) {
        let readings = tables.map { table in
            (table: table, mapping: FTS5Declaration.read(table.declaration.arguments).flatMap { mapping($0, models: models) })
        }
        let ranks = readings.map { reading in
            (try? reading.mapping.get()).map { isRuntimeNamed(reading.table, models[$0.model]) } == true ? 0 : 1
        }
        let ordered = readings.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { readings[$0] }
        var sources: [Int: String] = [:]
        for (table, reading) in ordered {
            switch reading {
            case .failure(let problem):
                skip(table, because: problem.reason, notes: &notes)
            case .success(let mapping):
                let contentTable = models[mapping.model].table.name
                if let earlier = sources[mapping.model] {
                    skip(table, because: "'\(contentTable)' already has search: from '\(earlier)'", notes: &notes)
                    continue
                }
                sources[mapping.model] = table.name
                models[mapping.model].description.search = mapping.search
                if !isRuntimeNamed(table, models[mapping.model]) {
                    let runtimeName = contentTable + "_search"
                    notes.add(table: contentTable, "search: read off FTS5 table '\(table.name)', but the runtime keeps the "
                        + "index in '\(runtimeName)', so `migrate` would build a second one there; rename '\(table.name)' "
                        + "to '\(runtimeName)', or drop it together with the triggers that fill it")
                }
            }
        }
    }

    /// Whether `table` has the name the runtime gives the index of `model` (`<table>_search`), ignoring case
    /// as SQLite does.
    private static func isRuntimeNamed(_ table: LiveFullTextTable, _ model: MappedModel) -> Bool {
        table.name.lowercased() == (model.table.name + "_search").lowercased()
    }

    /// The note for an FTS5 table that does not map, then one for each of its shadow tables.
    private static func skip(_ table: LiveFullTextTable, because reason: String, notes: inout PullNotes) {
        notes.add("skipped FTS5 table '\(table.name)': \(reason)")
        for shadow in table.shadowTables {
            notes.add("skipped shadow table '\(shadow)' of virtual table '\(table.name)'")
        }
    }

    /// The `search:` `declaration` stands for, or why there is none.
    private static func mapping(_ declaration: FTS5Declaration, models: [MappedModel]) -> Result<Mapping, SearchMappingProblem> {
        let externalOnly = "search: maps only an external-content table (content='<table>')"
        guard let content = declaration.content else {
            return .failure(SearchMappingProblem("it keeps its own copy of the text (no content= option); " + externalOnly))
        }
        guard !content.isEmpty else {
            return .failure(SearchMappingProblem("it is contentless (content=''); " + externalOnly))
        }
        guard let index = models.firstIndex(where: { $0.table.name.lowercased() == content.lowercased() }) else {
            return .failure(SearchMappingProblem(
                "its content table '\(content)' is not a table pulled as a model (a view, a table skipped above, or none)"))
        }
        let model = models[index]
        let rowid = declaration.contentRowid ?? "rowid"
        guard isRowid(rowid, of: model.table) else {
            return .failure(SearchMappingProblem(
                "its content_rowid '\(rowid)' is not the rowid of '\(model.table.name)', which search: indexes by"))
        }
        var fields: [String] = []
        for column in declaration.columns {
            guard let field = model.field(forColumn: column) else {
                return .failure(SearchMappingProblem("column '\(column)' is not a column of '\(model.table.name)' pulled as a field"))
            }
            fields.append(field.name)
        }
        let tokenizer = tokenizerOptions(declaration.tokenize)
        return .success(Mapping(
            model: index, search: SearchDescription(fields: fields, language: tokenizer.language, tokenizer: tokenizer.tokenizer)))
    }

    /// Whether `column` names the rowid of `table`: its INTEGER PRIMARY KEY column, or `rowid` when no other
    /// column of that name hides it.
    private static func isRowid(_ column: String, of table: LiveTable) -> Bool {
        let key = table.primaryKey
        let name = column.lowercased()
        if key.count == 1, key[0].declaredType.uppercased() == "INTEGER", key[0].name.lowercased() == name { return true }
        return name == "rowid" && !table.columns.contains { $0.name.lowercased() == "rowid" }
    }

    /// `language: english` for the runtime's English `tokenize` text, nothing for its plain one (both compared
    /// ignoring case and runs of spaces), else `tokenizer:` with the text as the table has it (FTS5's `unicode61`
    /// when it has none).
    private static func tokenizerOptions(_ tokenize: String?) -> (language: String?, tokenizer: String?) {
        let text = tokenize?.trimmingCharacters(in: .whitespacesAndNewlines) ?? defaultTokenize
        switch text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased() {
        case englishTokenize: return ("english", nil)
        case plainTokenize: return (nil, nil)
        default: return (nil, text)
        }
    }
}

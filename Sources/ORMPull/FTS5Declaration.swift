/// The arguments of an FTS5 table (https://www.sqlite.org/fts5.html#fts5_table_creation_and_initialization) read
/// as far as `search:` can declare them: plain columns and the `content`, `content_rowid` and `tokenize` options.
struct FTS5Declaration: Equatable {
    /// The indexed columns, in order.
    var columns: [String]
    /// `content=`: nil when absent (the table keeps its own copy of the text), empty when contentless.
    var content: String?
    /// `content_rowid=`, nil when absent (`rowid`).
    var contentRowid: String?
    /// `tokenize=`, nil when absent (`unicode61`).
    var tokenize: String?

    /// The declaration `arguments` spell, or why `search:` cannot declare them.
    static func read(_ arguments: [[SQLToken]]) -> Result<FTS5Declaration, SearchMappingProblem> {
        var declaration = FTS5Declaration(columns: [])
        for argument in arguments {
            if argument.count > 1, argument[1] == .symbol("="), let key = argument[0].word {
                guard argument.count == 3, let value = argument[2].name else {
                    return .failure(SearchMappingProblem("option \(key)= has a value pull cannot read"))
                }
                if let problem = declaration.set(option: key.lowercased(), to: value) { return .failure(problem) }
            } else if let name = argument.first?.name {
                if let modifier = argument.dropFirst().first {
                    let reason = modifier.word?.uppercased() == "UNINDEXED"
                        ? "column '\(name)' is UNINDEXED, which search: cannot declare"
                        : "column '\(name)' is followed by '\(modifier.text)', which pull cannot read"
                    return .failure(SearchMappingProblem(reason))
                }
                declaration.columns.append(name)
            } else {
                return .failure(SearchMappingProblem("pull cannot read its arguments"))
            }
        }
        guard !declaration.columns.isEmpty else { return .failure(SearchMappingProblem("it declares no column")) }
        return .success(declaration)
    }

    /// Records option `key` (lowercased), nil when `search:` can declare it.
    private mutating func set(option key: String, to value: String) -> SearchMappingProblem? {
        let slot: WritableKeyPath<FTS5Declaration, String?>
        switch key {
        case "content": slot = \.content
        case "content_rowid": slot = \.contentRowid
        case "tokenize": slot = \.tokenize
        default: return SearchMappingProblem("option \(key)='\(value)' is one search: cannot declare")
        }
        guard self[keyPath: slot] == nil else { return SearchMappingProblem("option \(key)= is given twice") }
        self[keyPath: slot] = value
        return nil
    }
}

/// Why an FTS5 table does not map to `search:`; the note reads `skipped FTS5 table '<name>': <reason>`.
struct SearchMappingProblem: Error, Equatable {
    /// A clause that completes the note.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

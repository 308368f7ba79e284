/// What the introspector read from a SQLite file: the ordinary tables and the FTS5 tables that may map to
/// `search:`.
struct LiveDatabase {
    /// The ordinary tables, sorted by name.
    var tables: [LiveTable]
    /// The FTS5 virtual tables, sorted by name.
    var fullTextTables: [LiveFullTextTable]
}

/// An FTS5 virtual table, left to the mapping stage: it becomes a model's `search:` or a note.
struct LiveFullTextTable {
    /// The exact table name.
    var name: String
    /// Its `CREATE VIRTUAL TABLE` statement, read.
    var declaration: VirtualTableDeclaration
    /// The shadow tables FTS5 keeps for it (`<name>_data`, `_idx`, `_docsize`, `_config`, `_content`), sorted by
    /// name; never models, noted only when the table itself is not mapped.
    var shadowTables: [String]
}

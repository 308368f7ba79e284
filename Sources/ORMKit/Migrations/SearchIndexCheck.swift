import ORMSchema

extension SchemaDifference {
    /// How the live full-text index of `table` differs from the expected one (each as the engine's syntax describes
    /// it, nil for none), if it does: missing, different, or there without a declaration (tolerated).
    package static func searchIndex(of table: String, expected: String?, actual: String?) -> SchemaDifference? {
        guard expected != actual else { return nil }
        return SchemaDifference(
            kind: .searchIndex, table: table, name: SearchSchema.indexName(of: table), expected: expected, actual: actual,
            isTolerated: expected == nil)
    }
}

extension Connection {
    /// The live full-text index of `table` as SQLite's syntax describes it, or nil.
    func liveSearchSignature(of table: String) throws -> String? {
        try migrationRows(SQLiteFullText().liveSignatureQuery(forTable: table)) { $0.isNull(at: 0) ? nil : $0.string(at: 0) }.first ?? nil
    }

    /// Brings the full-text index of `table` to its `search:` (creating, rebuilding or dropping it).
    func migrateSearchIndex(of table: TableDefinition) throws {
        for sql in SQLiteFullText().migrationStatements(for: table, live: try liveSearchSignature(of: table.name)) {
            try run(sql: sql, arguments: [])
        }
    }
}

import ORMKitSQLite

/// Reads the tables of a database from `sqlite_master` and the table pragmas
/// (https://www.sqlite.org/pragma.html#pragfunc), leaving out views, virtual tables, their shadow tables
/// and SQLite's own `sqlite_%` tables with a note each; FTS5 tables (and their shadow tables) are handed to the
/// mapping stage, which maps them to `search:` or notes them.
enum SchemaIntrospector {
    /// Table-name suffixes of the shadow tables each virtual-table module creates for a table `<name>`, by
    /// lowercased module name: FTS3/4, FTS5 and R*Tree.
    private static let shadowSuffixes: [String: Set<String>] = [
        "fts3": ["content", "segments", "segdir", "docsize", "stat"],
        "fts4": ["content", "segments", "segdir", "docsize", "stat"],
        "fts5": ["content", "data", "idx", "docsize", "config"],
        "rtree": ["node", "rowid", "parent"],
    ]

    /// The suffixes looked for after a virtual table of another module (or whose statement pull cannot read).
    private static let anyShadowSuffix = shadowSuffixes.values.reduce(into: Set<String>()) { $0.formUnion($1) }

    /// A virtual table: its name and its statement, nil when pull cannot read it.
    private typealias VirtualTable = (name: String, declaration: VirtualTableDeclaration?)

    /// The ordinary tables of `database` and its FTS5 tables, each sorted by name. Views, other virtual tables,
    /// the shadow tables of those and `sqlite_` tables are left out with a note each.
    ///
    /// - Throws: `PullFailure` when SQLite cannot read the file (`file is not a database`, …).
    static func contents(of database: ReadOnlyDatabase, notes: inout PullNotes) throws -> LiveDatabase {
        let objects = try database.rows(
            "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
        let virtualTables = objects.compactMap { row -> VirtualTable? in
            guard row.count == 3, let name = row[1].text, let sql = row[2].text,
                sql.uppercased().hasPrefix("CREATE VIRTUAL TABLE")
            else { return nil }
            return (name, VirtualTableDeclaration(sql: sql))
        }
        var fullTextTables: [String: LiveFullTextTable] = [:]
        for case let (name, declaration?) in virtualTables where declaration.moduleKey == "fts5" {
            fullTextTables[name] = LiveFullTextTable(name: name, declaration: declaration, shadowTables: [])
        }
        var tables: [LiveTable] = []
        for object in objects {
            guard object.count == 3, let type = object[0].text else { continue }
            guard let name = object[1].text else {
                if let invalid = object[1].invalidText {
                    notes.add("skipped \(type) '\(invalid.lossy)' (\(invalid.bytes)): its name is not UTF-8, which a schema "
                        + "cannot declare; rename it (ALTER TABLE … RENAME TO …) to pull it")
                }
                continue
            }
            if type == "view" {
                notes.add("skipped view '\(name)'")
            } else if name.lowercased().hasPrefix("sqlite_") {
                notes.add("skipped internal table '\(name)'")
            } else if let virtualTable = virtualTables.first(where: { $0.name == name }) {
                if fullTextTables[name] == nil { notes.add(skipNote(for: virtualTable)) }
            } else if let owner = virtualTables.first(where: { isShadow(name, of: $0) }) {
                if fullTextTables[owner.name] != nil {
                    fullTextTables[owner.name]?.shadowTables.append(name)
                } else {
                    notes.add("skipped shadow table '\(name)' of virtual table '\(owner.name)'")
                }
            } else {
                tables.append(try table(named: name, in: database, notes: &notes))
            }
        }
        return LiveDatabase(tables: tables, fullTextTables: fullTextTables.values.sorted { $0.name < $1.name })
    }

    /// The note for a virtual table other than FTS5: FTS3 and FTS4 tables are named as such.
    private static func skipNote(for virtualTable: VirtualTable) -> String {
        guard let module = virtualTable.declaration?.moduleKey, module == "fts3" || module == "fts4" else {
            return "skipped virtual table '\(virtualTable.name)'"
        }
        return "skipped \(module.uppercased()) table '\(virtualTable.name)': search: declares FTS5 tables only"
    }

    /// Whether `name` is `<virtual table>_<shadow suffix of its module>`.
    private static func isShadow(_ name: String, of virtualTable: VirtualTable) -> Bool {
        let prefix = virtualTable.name.lowercased() + "_"
        let lowered = name.lowercased()
        let suffixes = virtualTable.declaration.flatMap { shadowSuffixes[$0.moduleKey] } ?? anyShadowSuffix
        return lowered.hasPrefix(prefix) && suffixes.contains(String(lowered.dropFirst(prefix.count)))
    }

    /// The table as the pragmas describe it (`SQLiteTable`): stored columns in `cid` order (generated columns are left
    /// out with a note), indexes by name, foreign keys by the position of their first column.
    private static func table(named name: String, in database: ReadOnlyDatabase, notes: inout PullNotes) throws -> LiveTable {
        guard let table = try SQLiteTable(named: name, in: database) else {
            return LiveTable(name: name, columns: [], indexes: [], foreignKeys: [])
        }
        var columns: [LiveColumn] = []
        for column in table.columns {
            if column.isGenerated {
                notes.add(table: name, column: column.name, "generated column skipped; the schema language cannot declare it")
                continue
            }
            columns.append(LiveColumn(
                name: column.name, declaredType: column.declaredType, isNotNull: column.isNotNull, defaultSQL: column.defaultSQL,
                primaryKeyPosition: column.primaryKeyPosition,
                nameProblem: column.invalidName.map { "has a name that is not UTF-8 (\($0)), which a schema cannot declare" }))
        }
        let position = { (key: LiveForeignKey) in table.columns.firstIndex { $0.name == key.columns[0] } ?? -1 }
        let foreignKeys = table.foreignKeys.enumerated().sorted { (position($0.element), $0.offset) < (position($1.element), $1.offset) }
        return LiveTable(name: name, columns: columns, indexes: table.indexes, foreignKeys: foreignKeys.map(\.element))
    }
}

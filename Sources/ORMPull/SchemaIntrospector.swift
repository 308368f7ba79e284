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

    private static func table(named name: String, in database: ReadOnlyDatabase, notes: inout PullNotes) throws -> LiveTable {
        LiveTable(
            name: name,
            columns: try columns(of: name, in: database, notes: &notes),
            indexes: try indexes(of: name, in: database),
            foreignKeys: try foreignKeys(of: name, in: database))
    }

    /// Stored columns in `cid` order; generated columns (`hidden` 2 or 3) are left out with a note.
    private static func columns(of table: String, in database: ReadOnlyDatabase, notes: inout PullNotes) throws -> [LiveColumn] {
        let rows = try database.rows(
            "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid", table)
        return rows.compactMap { row in
            guard row.count == 6 else { return nil }
            let invalid = row[0].invalidText
            guard let name = row[0].text ?? invalid?.lossy else { return nil }
            if let hidden = row[5].integer, hidden != 0 {
                notes.add(table: table, column: name, "generated column skipped; the schema language cannot declare it")
                return nil
            }
            return LiveColumn(
                name: name,
                declaredType: row[1].text ?? "",
                isNotNull: row[2].integer == 1,
                defaultSQL: row[3].text,
                primaryKeyPosition: Int(row[4].integer ?? 0),
                nameProblem: invalid.map { "has a name that is not UTF-8 (\($0.bytes)), which a schema cannot declare" })
        }
    }

    /// Every index of `table`, sorted by name, with its key columns (`pragma_index_xinfo`, key columns only).
    private static func indexes(of table: String, in database: ReadOnlyDatabase) throws -> [LiveIndex] {
        let list = try database.rows("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name", table)
        return try list.compactMap { row in
            guard row.count == 4, let name = row[0].text else { return nil }
            let keys = try database.rows(
                "SELECT name, \"desc\" FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", name)
            let origin: LiveIndex.Origin = switch row[2].text {
            case "pk": .primaryKey
            case "u": .uniqueConstraint
            default: .createIndex
            }
            return LiveIndex(
                name: name,
                isUnique: row[1].integer == 1,
                origin: origin,
                isPartial: row[3].integer == 1,
                columns: keys.map { $0.first?.text },
                hasDescendingColumn: keys.contains { $0.count == 2 && $0[1].integer == 1 })
        }
    }

    /// The foreign keys of `table`, sorted by the position of their first column.
    private static func foreignKeys(of table: String, in database: ReadOnlyDatabase) throws -> [LiveForeignKey] {
        let rows = try database.rows(
            """
            SELECT fk.id, fk."table", fk."from", fk."to", fk.on_update, fk.on_delete, coalesce(c.cid, -1)
            FROM pragma_foreign_key_list(?1) AS fk LEFT JOIN pragma_table_xinfo(?1) AS c ON c.name = fk."from"
            ORDER BY fk.id, fk.seq
            """, table)
        var keys: [(id: Int64, firstColumn: Int64, key: LiveForeignKey)] = []
        for row in rows {
            guard row.count == 7, let id = row[0].integer, let target = row[1].text, let column = row[2].text else { continue }
            if let last = keys.indices.last, keys[last].id == id {
                keys[last].key.columns.append(column)
                keys[last].key.targetColumns.append(row[3].text)
            } else {
                keys.append((id, row[6].integer ?? -1, LiveForeignKey(
                    targetTable: target, columns: [column], targetColumns: [row[3].text],
                    onDelete: row[5].text ?? "NO ACTION", onUpdate: row[4].text ?? "NO ACTION")))
            }
        }
        return keys.sorted { ($0.firstColumn, $0.id) < ($1.firstColumn, $1.id) }.map(\.key)
    }
}

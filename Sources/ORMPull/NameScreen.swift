/// Leaves out the tables and columns whose SQL names a schema cannot declare, with a note each, so what the pull
/// writes passes `ormgen check` and adoption: an empty name (PostgreSQL refuses one, and `table:`/`column:` need
/// one), a name that is not UTF-8 (`SchemaIntrospector` finds those), and a name equal to an earlier one as Swift
/// compares strings (by Unicode canonical equivalence, ignoring case beyond ASCII: `café` spelled with `é` or with
/// `e` and a combining accent) though SQLite tells the two apart. The schema checker compares names that way (it
/// refuses two such tables or columns), so the pull keeps the first; migrations compare live names as SQLite does.
///
/// A column is left out when inserts still work without it (it is NULL-able or has a default, and is not in the
/// primary key); otherwise its table is.
enum NameScreen {
    /// `tables` without the ones a name problem leaves out, and each kept table without its unusable columns.
    static func screen(_ tables: [LiveTable], notes: inout PullNotes) -> [LiveTable] {
        var seen: [String: String] = [:]
        var kept: [LiveTable] = []
        for table in tables {
            if let problem = problem(with: table.name, seen: seen, what: "table") {
                notes.add("skipped table \(quoted(table.name)): it \(problem); rename it (ALTER TABLE … RENAME TO …) to pull it")
                continue
            }
            seen[table.name.lowercased()] = table.name
            if let screened = screenColumns(of: table, notes: &notes) { kept.append(screened) }
        }
        return kept
    }

    /// `table` without its unusable columns, or nil (noted) when one of them cannot be left out.
    private static func screenColumns(of table: LiveTable, notes: inout PullNotes) -> LiveTable? {
        var seen: [String: String] = [:]
        var screened = table
        screened.columns = []
        for column in table.columns {
            guard let problem = column.nameProblem ?? problem(with: column.name, seen: seen, what: "column") else {
                seen[column.name.lowercased()] = column.name
                screened.columns.append(column)
                continue
            }
            if column.primaryKeyPosition > 0 || (column.isNotNull && column.defaultSQL == nil) {
                notes.add(table: table.name, "table skipped: column \(quoted(column.name)) \(problem), and inserts need it; "
                    + "rename it (ALTER TABLE … RENAME COLUMN …) to pull the table")
                return nil
            }
            notes.add(table: table.name, "column \(quoted(column.name)) skipped: it \(problem); inserts leave it to its default")
        }
        return screened
    }

    /// Why `name` cannot be declared, nil when it can.
    private static func problem(with name: String, seen: [String: String], what: String) -> String? {
        if name.isEmpty { return "has an empty name, which a schema cannot declare" }
        if let earlier = seen[name.lowercased()] {
            return "has the name of \(what) \(quoted(earlier)) as Swift compares strings, though SQLite tells the two apart"
        }
        return nil
    }

    /// `'name'`, followed by its Unicode scalars when some are not ASCII (`'café' (c a f e U+0301)`), so two names
    /// that print alike can be told apart.
    static func quoted(_ name: String) -> String {
        let scalars = name.unicodeScalars
        guard scalars.contains(where: { !$0.isASCII }) else { return "'\(name)'" }
        let spelled = scalars.map { $0.isASCII ? String($0) : "U+" + hex4($0.value) }
        return "'\(name)' (\(spelled.joined(separator: " ")))"
    }

    /// `value` in uppercase hexadecimal, at least four digits: `301` → `0301`.
    private static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

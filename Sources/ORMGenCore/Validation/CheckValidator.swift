import ORMKitSQLite

/// Compiles each field's `check:` in an in-memory SQLite database, as a `CHECK` of a table holding the model's
/// columns, so an expression that is not valid SQL (a syntax error, an unknown column or function, a subquery)
/// fails at its YAML line in `ormgen check` and `generate`, not at `migrate`.
public struct CheckValidator: ~Copyable {
    private let handle: OpaquePointer?

    /// Opens the in-memory database the expressions compile in.
    public init() {
        var handle: OpaquePointer?
        if sqlite3_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nil) != SQLITE_OK {
            sqlite3_close_v2(handle)
            handle = nil
        }
        if let handle {
            // A double-quoted name that matches no column is an error, not a string literal.
            ormkit_sqlite_db_config_int(handle, SQLITE_DBCONFIG_DQS_DDL, 0, nil)
            ormkit_sqlite_db_config_int(handle, SQLITE_DBCONFIG_DQS_DML, 0, nil)
        }
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// SQLite's message for `expression` as a CHECK of a table with `columns`, or nil when it compiles (or when
    /// SQLite could not open an in-memory database, which leaves the check to `migrate`).
    public func error(in expression: String, columns: [String]) -> String? {
        guard let handle else { return nil }
        let definitions = columns.map(Naming.sql) + ["CHECK (\(expression))"]
        let sql = "CREATE TEMP TABLE \"ormgen_check\" (\(definitions.joined(separator: ", ")))"
        var statement: OpaquePointer?
        var hasMoreSQL = false
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            // `tail` points into `text`, which is only valid inside this closure.
            hasMoreSQL = tail.map { $0.pointee != 0 } ?? false
            return code
        }
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK, statement != nil else { return String(cString: sqlite3_errmsg(handle)) }
        if hasMoreSQL {
            return "it closes the CHECK's parentheses and adds more SQL after them"
        }
        guard sqlite3_step(statement) == SQLITE_DONE else { return String(cString: sqlite3_errmsg(handle)) }
        sqlite3_exec(handle, "DROP TABLE temp.\"ormgen_check\"", nil, nil, nil)
        return nil
    }
}

extension SchemaResolver {
    /// Reports every `check:` of `model` that SQLite does not accept, at the check's YAML line.
    mutating func validateChecks(of model: String, with validator: borrowing CheckValidator) {
        guard let draft = drafts[model] else { return }
        let columns = draft.columns.map(\.name)
        for (index, declaration) in draft.fieldDeclarations.enumerated() {
            guard let check = declaration?.check, index < draft.fields.count, !draft.fields[index].isTransient else { continue }
            if let message = validator.error(in: check.value, columns: columns) {
                diagnostics.error(
                    "check of field '\(model).\(draft.fields[index].name)' is not valid SQL: \(message); write an SQL expression over the table's columns, such as \"copies >= 0\"",
                    at: check.location)
            }
        }
    }
}

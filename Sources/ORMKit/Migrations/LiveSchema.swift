import ORMSchema

/// The schema of a database as SQLite reports it, read with real queries on `sqlite_master`,
/// `pragma_table_info`, `pragma_index_list`, `pragma_index_info` and `pragma_foreign_key_list`.
struct LiveSchema {
    /// User tables (not `sqlite_*`), keyed by name as SQLite compares names (ASCII case-insensitive).
    var tables: [SQLName: LiveTable]
    /// The full-text index of each table that has one (`<table>_search`), as `CREATE VIRTUAL TABLE` text, keyed
    /// like `tables`. Those FTS5 tables and their shadow tables are not in `tables`.
    var searchIndexes: [SQLName: String] = [:]

    /// Reads every user table of the main database.
    static func read(_ conn: Connection) throws -> LiveSchema {
        let names = try tableNames(conn)
        var searchIndexes: [SQLName: String] = [:], skipped: Set<SQLName> = []
        for name in names {
            guard let signature = try conn.liveSearchSignature(of: name) else { continue }
            searchIndexes[name.sqlName] = signature
            let index = SearchSchema.indexName(of: name)
            skipped.formUnion(([""] + SQLiteFullText.shadowSuffixes).map { (index + $0).sqlName })
        }
        var tables: [SQLName: LiveTable] = [:]
        for name in names where !skipped.contains(name.sqlName) {
            if let table = try LiveTable.read(name, conn) { tables[name.sqlName] = table }
        }
        return LiveSchema(tables: tables, searchIndexes: searchIndexes)
    }

    /// Names of the user tables, sorted.
    static func tableNames(_ conn: Connection) throws -> [String] {
        try conn.migrationRows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        ) { $0.string(at: 0) }
    }

    func table(_ name: String) -> LiveTable? { tables[name.sqlName] }
}

struct LiveTable {
    var name: String
    var columns: [LiveColumn]
    var indexes: [LiveIndex]
    var foreignKeys: [LiveForeignKey]

    func column(_ name: String) -> LiveColumn? { columns.first { $0.name.sqlName == name.sqlName } }

    /// Primary-key column names in key order.
    var primaryKey: [String] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }.map(\.name)
    }

    /// Reads one table; nil when it does not exist.
    static func read(_ name: String, _ conn: Connection) throws -> LiveTable? {
        let columns = try LiveColumn.read(table: name, conn)
        guard !columns.isEmpty else { return nil }
        let indexes = try conn.migrationRows(
            "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) ORDER BY name", arguments: [name]
        ) { (name: $0.string(at: 0), isUnique: $0.int64(at: 1) != 0, origin: $0.string(at: 2), isPartial: $0.int64(at: 3) != 0) }
        var liveIndexes: [LiveIndex] = []
        for index in indexes {
            let indexColumns = try conn.migrationRows(
                "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [index.name]
            ) { $0.isNull(at: 0) ? LiveIndex.expression : $0.string(at: 0) }
            liveIndexes.append(LiveIndex(
                name: index.name, columns: indexColumns, isUnique: index.isUnique, origin: index.origin, isPartial: index.isPartial))
        }
        let keyRows = try conn.migrationRows(
            "SELECT id, seq, \"table\", \"from\", \"to\", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq",
            arguments: [name]
        ) { row in
            (id: row.int64(at: 0), table: row.string(at: 2), from: row.string(at: 3),
             to: row.isNull(at: 4) ? nil : row.string(at: 4), onUpdate: row.string(at: 5), onDelete: row.string(at: 6))
        }
        var foreignKeys: [LiveForeignKey] = []
        var currentID: Int64?
        for key in keyRows {
            if key.id != currentID {
                currentID = key.id
                foreignKeys.append(LiveForeignKey(
                    columns: [], targetTable: key.table, targetColumns: [], onDelete: key.onDelete, onUpdate: key.onUpdate))
            }
            foreignKeys[foreignKeys.count - 1].columns.append(key.from)
            foreignKeys[foreignKeys.count - 1].targetColumns.append(key.to ?? LiveForeignKey.targetKey)
        }
        return LiveTable(name: name, columns: columns, indexes: liveIndexes, foreignKeys: foreignKeys)
    }
}

struct LiveColumn: Hashable {
    var name: String
    /// The declared type as written (`INTEGER`, or empty).
    var type: String
    var isNotNull: Bool
    /// The `DEFAULT` expression as written, or nil.
    var defaultSQL: String?
    /// 1-based position in the primary key, 0 when not part of it.
    var primaryKeyPosition: Int

    /// The table's columns in declaration order; empty when the table does not exist.
    static func read(table: String, _ conn: Connection) throws -> [LiveColumn] {
        try conn.migrationRows(
            "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [table]
        ) { row in
            LiveColumn(
                name: row.string(at: 0), type: row.string(at: 1), isNotNull: row.int64(at: 2) != 0,
                defaultSQL: row.isNull(at: 3) ? nil : row.string(at: 3), primaryKeyPosition: Int(row.int64(at: 4)))
        }
    }

    /// A column definition that recreates this column's type, nullability and default (used to keep
    /// columns the schema does not declare through a table rebuild).
    var definition: String {
        var parts = [quoteIdentifier(name)]
        if !type.isEmpty { parts.append(type) }
        if isNotNull { parts.append("NOT NULL") }
        if let defaultSQL { parts.append("DEFAULT \(defaultSQL)") }
        return parts.joined(separator: " ")
    }
}

struct LiveIndex: Hashable {
    /// Stands for an expression in `columns` (`pragma_index_info` reports no name for it).
    static let expression = "<expression>"

    var name: String
    /// Indexed column names in order; `LiveIndex.expression` for an indexed expression.
    var columns: [String]
    var isUnique: Bool
    /// `c` (CREATE INDEX), `u` (UNIQUE constraint) or `pk` (PRIMARY KEY).
    var origin: String
    /// Whether the index has a `WHERE` clause (a soft-deleted model's live-rows-only unique index).
    var isPartial = false
}

struct LiveForeignKey: Hashable {
    /// Stands for a target column the key does not name (`REFERENCES t` without columns: t's primary key).
    static let targetKey = "<primary key>"

    var columns: [String]
    var targetTable: String
    var targetColumns: [String]
    var onDelete: String
    var onUpdate: String

    /// `(author_id) → authors(id) ON DELETE CASCADE ON UPDATE NO ACTION`.
    var description: String {
        "(\(columns.joined(separator: ", "))) → \(targetTable)(\(targetColumns.joined(separator: ", "))) "
            + "ON DELETE \(onDelete) ON UPDATE \(onUpdate)"
    }

    /// The table constraint that recreates this key in a table rebuild: `FOREIGN KEY ("a", "b") REFERENCES "t"
    /// ("x", "y") ON DELETE … ON UPDATE …` (without a column list when the key names none).
    var constraintDefinition: String {
        let target = targetColumns.contains(Self.targetKey) ? "" : " (" + targetColumns.map(quoteIdentifier).joined(separator: ", ") + ")"
        return "FOREIGN KEY (" + columns.map(quoteIdentifier).joined(separator: ", ") + ") REFERENCES "
            + quoteIdentifier(targetTable) + target + " ON DELETE \(onDelete) ON UPDATE \(onUpdate)"
    }

    /// Compares names case-insensitively.
    func matches(_ other: LiveForeignKey) -> Bool {
        columns.map { $0.sqlName } == other.columns.map { $0.sqlName }
            && targetTable.sqlName == other.targetTable.sqlName
            && targetColumns.map { $0.sqlName } == other.targetColumns.map { $0.sqlName }
            && onDelete == other.onDelete && onUpdate == other.onUpdate
    }
}

extension Connection {
    /// Runs one query and decodes each row with `decode`.
    func migrationRows<T>(_ sql: String, arguments: StatementArguments = [], _ decode: (Row) throws -> T) throws -> [T] {
        try withStatement(sql) { statement in
            try statement.bind(arguments)
            var values: [T] = []
            try statement.forEachRow { values.append(try decode($0)) }
            return values
        }
    }

    /// Runs one query returning a single integer (`PRAGMA user_version`, `SELECT EXISTS …`).
    func migrationInteger(_ sql: String, arguments: StatementArguments = []) throws -> Int64 {
        try migrationRows(sql, arguments: arguments) { $0.int64(at: 0) }.first ?? 0
    }
}

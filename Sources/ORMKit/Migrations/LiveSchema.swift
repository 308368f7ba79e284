import ORMKitSQLite
import ORMSchema

/// The schema of a database as SQLite reports it: the tables of `sqlite_master`, each read by ORMKitSQLite's
/// `SQLiteTable` (the table pragmas, as `ormgen pull` reads them).
struct LiveSchema {
    /// User tables (not `sqlite_*`), keyed by name as SQLite compares names (ASCII case-insensitive).
    var tables: [SQLName: SQLiteTable]
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
        var tables: [SQLName: SQLiteTable] = [:]
        for name in names where !skipped.contains(name.sqlName) {
            if let table = try SQLiteTable.read(name, conn) { tables[name.sqlName] = table }
        }
        return LiveSchema(tables: tables, searchIndexes: searchIndexes)
    }

    /// Names of the user tables, sorted.
    static func tableNames(_ conn: Connection) throws -> [String] {
        try conn.migrationRows(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
        ) { $0.string(at: 0) }
    }

    func table(_ name: String) -> SQLiteTable? { tables[name.sqlName] }
}

extension SQLiteTable {
    /// Reads one table without its generated columns (which a rebuild recreates from the schema or not at all);
    /// nil when it does not exist.
    static func read(_ name: String, _ conn: Connection) throws -> SQLiteTable? {
        guard var table = try SQLiteTable(named: name, in: conn) else { return nil }
        table.columns.removeAll { $0.isGenerated }
        return table
    }

    func column(_ name: String) -> Column? { columns.first { $0.name.sqlName == name.sqlName } }

    /// Primary-key column names in key order.
    var primaryKey: [String] {
        columns.filter { $0.primaryKeyPosition > 0 }.sorted { $0.primaryKeyPosition < $1.primaryKeyPosition }.map(\.name)
    }
}

extension SQLiteTable.Column {
    /// A column definition that recreates this column's type, nullability and default (used to keep
    /// columns the schema does not declare through a table rebuild).
    var definition: String {
        var parts = [quoteIdentifier(name)]
        if !declaredType.isEmpty { parts.append(declaredType) }
        if isNotNull { parts.append("NOT NULL") }
        if let defaultSQL { parts.append("DEFAULT \(defaultSQL)") }
        return parts.joined(separator: " ")
    }
}

extension LiveIndex {
    /// The key columns as names compare (an expression column as nil).
    var columnKeys: [SQLName?] { columns.map { $0?.sqlName } }

    /// The key columns for messages: `(a, b)`, an expression as `<expression>`.
    var columnList: String { columns.map { $0 ?? "<expression>" }.joined(separator: ", ") }
}

extension LiveForeignKey {
    /// `(author_id) → authors(id) ON DELETE CASCADE ON UPDATE NO ACTION`.
    var description: String {
        "(\(columns.joined(separator: ", "))) → \(targetTable)(\(targetColumns.map { $0 ?? "<primary key>" }.joined(separator: ", "))) "
            + "ON DELETE \(onDelete) ON UPDATE \(onUpdate)"
    }

    /// The table constraint that recreates this key in a table rebuild: `FOREIGN KEY ("a", "b") REFERENCES "t"
    /// ("x", "y") ON DELETE … ON UPDATE …` (without a column list when the key names none).
    var constraintDefinition: String {
        let named = targetColumns.compactMap { $0 }
        let target = named.count < targetColumns.count ? "" : " (" + named.map(quoteIdentifier).joined(separator: ", ") + ")"
        return "FOREIGN KEY (" + columns.map(quoteIdentifier).joined(separator: ", ") + ") REFERENCES "
            + quoteIdentifier(targetTable) + target + " ON DELETE \(onDelete) ON UPDATE \(onUpdate)"
    }

    /// Compares names case-insensitively.
    func matches(_ other: LiveForeignKey) -> Bool {
        columns.map { $0.sqlName } == other.columns.map { $0.sqlName }
            && targetTable.sqlName == other.targetTable.sqlName
            && targetColumns.map { $0?.sqlName } == other.targetColumns.map { $0?.sqlName }
            && onDelete == other.onDelete && onUpdate == other.onUpdate
    }
}

extension Connection: SQLiteCatalogReader {
    package func catalogRows(_ sql: String, _ arguments: [String]) throws -> [[SQLiteValue]] {
        try migrationRows(sql, arguments: StatementArguments(arguments.map { .text($0) })) { row in
            (0..<row.columnCount).map { SQLiteValue(row.statement, column: $0) }
        }
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

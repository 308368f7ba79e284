import ORMSchema

/// The static members of a `DatabaseSchema` type, gathered once per migration, with what the migrator
/// derives from them.
struct SchemaDefinition {
    let version: Int
    let tables: [TableSchema]
    /// Sorted by version.
    let migrations: [Migration]
    let seed: [SeedRow]
    /// Indexes created by `addIndex` steps and not dropped by a later `dropIndex`: a fresh database gets
    /// them too, so that fresh and migrated databases have the same schema. Those a table's `indexes` already
    /// list (as `ormgen` emits them) are left out here, so nothing is created twice.
    let migrationIndexes: [(table: String, index: IndexSchema)]

    init<S: DatabaseSchema>(_ schema: S.Type) {
        version = S.version
        tables = S.tables
        migrations = S.migrations.sorted { $0.version < $1.version }
        seed = S.seed
        var indexes: [(table: String, index: IndexSchema)] = []
        for step in migrations.flatMap(\.steps) {
            switch step {
            case let .addIndex(table, index):
                indexes.removeAll { $0.index.name == index.name }
                indexes.append((table, index))
            case let .dropIndex(name):
                indexes.removeAll { $0.index.name == name }
            case let .renameTable(from, to):
                indexes = indexes.map { $0.table == from ? (to, $0.index) : $0 }
            default:
                break
            }
        }
        let declared = Set(tables.flatMap { $0.indexes.map(\.name) })
        migrationIndexes = indexes.filter { !declared.contains($0.index.name) }
    }

    func table(_ name: String) -> TableSchema? { tables.first { $0.name.sqlName == name.sqlName } }

    /// Every index a fresh database of `table` has: declared ones, then those from `addIndex` steps.
    func expectedIndexes(of table: TableSchema) -> [IndexSchema] {
        table.indexes + migrationIndexes.filter { $0.table.sqlName == table.name.sqlName }.map(\.index)
    }

    /// Creates every table and index on an empty database, in order.
    func createAll(_ conn: Connection) throws {
        for table in tables {
            try conn.run(sql: SQLiteDDL().createTable(table.definition), arguments: [])
            for index in expectedIndexes(of: table) { try conn.run(sql: SQLiteDDL().createIndex(index, on: table.name), arguments: []) }
            for sql in SQLiteDDL().searchStatements(for: table.definition) { try conn.run(sql: sql, arguments: []) }
        }
    }

    /// Inserts the seed rows.
    func insertSeed(_ conn: Connection) throws {
        for row in seed {
            let columns = row.columns.map(quoteIdentifier).joined(separator: ", ")
            let parameters = row.columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
            let sql = "INSERT INTO \(quoteIdentifier(row.table)) (\(columns)) VALUES (\(parameters))"
            do {
                try conn.run(sql: sql, arguments: StatementArguments(row.values))
            } catch let error as DatabaseError {
                throw error.inTable(row.table)
            }
        }
    }

    /// The schema a fresh database gets, read back from a private in-memory database.
    func expectedLiveSchema() throws -> LiveSchema {
        let scratch = try Database.inMemory()
        defer { try? scratch.close() }
        return try scratch.withConnection { conn in
            try createAll(conn)
            return try LiveSchema.read(conn)
        }
    }

    /// The differences between the live schema and `expectedLiveSchema()`. A key column the file lets hold NULL
    /// (tolerated by the comparison) blocks when a row holds a NULL key: the field cannot read it.
    func differences(_ conn: Connection) throws -> [SchemaDifference] {
        try SchemaComparison.differences(expected: try expectedLiveSchema(), actual: try LiveSchema.read(conn)).map { difference in
            guard difference.kind == .columnNullability, difference.isTolerated, let column = difference.name else { return difference }
            let nullKeys = try conn.migrationRows(
                "SELECT 1 FROM \(quoteIdentifier(difference.table)) WHERE \(quoteIdentifier(column)) IS NULL LIMIT 1"
            ) { _ in true }
            guard !nullKeys.isEmpty else { return difference }
            return SchemaDifference(
                kind: .columnNullability, table: difference.table, name: column, expected: "NOT NULL",
                actual: "NULL, and a row holds a NULL key")
        }
    }
}

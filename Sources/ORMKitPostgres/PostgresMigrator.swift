#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMSchema
import PostgresNIO

extension PostgresDatabase {
    /// See `DatabaseWriter.migrate(_:adopting:hooks:)`: creates the schema on an empty database, or upgrades it
    /// from the version it records, on the primary.
    ///
    /// Everything runs in one transaction (PostgreSQL's DDL is transactional): a failing step leaves the schema
    /// and rows as they were. A transaction-level advisory lock makes concurrent callers (app instances starting at
    /// once) wait, so the migration runs exactly once (and no lock outlives the transaction behind a pooler that
    /// hands each transaction another server connection). The version is kept in the table `ormkit_schema_version`.
    /// Explicit steps run as `ALTER TABLE` (rename, drop, alter column type/nullability/default), `sql:` steps as
    /// written, hooks with the migration's session; then tables, columns and indexes the schema has and the
    /// database lacks are added. With `adopting: .ifMatching`, a database with tables and no version is adopted
    /// (its version recorded, nothing else changed) when ``schemaDifferences(_:)`` reports nothing blocking.
    ///
    /// - Throws: `MigrationError` (`newerDatabase`, `unversionedDatabase`, `adoptionRefused`, `missingHooks`,
    ///   `stepFailed`, …) or `DatabaseError`.
    @discardableResult
    public func migrate<S: DatabaseSchema>(
        _ schema: S.Type, adopting adoption: AdoptionPolicy, hooks: [String: MigrationHook]
    ) async throws -> MigrationOutcome {
        do {
            return try await primary.withConnection { connection in
                // Unprepared: a step may change a table that a prepared statement was planned for.
                let session = PostgresSession(
                    connection: connection, isWritable: true, traceSetting: tracer, preparation: StatementPreparationSwitch(isOn: false),
                    instrumentation: primary.instrumentation
                )
                return try await PostgresMigrator<S>(session: session, hooks: hooks, adoption: adoption).run()
            }
        } catch {
            throw translated(error, sql: nil)
        }
    }

    /// The schema version the database records (0 when it has none).
    ///
    /// - Throws: `DatabaseError`.
    public func schemaVersion() async throws -> Int {
        try await read(from: .primary) { try await PostgresMigrator<NoSchema>.version(in: $0) }
    }

    /// How the live tables differ from `schema`: missing tables and columns, column types and nullability, as
    /// `information_schema` reports them. Empty when they match.
    ///
    /// - Throws: `DatabaseError`.
    public func schemaDifferences<S: DatabaseSchema>(_ schema: S.Type) async throws -> [SchemaDifference] {
        try await read(from: .primary) { try await PostgresMigrator<S>(session: $0, hooks: [:]).differences() }
    }
}

extension PostgresSession {
    /// See `DatabaseWriter.migrate(_:adopting:hooks:)`: the migration in a savepoint of this session's transaction,
    /// under a transaction-level advisory lock.
    ///
    /// - Throws: `MigrationError`, or `DatabaseError` (`.misuse` in a read session).
    @discardableResult
    public func migrate<S: DatabaseSchema>(
        _ schema: S.Type, adopting adoption: AdoptionPolicy, hooks: [String: MigrationHook]
    ) async throws -> MigrationOutcome {
        return try await atomicWrite("migrate", table: "") { session in
            try await session.execute(sql: "SELECT pg_advisory_xact_lock(\(PostgresMigrator<S>.lockKey))")
            return try await PostgresMigrator<S>(session: session, hooks: hooks, adoption: adoption).migrate()
        }
    }

    /// See `DatabaseReader`: read in this session's transaction.
    public func schemaVersion() async throws -> Int {
        try await PostgresMigrator<NoSchema>.version(in: self)
    }

    /// See `DatabaseReader`: read in this session's transaction.
    public func schemaDifferences<S: DatabaseSchema>(_ schema: S.Type) async throws -> [SchemaDifference] {
        try await PostgresMigrator<S>(session: self, hooks: [:]).differences()
    }
}

/// A schema with no tables, for reading the version.
private enum NoSchema: DatabaseSchema {
    static let version = 0
    static let tables: [TableSchema] = []
    static let migrations: [Migration] = []
    static let seed: [SeedRow] = []
}

/// One migration, on a session whose transaction holds the advisory lock.
struct PostgresMigrator<S: DatabaseSchema> {
    /// The advisory lock key: the bytes of "ormkit_m" as a 64-bit integer.
    static var lockKey: Int64 { 0x6F726D6B_69745F6D }

    let session: PostgresSession
    let hooks: [String: MigrationHook]
    var adoption = AdoptionPolicy.never

    /// - Throws: `MigrationError.missingHooks` naming every hook that a version after `current` needs and
    ///   `hooks` lacks (checked before any step runs).
    func run() async throws -> MigrationOutcome {
        try await session.execute(sql: "BEGIN")
        do {
            try await session.execute(sql: "SELECT pg_advisory_xact_lock(\(Self.lockKey))")
            let outcome = try await migrate()
            try session.requireCommittable()
            try await session.settleSequences()
            try await session.execute(sql: "COMMIT")
            return outcome
        } catch {
            try? await session.execute(sql: "ROLLBACK")
            throw error
        }
    }

    func migrate() async throws -> MigrationOutcome {
        try await session.execute(sql: "CREATE TABLE IF NOT EXISTS ormkit_schema_version (version INTEGER NOT NULL)")
        let current = try await Self.version(in: session)
        if current > S.version { throw MigrationError.newerDatabase(databaseVersion: current, schemaVersion: S.version) }
        if current == 0 {
            let existing = try await liveTables()
            if !existing.isEmpty { return try await adopt(existing) }
            try await addEnumTypes()
            try await createAll()
            try await seed()
            try await setVersion(S.version)
            return .created(version: S.version)
        }
        if current == S.version { return .upToDate(version: current) }
        try S.migrations.checkHooks(after: current, upTo: S.version, registered: hooks)
        try await addEnumTypes()
        for migration in S.migrations where migration.version > current && migration.version <= S.version {
            for (index, step) in migration.steps.enumerated() {
                do {
                    try await apply(step)
                } catch {
                    throw MigrationError.stepFailed(version: migration.version, step: "step \(index + 1) (\(step))", underlying: error)
                }
            }
        }
        try await addMissing()
        try await setVersion(S.version)
        return .upgraded(from: current, to: S.version)
    }

    /// Records the schema's version on a database that has `tables` and no version, when `adoption` allows it
    /// and nothing blocking differs; changes nothing else.
    ///
    /// - Throws: `MigrationError.unversionedDatabase` (adoption `.never`) or `.adoptionRefused` with every
    ///   blocking difference.
    private func adopt(_ tables: Set<String>) async throws -> MigrationOutcome {
        guard adoption == .ifMatching else { throw MigrationError.unversionedDatabase(tables: tables.sorted()) }
        let blocking = try await differences().filter { !$0.isTolerated }
        if !blocking.isEmpty { throw MigrationError.adoptionRefused(differences: blocking, storage: []) }
        try await setVersion(S.version)
        return .adopted(version: S.version)
    }

    static func version(in session: PostgresSession) async throws -> Int {
        let exists = try await session.fetchOne("SELECT to_regclass('ormkit_schema_version') IS NOT NULL", []) { try $0.decode(at: 0) as Bool }
        guard exists == true else { return 0 }
        return try await session.fetchOne("SELECT version FROM ormkit_schema_version LIMIT 1", []) { try $0.decode(at: 0) as Int } ?? 0
    }

    private func setVersion(_ version: Int) async throws {
        try await session.execute(sql: "DELETE FROM ormkit_schema_version")
        try await session.execute(sql: "INSERT INTO ormkit_schema_version (version) VALUES ($1)", arguments: [version])
    }

    private func liveTables() async throws -> Set<String> {
        Set(try await session.fetchAll(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'ormkit_schema_version'",
            []
        ) { try $0.decode(at: 0) as String })
    }

    /// Each column's `data_type` (an enum type's name for `USER-DEFINED`) and nullability.
    private func liveColumns(_ table: String) async throws -> [String: (type: String, isNullable: Bool)] {
        let rows = try await session.fetchAll(
            "SELECT column_name, CASE WHEN data_type = 'USER-DEFINED' THEN udt_name ELSE data_type END, is_nullable "
                + "FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
            [.text(table)]
        ) { row in (try row.decode(at: 0) as String, try row.decode(at: 1) as String, try row.decode(at: 2) as String == "YES") }
        return Dictionary(rows.map { ($0.0, (type: $0.1, isNullable: $0.2)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every table and index, then the foreign keys of reference cycles (`SchemaDialect.statements(for:)`).
    private func createAll() async throws {
        for sql in PostgreSQLDDL().statements(for: S.tables.map(\.definition)) { try await session.execute(sql: sql) }
    }

    /// The labels of the enum type `name` in its order, or nil when there is no such type.
    private func enumLabels(_ name: String) async throws -> [String]? {
        let exists = try await session.fetchOne("SELECT to_regtype($1) IS NOT NULL", [.text(quoteIdentifier(name))]) { try $0.decode(at: 0) as Bool }
        guard exists == true else { return nil }
        return try await session.fetchAll(
            "SELECT enumlabel::text FROM pg_enum WHERE enumtypid = to_regtype($1) ORDER BY enumsortorder", [.text(quoteIdentifier(name))]
        ) { try $0.decode(at: 0) as String }
    }

    /// Creates the schema's enum types the database lacks, and adds the labels an existing one lacks (a label the
    /// schema no longer lists stays: PostgreSQL cannot drop one).
    private func addEnumTypes() async throws {
        for (name, labels) in PostgreSQLDDL.enumTypes(of: S.tables.map(\.definition)) {
            guard let live = try await enumLabels(name) else {
                try await session.execute(sql: PostgreSQLDDL.createEnumType(name, labels: labels))
                continue
            }
            for sql in PostgreSQLDDL.addEnumLabels(name, labels: labels, existing: live) { try await session.execute(sql: sql) }
        }
    }

    private func seed() async throws {
        var seeded: Set<String> = []
        for row in S.seed {
            let table = S.tables.first { $0.name == row.table }
            let values = zip(row.columns, row.wireValues).map { column, value in
                // An enum's text goes untyped, so that a PostgreSQL enum type takes it.
                guard case .text(let text) = value, case .enumeration? = table?.column(named: column)?.kind else { return value }
                return WireValue.enumLabel(text)
            }
            let columns = row.columns.map(quoteIdentifier).joined(separator: ", ")
            let parameters = values.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
            try await session.run("INSERT INTO \(quoteIdentifier(row.table)) (\(columns)) VALUES (\(parameters))", values) { _ in }
            seeded.insert(row.table)
        }
        for table in S.tables where seeded.contains(table.name) && table.isAutoIncrement && table.primaryKey.count == 1 {
            try await session.advanceSequence(table: table.name, column: table.primaryKey[0])
        }
    }

    private func apply(_ step: MigrationStep) async throws {
        switch step {
        case .renameColumn(let table, let from, let to):
            try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(table)) RENAME COLUMN \(quoteIdentifier(from)) TO \(quoteIdentifier(to))")
        case .renameTable(let from, let to):
            try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(from)) RENAME TO \(quoteIdentifier(to))")
        case .dropColumn(let table, let column):
            try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(table)) DROP COLUMN \(quoteIdentifier(column))")
        case .alterColumn(let table, let column):
            try await alter(table: table, column: column)
        case .addIndex(let table, let index):
            try await session.execute(sql: PostgreSQLDDL().createIndex(index, on: table))
        case .dropIndex(let name):
            try await session.execute(sql: "DROP INDEX IF EXISTS \(quoteIdentifier(name))")
        case .sql(let sql):
            try await session.execute(sql: sql)
        case .hook(let name):
            guard let hook = hooks[name] else { throw MigrationError.missingHooks(names: [name]) }
            try await hook(session)
        }
    }

    /// `ALTER TABLE … ALTER COLUMN` to the column's type, nullability and default in the schema.
    private func alter(table: String, column: String) async throws {
        guard let schema = S.tables.first(where: { $0.name == table })?.column(named: column) else {
            throw DatabaseError(kind: .misuse, message: "the schema has no column \(column)", table: table, column: column)
        }
        let ddl = PostgreSQLDDL(), name = quoteIdentifier(column), type = ddl.columnType(schema)
        var actions = ["ALTER COLUMN \(name) TYPE \(type) USING \(name)::\(type)"]
        actions.append("ALTER COLUMN \(name) " + (ddl.defaultSQL(of: schema).map { "SET DEFAULT \($0)" } ?? "DROP DEFAULT"))
        actions.append("ALTER COLUMN \(name) " + (schema.isNullable ? "DROP NOT NULL" : "SET NOT NULL"))
        try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(table)) \(actions.joined(separator: ", "))")
    }

    /// Creates missing tables, adds missing columns and indexes.
    private func addMissing() async throws {
        let existing = try await liveTables()
        for table in S.tables {
            let ddl = PostgreSQLDDL()
            guard existing.contains(table.name) else {
                for sql in table.createStatements(in: ddl) { try await session.execute(sql: sql) }
                continue
            }
            let columns = try await liveColumns(table.name)
            for column in table.columns where columns[column.name] == nil {
                let definition = ddl.columnDefinition(column, in: table.definition)
                try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(table.name)) ADD COLUMN \(definition)")
            }
            try await dropUniquesHeldForLiveRows(of: table)
            try await dropIndexesThatChangedRows(of: table)
            for index in table.indexes { try await session.execute(sql: ddl.createIndex(index, on: table.name)) }
            let live = try await liveSearchSignature(table.name)
            for sql in ddl.fullText.migrationStatements(for: table.definition, live: live) { try await session.execute(sql: sql) }
        }
    }

    /// Drops the `UNIQUE` constraints on columns whose uniqueness the schema now holds for live rows only (a model
    /// given `softDelete:`: its `unique: true` columns become partial unique indexes), so a soft-deleted row stops
    /// taking its values; the partial indexes are created next.
    private func dropUniquesHeldForLiveRows(of table: TableSchema) async throws {
        for constraint in try await uniquesHeldForLiveRows(of: table) {
            try await session.execute(sql: "ALTER TABLE \(quoteIdentifier(table.name)) DROP CONSTRAINT \(quoteIdentifier(constraint.name))")
        }
    }

    /// Drops a declared index that covers other rows than the schema says (a unique index of a model given
    /// `softDelete:` now holds for live rows only, or the other way round): it is created again next.
    private func dropIndexesThatChangedRows(of table: TableSchema) async throws {
        let partial = try await session.fetchAll(
            "SELECT c.relname::text, i.indpred IS NOT NULL FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                + "WHERE i.indrelid = to_regclass($1)",
            [.text(quoteIdentifier(table.name))]
        ) { row in (name: try row.decode(at: 0) as String, isPartial: try row.decode(at: 1) as Bool) }
        for index in table.indexes {
            guard let live = partial.first(where: { $0.name == index.name }), live.isPartial != (index.onlyWhereNull != nil) else { continue }
            try await session.execute(sql: "DROP INDEX \(quoteIdentifier(index.name))")
        }
    }

    /// The table's `UNIQUE` constraints on the columns of one of its partial unique indexes (live rows only).
    private func uniquesHeldForLiveRows(of table: TableSchema) async throws -> [(name: String, columns: String)] {
        let liveOnly = Set(table.indexes.filter(\.isUniqueAmongLiveRows).map { $0.columns.joined(separator: ", ") })
        guard !liveOnly.isEmpty else { return [] }
        let constraints = try await session.fetchAll(
            "SELECT c.conname::text, string_agg(a.attname::text, ', ' ORDER BY k.position) FROM pg_constraint c "
                + "CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(number, position) "
                + "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.number "
                + "WHERE c.conrelid = to_regclass($1) AND c.contype = 'u' GROUP BY c.conname",
            [.text(quoteIdentifier(table.name))]
        ) { row in (name: try row.decode(at: 0) as String, columns: try row.decode(at: 1) as String) }
        return constraints.filter { liveOnly.contains($0.columns) }
    }

    /// The comment of the table's `tsvector` column that describes its full-text index, or nil.
    private func liveSearchSignature(_ table: String) async throws -> String? {
        try await session.fetchOne(PostgreSQLFullText().liveSignatureQuery(forTable: table), []) { try $0.decode(at: 0) as String? } ?? nil
    }

    /// Missing tables and columns, columns whose nullability or type family differs, full-text indexes that differ
    /// from `search:`, `UNIQUE` constraints on columns unique among live rows only.
    func differences() async throws -> [SchemaDifference] {
        let existing = try await liveTables()
        var differences: [SchemaDifference] = []
        for table in S.tables {
            guard existing.contains(table.name) else {
                differences.append(SchemaDifference(kind: .missingTable, table: table.name))
                continue
            }
            let expectedSearch = table.search.map { PostgreSQLFullText().signature(for: table.definition, search: $0) }
            if let difference = SchemaDifference.searchIndex(
                of: table.name, expected: expectedSearch, actual: try await liveSearchSignature(table.name)) {
                differences.append(difference)
            }
            for constraint in try await uniquesHeldForLiveRows(of: table) {
                differences.append(SchemaDifference(kind: .extraUniqueConstraint, table: table.name, name: constraint.columns))
            }
            let columns = try await liveColumns(table.name)
            for column in table.columns {
                guard let live = columns[column.name] else {
                    differences.append(SchemaDifference(kind: .missingColumn, table: table.name, name: column.name))
                    continue
                }
                if live.isNullable != column.isNullable {
                    differences.append(SchemaDifference(
                        kind: .columnNullability, table: table.name, name: column.name,
                        expected: column.isNullable ? "NULL" : "NOT NULL", actual: live.isNullable ? "NULL" : "NOT NULL"
                    ))
                }
                if !PostgreSQLDDL().accepts(live: live.type, for: column) {
                    let expected = PostgreSQLDDL().columnType(column)
                    differences.append(SchemaDifference(kind: .columnType, table: table.name, name: column.name, expected: expected, actual: live.type))
                } else if case let .enumeration(_, labels, typeName?) = column.kind, let live = try await enumLabels(typeName), live != labels {
                    // Another order sorts otherwise; a label either side lacks is a value one cannot take.
                    differences.append(SchemaDifference(
                        kind: .columnType, table: table.name, name: column.name,
                        expected: "\(typeName) (\(labels.joined(separator: ", ")))", actual: "\(typeName) (\(live.joined(separator: ", ")))"
                    ))
                }
            }
        }
        return differences
    }
}
#endif

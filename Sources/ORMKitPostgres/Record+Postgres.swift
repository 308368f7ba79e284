#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema
import PostgresNIO

// Record operations on PostgreSQL: the same calls as on SQLite, with a `PostgresDatabase` or `PostgresSession`.

extension Record {
    /// The record's encoded columns, in `schema.columns` order.
    func wireColumns() throws -> [WireValue] {
        var encoder = WireEncoder(parameterCount: Self.schema.columns.count)
        do {
            try encode(to: &encoder)
        } catch let error as DatabaseError {
            throw error.kind == .encoding ? DatabaseError(
                kind: error.kind, message: error.message, table: Self.schema.name, column: error.column
            ) : error
        }
        return encoder.values
    }

    /// `key`'s encoded columns, in `schema.primaryKey` order.
    static func wireKey(_ key: PrimaryKey) throws -> [WireValue] {
        var encoder = WireEncoder(parameterCount: schema.primaryKey.count)
        try encode(key: key, to: &encoder)
        return encoder.values
    }

    /// Fetches the record with primary key `key`, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public static func find(_ db: some PostgresExecutor, _ key: PrimaryKey) async throws -> Self? {
        let find = try PostgresRecordSQL.of(Self.self).requireKeyed(schema.name).find
        let key = try wireKey(key)
        return try await db.withSession(writing: false) { try await $0.fetchOne(find, key, table: Self.schema.name, Self.init(row:)) }
    }

    /// Fetches the records with these keys (in no particular order; missing keys are skipped).
    ///
    /// - Throws: `DatabaseError`.
    public static func find(_ db: some PostgresExecutor, keys: some Sequence<PrimaryKey>) async throws -> [Self] {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let keyed = try recordSQL.requireKeyed(schema.name)
        let keys = try keys.map(wireKey)
        guard !keys.isEmpty else { return [] }
        if recordSQL.keyPositions.count == 1 {
            let sql = "\(recordSQL.selectAll) WHERE \(recordSQL.table).\(quoteIdentifier(schema.primaryKey[0])) = ANY($1)"
            return try await db.withSession(writing: false) { session in
                try await session.fetchAll(sql, arrayOf: keys.map { $0[0] }, table: schema.name, Self.init(row:))
            }
        }
        return try await db.withSession(writing: false) { session in
            var found: [Self] = []
            for key in keys {
                if let record = try await session.fetchOne(keyed.find, key, table: Self.schema.name, Self.init(row:)) {
                    found.append(record)
                }
            }
            return found
        }
    }

    /// Whether a row with primary key `key` exists.
    ///
    /// - Throws: `DatabaseError`.
    public static func exists(_ db: some PostgresExecutor, key: PrimaryKey) async throws -> Bool {
        let exists = try PostgresRecordSQL.of(Self.self).requireKeyed(schema.name).exists
        let key = try wireKey(key)
        return try await db.withSession(writing: false) { session in
            try await session.fetchOne(exists, key, table: Self.schema.name) { try $0.decode(at: 0) as Bool }
        } ?? false
    }

    /// Fetches every row of the table.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchAll(_ db: some PostgresExecutor) async throws -> [Self] {
        // Unprepared, as cursors: over a whole table, the extra asynchronous `map` that postgres-nio's
        // prepared-statement API runs for every row costs more than parsing the statement once.
        let selectAll = PostgresRecordSQL.of(Self.self).selectAll
        return try await db.withSession(writing: false) { try await $0.fetchAll(selectAll, [], table: Self.schema.name, Self.init(row:)) }
    }

    /// Fetches the first row of the table, or nil.
    ///
    /// - Throws: `DatabaseError`.
    public static func fetchOne(_ db: some PostgresExecutor) async throws -> Self? {
        let sql = PostgresRecordSQL.of(Self.self).selectAll + " LIMIT 1"
        return try await db.withSession(writing: false) { try await $0.fetchOne(sql, [], table: schema.name, Self.init(row:)) }
    }

    /// The number of rows in the table.
    ///
    /// - Throws: `DatabaseError`.
    public static func count(_ db: some PostgresExecutor) async throws -> Int {
        try await all().count(db)
    }

    /// Inserts the record; an auto-increment key that is nil is assigned by the server (`RETURNING`) and stored
    /// in the record.
    ///
    /// - Throws: `DatabaseError` (`isUniqueViolation`, … on a constraint violation).
    public mutating func insert(_ db: some PostgresExecutor) async throws {
        let record = self
        self = try await db.withSession(writing: true) { try await record.inserted(in: $0) }
    }

    /// The record after inserting it in `session`, with its assigned key.
    func inserted(in session: PostgresSession) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns()
        var record = self
        if let assigning = recordSQL.insertAssigningKey, let key = recordSQL.keyPositions.first, values[key].isNull {
            try await session.settleSequences(of: Self.schema.name)
            let id = try await session.fetchOne(assigning, assigning.arguments(values), table: Self.schema.name) {
                try $0.decode(at: 0) as Int64
            }
            if let id { record.didInsert(rowID: id) }
            return record
        }
        let insert = recordSQL.insert
        try await session.run(insert, insert.arguments(values), table: Self.schema.name) { _ in }
        recordSQL.noteExplicitKey(in: values, session: session, table: Self.schema.name)
        return record
    }

    /// Inserts `records` in one transaction; returns them with their assigned keys.
    ///
    /// - Throws: `DatabaseError`; nothing is inserted when one fails.
    public static func insert(_ db: some PostgresExecutor, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        let records = Array(records)
        return try await db.withSession(writing: true) { session in
            var inserted: [Self] = []
            inserted.reserveCapacity(records.count)
            for record in records { inserted.append(try await record.inserted(in: session)) }
            return inserted
        }
    }

    /// Updates every column of the row with the record's key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key).
    public func update(_ db: some PostgresExecutor) async throws {
        let update = try PostgresRecordSQL.of(Self.self).requireKeyed(Self.schema.name).update
        let values = try wireColumns()
        let missing = try await db.withSession(writing: true) { session in
            try await session.fetchOne(update, update.arguments(values), table: Self.schema.name) { _ in true } ?? false
        }
        try Self.requireRow(missing: missing)
    }

    /// Updates only `columns` of the row with the record's key.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key, `.misuse` for a column of another table).
    public func update(_ db: some PostgresExecutor, columns: [any ColumnProtocol]) async throws {
        let statement = try PostgresRecordSQL.of(Self.self).update(columns: columns.map(\.name), tableName: Self.schema.name)
        try await runUpdate(db, statement)
    }

    /// Updates every column but `excludedColumns`.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key).
    public func update(_ db: some PostgresExecutor, allColumnsExcept excludedColumns: [any ColumnProtocol]) async throws {
        let excluded = Set(excludedColumns.map(\.name))
        let names = Self.schema.columns.map(\.name).filter { !excluded.contains($0) && !Self.schema.primaryKey.contains($0) }
        let statement = try PostgresRecordSQL.of(Self.self).update(columns: names, tableName: Self.schema.name)
        try await runUpdate(db, statement)
    }

    /// Runs `statement`, an UPDATE of some columns built for this call (unprepared).
    private func runUpdate(_ db: some PostgresExecutor, _ statement: PostgresStatement) async throws {
        let values = try wireColumns()
        let missing = try await db.withSession(writing: true) { session in
            try await session.fetchOne(statement.sql, statement.arguments(values), table: Self.schema.name) { _ in true } ?? false
        }
        try Self.requireRow(missing: missing)
    }

    private static func requireRow(missing: Bool) throws {
        guard !missing else {
            throw DatabaseError(kind: .recordNotFound, message: "no row has the record's primary key", table: Self.schema.name)
        }
    }

    /// Updates the row with the record's key, or inserts the record when there is none (or its key is nil).
    ///
    /// - Throws: `DatabaseError`.
    public mutating func save(_ db: some PostgresExecutor) async throws {
        let record = self
        self = try await db.withSession(writing: true) { try await record.saved(in: $0) }
    }

    func saved(in session: PostgresSession) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns()
        if let keyed = recordSQL.keyed, !recordSQL.keyPositions.contains(where: { values[$0].isNull }) {
            let missing = try await session.fetchOne(keyed.update, keyed.update.arguments(values), table: Self.schema.name) { _ in true }
            if missing == nil { return self }
        }
        return try await inserted(in: session)
    }

    /// Inserts the record, or updates the row with the same primary key (`ON CONFLICT … DO UPDATE`).
    ///
    /// - Throws: `DatabaseError`.
    public mutating func upsert(_ db: some PostgresExecutor) async throws {
        let record = self
        self = try await db.withSession(writing: true) { try await record.upserted(in: $0, onConflict: nil) }
    }

    /// Inserts the record, or updates the row with the same values in `conflictColumns` (a unique index).
    ///
    /// - Throws: `DatabaseError`.
    public mutating func upsert(_ db: some PostgresExecutor, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        let record = self
        let names = conflictColumns.map(\.name)
        self = try await db.withSession(writing: true) { try await record.upserted(in: $0, onConflict: names) }
    }

    /// Upserts `records` in one transaction by primary key; returns them with their keys.
    ///
    /// - Throws: `DatabaseError`; nothing is written when one fails.
    public static func upsert(_ db: some PostgresExecutor, contentsOf records: some Sequence<Self>) async throws -> [Self] {
        let records = Array(records)
        return try await db.withSession(writing: true) { session in
            var upserted: [Self] = []
            upserted.reserveCapacity(records.count)
            for record in records { upserted.append(try await record.upserted(in: session, onConflict: nil)) }
            return upserted
        }
    }

    func upserted(in session: PostgresSession, onConflict names: [String]?) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns()
        let assigningKey = recordSQL.insertAssigningKey != nil && recordSQL.keyPositions.first.map { values[$0].isNull } == true
        if names == nil, assigningKey { return try await inserted(in: session) }
        if !assigningKey { recordSQL.noteExplicitKey(in: values, session: session, table: Self.schema.name) }
        guard let names else {
            // By primary key: the row's key is the record's own.
            let upsert = try recordSQL.requireKeyed(Self.schema.name).upsert
            try await session.run(upsert, upsert.arguments(values), table: Self.schema.name) { _ in }
            return self
        }
        // By other columns, an existing row keeps its own key: the statement returns it (an auto-increment one).
        let statement = try recordSQL.upsert(onConflict: names, assigningKey: assigningKey, tableName: Self.schema.name)
        let id = try await session.fetchOne(statement.sql, statement.arguments(values), table: Self.schema.name) { row in
            recordSQL.autoIncrementColumn == nil ? nil : try row.decode(at: 0) as Int64?
        }
        var record = self
        if let id = id ?? nil { record.didInsert(rowID: id) }
        return record
    }

    /// Deletes the row with the record's key; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func delete(_ db: some PostgresExecutor) async throws -> Bool {
        let delete = try PostgresRecordSQL.of(Self.self).requireKeyed(Self.schema.name).deleteRecord
        let values = try wireColumns()
        return try await db.withSession(writing: true) { session in
            try await session.fetchOne(delete, delete.arguments(values), table: Self.schema.name) { _ in true } ?? false
        }
    }

    /// Deletes the row with primary key `key`; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public static func delete(_ db: some PostgresExecutor, key: PrimaryKey) async throws -> Bool {
        let delete = try PostgresRecordSQL.of(Self.self).requireKeyed(schema.name).deleteByKey
        let key = try wireKey(key)
        return try await db.withSession(writing: true) { try await $0.fetchOne(delete, key, table: Self.schema.name) { _ in true } ?? false }
    }

    /// Deletes the rows with these keys; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public static func delete(_ db: some PostgresExecutor, keys: some Sequence<PrimaryKey>) async throws -> Int {
        let delete = try PostgresRecordSQL.of(Self.self).requireKeyed(schema.name).deleteByKey
        let keys = try keys.map(wireKey)
        return try await db.withSession(writing: true) { session in
            var deleted = 0
            for key in keys where try await session.fetchOne(delete, key, table: Self.schema.name, { _ in true }) == true {
                deleted += 1
            }
            return deleted
        }
    }

    /// Deletes every row of the table; returns how many there were.
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public static func deleteAll(_ db: some PostgresExecutor) async throws -> Int {
        try await all().deleteAll(db)
    }
}

extension KeyedRecord {
    /// Inserts the record (its key is set by the app).
    ///
    /// - Throws: `DatabaseError`.
    public func insert(_ db: some PostgresExecutor) async throws {
        _ = try await db.withSession(writing: true) { try await self.inserted(in: $0) }
    }

    /// Updates the row with the record's key, or inserts the record.
    ///
    /// - Throws: `DatabaseError`.
    public func save(_ db: some PostgresExecutor) async throws {
        _ = try await db.withSession(writing: true) { try await self.saved(in: $0) }
    }

    /// Inserts the record or updates the row with its key.
    ///
    /// - Throws: `DatabaseError`.
    public func upsert(_ db: some PostgresExecutor) async throws {
        _ = try await db.withSession(writing: true) { try await self.upserted(in: $0, onConflict: nil) }
    }

    /// Inserts the record or updates the row with the same values in `conflictColumns`.
    ///
    /// - Throws: `DatabaseError`.
    public func upsert(_ db: some PostgresExecutor, onConflict conflictColumns: [any ColumnProtocol]) async throws {
        let names = conflictColumns.map(\.name)
        _ = try await db.withSession(writing: true) { try await self.upserted(in: $0, onConflict: names) }
    }
}

extension PostgresSession {
    /// Moves `table`'s identity sequence for `column` past the largest key, after rows were inserted with keys.
    func advanceSequence(table: String, column: String) async throws {
        let sql = "SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT COALESCE(MAX(\(quoteIdentifier(column))), 0) FROM \(quoteIdentifier(table))), 1))"
        try await run(sql, [.text(quoteIdentifier(table)), .text(column)]) { _ in }
    }

    /// The rows of `sql` whose only parameter is the array `values` (`= ANY($1)`), decoded by `decode`.
    func fetchAll<T>(
        _ sql: String, arrayOf values: [WireValue], table: String?, _ decode: (WireRow) throws -> T
    ) async throws -> [T] {
        var bindings = PostgresBindings()
        try bindings.append(array: values)
        var results: [T] = []
        try await run(sql, bindings: bindings, table: table) { results.append(try decode($0)) }
        return results
    }
}
#endif

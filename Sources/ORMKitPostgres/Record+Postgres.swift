#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema
import PostgresNIO

// How one record is written on PostgreSQL, inside a session: what the engine's requirements (Engine+Postgres.swift) run.

extension Record {
    /// The record's encoded columns, in `schema.columns` order (`recordSQL`: its table's statements).
    func wireColumns(_ recordSQL: PostgresRecordSQL) throws -> [WireValue] {
        var encoder = WireEncoder(parameterCount: recordSQL.columns.count)
        do {
            try encode(to: &encoder)
        } catch let error as DatabaseError {
            throw error.kind == .encoding ? DatabaseError(
                kind: error.kind, message: error.message, table: recordSQL.tableName, column: error.column
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

    /// The record after inserting it in `session`, with its assigned key.
    func inserted(in session: PostgresSession) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns(recordSQL)
        var record = self
        if let assigning = recordSQL.insertAssigningKey, let key = recordSQL.keyPositions.first, values[key].isNull {
            // Checked here, not only inside: an asynchronous call that returns at once still costs a frame.
            if session.hasUnsettledSequences { try await session.settleSequences(of: recordSQL.tableName) }
            let id = try await session.fetchOne(assigning, assigning.arguments(values), table: recordSQL.tableName) {
                try $0.decode(at: 0) as Int64
            }
            if let id { record.didInsert(rowID: id) }
            return record
        }
        let insert = recordSQL.insert
        try await session.run(insert, insert.arguments(values), table: recordSQL.tableName) { _ in }
        recordSQL.noteExplicitKey(in: values, session: session)
        return record
    }

    /// Updates the record's row in `session`: every column, or only `columns`.
    ///
    /// - Throws: `DatabaseError` (`.recordNotFound` when no row has the key, `.misuse` for a column of another table).
    func updated(in session: PostgresSession, columns: [any ColumnProtocol]?) async throws {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns(recordSQL)
        // The UPDATE statements return a row when no row has the key (PostgresRecordSQL).
        let missing: Bool?
        if let columns {
            // Built for this call: unprepared.
            let statement = try recordSQL.update(columns: columns.map(\.name))
            missing = try await session.fetchOne(statement, statement.arguments(values), table: recordSQL.tableName) { _ in true }
        } else {
            let update = try recordSQL.requireKeyed().update
            missing = try await session.fetchOne(update, update.arguments(values), table: recordSQL.tableName) { _ in true }
        }
        guard missing == nil else {
            throw DatabaseError(kind: .recordNotFound, message: "no row has the record's primary key", table: recordSQL.tableName)
        }
    }

    /// Deletes the record's row in `session`; returns whether there was one.
    func deleted(in session: PostgresSession) async throws -> Bool {
        if Self.softDelete != nil {
            let row = try liveRow
            guard let steps = row.softDeleteSteps() else { return false }
            return try await row.softDeleteAll(in: session, steps) > 0
        }
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let delete = try recordSQL.requireKeyed().deleteRecord
        let values = try wireColumns(recordSQL)
        return try await session.fetchOne(delete, delete.arguments(values), table: recordSQL.tableName) { _ in true } ?? false
    }

    func saved(in session: PostgresSession) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns(recordSQL)
        if let keyed = recordSQL.keyed, !recordSQL.keyPositions.contains(where: { values[$0].isNull }) {
            let missing = try await session.fetchOne(keyed.update, keyed.update.arguments(values), table: recordSQL.tableName) { _ in true }
            if missing == nil { return self }
        }
        return try await inserted(in: session)
    }

    func upserted(in session: PostgresSession, onConflict names: [String]?) async throws -> Self {
        let recordSQL = PostgresRecordSQL.of(Self.self)
        let values = try wireColumns(recordSQL)
        let assigningKey = recordSQL.insertAssigningKey != nil && recordSQL.keyPositions.first.map { values[$0].isNull } == true
        if names == nil, assigningKey { return try await inserted(in: session) }
        if !assigningKey { recordSQL.noteExplicitKey(in: values, session: session) }
        guard let names else {
            // By primary key: the row's key is the record's own.
            let upsert = try recordSQL.requireKeyed().upsert
            try await session.run(upsert, upsert.arguments(values), table: recordSQL.tableName) { _ in }
            return self
        }
        // By other columns, an existing row keeps its own key: the statement returns it (an auto-increment one).
        let statement = try recordSQL.upsert(
            onConflict: names, condition: Self.schema.definition.conflictCondition(for: names), assigningKey: assigningKey)
        let id = try await session.fetchOne(statement, statement.arguments(values), table: recordSQL.tableName) { row in
            recordSQL.autoIncrementColumn == nil ? nil : try row.decode(at: 0) as Int64?
        }
        var record = self
        if let id = id ?? nil { record.didInsert(rowID: id) }
        return record
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
        let statement = QueryStatementCache.shared.statement(sql, parameterTypes: [values.first?.postgresArrayType])
        var results: [T] = []
        try await run(statement, bindings: bindings, table: table) { results.append(try decode($0)) }
        return results
    }
}
#endif

#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema

// PostgreSQL's side of the engine contract (`PostgresExecutor` refines `DatabaseWriter`): each requirement runs in a session, in a transaction of its own on a
// `PostgresDatabase` (reads on a replica when there is one) or inside the transaction of a `PostgresSession`.

extension PostgresExecutor {
    /// PostgreSQL's dialect.
    public var dialect: SQLDialect { .postgresql }

    /// See `DatabaseReader`.
    public func fetchAll<R: Record>(_ request: QueryRequest<R>) async throws -> [R] {
        guard request.isPlainFilter, request.whereCondition == nil, request.orderings.isEmpty else {
            return try await withSession(writing: false) { try await request.fetchAll(in: $0) }
        }
        // A whole table, unprepared: over that many rows, the extra asynchronous `map` that postgres-nio's
        // prepared-statement API runs for every row costs more than parsing the statement once.
        let selectAll = PostgresRecordSQL.of(R.self).selectAll
        return try await withSession(writing: false) { try await $0.fetchAll(selectAll, [], table: R.schema.name, R.decodeRecord) }
    }

    /// See `DatabaseReader`: the rows stream from the server (an unprepared cursor: over many rows, the extra
    /// asynchronous `map` postgres-nio's prepared-statement API runs per row costs more than parsing once).
    public func forEach<R: Record>(_ request: QueryRequest<R>, _ body: (R) async throws -> Void) async throws {
        let (sql, arguments) = try request.postgresSelect(PostgresRecordSQL.of(R.self).selection)
        try await withSession(writing: false) { session in
            try await session.forEachRow(sql, arguments, table: R.schema.name) { try await body(try R.decodeRecord($0)) }
        }
    }

    /// See `DatabaseReader`.
    public func fetchAll<R: Record, T: Sendable>(_ request: SelectRequest<R, T>) async throws -> [T] {
        var renderer = SQLRenderer(dialect: .postgresql)
        let sql = request.sql(&renderer)
        let arguments = try renderer.wireArguments()
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        return try await withSession(writing: false) { session in
            try await session.fetchAll(statement, ArrangedWireValues(arguments), table: R.schema.name, request.decode.wireRow)
        }
    }

    /// See `DatabaseReader`.
    public func count<R: Record>(_ request: QueryRequest<R>) async throws -> Int {
        try await withSession(writing: false) { try await request.count(in: $0) }
    }

    /// See `DatabaseReader`.
    public func exists<R: Record>(_ request: QueryRequest<R>) async throws -> Bool {
        try await withSession(writing: false) { try await request.exists(in: $0) }
    }

    /// See `DatabaseReader`: the count and the page from one snapshot (one transaction).
    public func page<R: Record>(_ request: QueryRequest<R>, number: Int, size: Int) async throws -> Page<R> {
        let first = try QueryRequest<R>.firstRow(ofPage: number, size: size)
        var unlimited = request
        unlimited.limitCount = nil
        unlimited.offsetCount = nil
        let request = unlimited
        return try await withSession(writing: false) { session in
            let total = try await request.count(in: session)
            let items = try await request.limit(size, offset: first).fetchAll(in: session)
            return Page(items: items, number: number, size: size, totalCount: total)
        }
    }

    /// See `DatabaseReader`.
    public func find<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> R? {
        if R.isScoped { return try await R.scopedRequest(forKey: key).fetchOne(self) }
        let find = try PostgresRecordSQL.of(R.self).requireKeyed().find
        let key = try R.wireKey(key)
        return try await withSession(writing: false) { try await $0.fetchOne(find, ArrangedWireValues(key), table: R.schema.name, R.decodeRecord) }
    }

    /// See `DatabaseReader`: one `= ANY($1)` query for a one-column key, else one query per key.
    public func find<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> [R] {
        if R.defaultScope != nil {
            return try await withSession(writing: false) { session in
                var found: [R] = []
                for key in keys { if let record = try await session.find(R.self, key: key) { found.append(record) } }
                return found
            }
        }
        let recordSQL = PostgresRecordSQL.of(R.self)
        let keyed = try recordSQL.requireKeyed()
        let keys = try keys.map(R.wireKey)
        guard !keys.isEmpty else { return [] }
        if recordSQL.keyPositions.count == 1 {
            let sql = "\(recordSQL.selectAll) WHERE \(recordSQL.table).\(quoteIdentifier(R.schema.primaryKey[0])) = ANY($1)"
            return try await withSession(writing: false) { session in
                try await session.fetchAll(sql, arrayOf: keys.map { $0[0] }, table: R.schema.name, R.decodeRecord)
            }
        }
        return try await withSession(writing: false) { session in
            var found: [R] = []
            for key in keys {
                if let record = try await session.fetchOne(keyed.find, ArrangedWireValues(key), table: R.schema.name, R.decodeRecord) {
                    found.append(record)
                }
            }
            return found
        }
    }

    /// See `DatabaseReader`.
    public func exists<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> Bool {
        if R.isScoped { return try await R.scopedRequest(forKey: key).exists(self) }
        let exists = try PostgresRecordSQL.of(R.self).requireKeyed().exists
        let key = try R.wireKey(key)
        return try await withSession(writing: false) { session in
            try await session.fetchOne(exists, ArrangedWireValues(key), table: R.schema.name) { try $0.decode(at: 0) as Bool }
        } ?? false
    }

    /// See `DatabaseReader`.
    public func fetch<R: Record>(_ type: R.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [R] {
        try await withSession(writing: false) { session in
            onlyFirst
                ? try await session.fetchOne(sql, arguments.wireValues, table: R.schema.name, R.decodeRecord).map { [$0] } ?? []
                : try await session.fetchAll(sql, arguments.wireValues, table: R.schema.name, R.decodeRecord)
        }
    }

    /// See `DatabaseReader`.
    public func fetch<V: ColumnValue>(_ type: V.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [V] {
        try await withSession(writing: false) { session in
            onlyFirst
                ? try await session.fetchOne(sql, arguments.wireValues) { try $0.decode(at: 0) as V }.map { [$0] } ?? []
                : try await session.fetchAll(sql, arguments.wireValues) { try $0.decode(at: 0) as V }
        }
    }

    /// See `DatabaseReader`.
    public func fetch<S: ColumnStorage>(
        _ storage: S.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool
    ) async throws -> [S.Value] where S.Value: Sendable {
        try await withSession(writing: false) { session in
            onlyFirst
                ? try await session.fetchOne(sql, arguments.wireValues) { try $0.decode(at: 0, as: S.self) }.map { [$0] } ?? []
                : try await session.fetchAll(sql, arguments.wireValues) { try $0.decode(at: 0, as: S.self) }
        }
    }

    /// See `DatabaseWriter`.
    public func insert<R: Record>(_ record: R) async throws -> R {
        try await withSession(writing: true) { try await record.inserted(in: $0) }
    }

    /// See `DatabaseWriter`.
    public func save<R: Record>(_ record: R) async throws -> R {
        try await withSession(writing: true) { try await record.saved(in: $0) }
    }

    /// See `DatabaseWriter`.
    public func upsert<R: Record>(_ record: R, onConflict conflictColumns: [any ColumnProtocol]?) async throws -> R {
        let names = conflictColumns?.map(\.name)
        return try await withSession(writing: true) { try await record.upserted(in: $0, onConflict: names) }
    }

    /// See `DatabaseWriter`.
    public func update<R: Record>(_ record: R, columns: [any ColumnProtocol]?) async throws {
        try await withSession(writing: true) { try await record.updated(in: $0, columns: columns) }
    }

    /// See `DatabaseWriter`.
    public func delete<R: Record>(_ record: R) async throws -> Bool {
        try await withSession(writing: true) { try await record.deleted(in: $0) }
    }

    /// See `DatabaseWriter`.
    public func insert<R: Record>(_ records: [R]) async throws -> [R] {
        try await writeEach(records) { record, session in try await record.inserted(in: session) }
    }

    /// See `DatabaseWriter`.
    public func save<R: Record>(_ records: [R]) async throws -> [R] {
        try await writeEach(records) { record, session in try await record.saved(in: session) }
    }

    /// See `DatabaseWriter`.
    public func upsert<R: Record>(_ records: [R], onConflict conflictColumns: [any ColumnProtocol]?) async throws -> [R] {
        let names = conflictColumns?.map(\.name)
        return try await writeEach(records) { record, session in try await record.upserted(in: session, onConflict: names) }
    }

    /// Runs `step` for each record in one write session; returns the records as written.
    private func writeEach<R: Record>(
        _ records: [R], _ step: (R, PostgresSession) async throws -> R
    ) async throws -> [R] {
        try await withSession(writing: true) { session in
            var written: [R] = []
            written.reserveCapacity(records.count)
            for record in records { written.append(try await step(record, session)) }
            return written
        }
    }

    /// See `DatabaseWriter`.
    public func update<R: Record>(_ records: [R], columns: [any ColumnProtocol]?) async throws {
        try await withSession(writing: true) { session in
            for record in records { try await record.updated(in: session, columns: columns) }
        }
    }

    /// See `DatabaseWriter`.
    public func delete<R: Record>(_ records: [R]) async throws -> Int {
        try await withSession(writing: true) { session in
            var deleted = 0
            for record in records where try await record.deleted(in: session) { deleted += 1 }
            return deleted
        }
    }

    /// See `DatabaseWriter`.
    public func delete<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> Int {
        if R.softDelete != nil {
            return try await withSession(writing: true) { session in
                var deleted = 0
                for key in keys {
                    let row = try R.liveRow(key: key)
                    if let steps = row.softDeleteSteps() { deleted += try await row.softDeleteAll(in: session, steps) }
                }
                return deleted
            }
        }
        let delete = try PostgresRecordSQL.of(R.self).requireKeyed().deleteByKey
        let keys = try keys.map(R.wireKey)
        return try await withSession(writing: true) { session in
            var deleted = 0
            for key in keys where try await session.fetchOne(delete, ArrangedWireValues(key), table: R.schema.name, { _ in true }) == true {
                deleted += 1
            }
            return deleted
        }
    }

    /// See `DatabaseWriter`.
    public func deleteAll<R: Record>(_ request: QueryRequest<R>) async throws -> Int {
        try await withSession(writing: true) { try await request.deleteAll(in: $0) }
    }

    /// See `DatabaseWriter`.
    public func updateAll<R: Record>(_ request: QueryRequest<R>, _ assignments: [ColumnAssignment]) async throws -> Int {
        try await withSession(writing: true) { try await request.updateAll(in: $0, assignments) }
    }
}
#endif

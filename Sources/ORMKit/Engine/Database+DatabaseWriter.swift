// SQLite's side of the engine contract: each requirement runs the synchronous verb on a connection, in `read`
// (on a reader when the database has them) or in `write` (one transaction on the writer), off the caller's
// thread. Cancelling the task interrupts the statement running and throws `CancellationError`.

extension Database: DatabaseWriter {
    /// SQLite's dialect.
    public var dialect: SQLDialect { .sqlite }

    /// See ``DatabaseReader/fetchAll(_:)-(QueryRequest<R>)``.
    public func fetchAll<R: Record>(_ request: QueryRequest<R>) async throws -> [R] {
        try await read { conn in try request.fetchAll(conn) }
    }

    /// See ``DatabaseReader``: iterates `QueryRequest.stream(_:)`, which reads in chunks on a reader.
    public func forEach<R: Record>(_ request: QueryRequest<R>, _ body: (R) async throws -> Void) async throws {
        for try await record in request.stream(self) { try await body(record) }
    }

    /// See ``DatabaseReader``.
    public func fetchAll<R: Record, T: Sendable>(_ request: SelectRequest<R, T>) async throws -> [T] {
        try await read { conn in try request.fetchAll(conn) }
    }

    /// See ``DatabaseReader/count(_:)``.
    public func count<R: Record>(_ request: QueryRequest<R>) async throws -> Int {
        try await read { conn in try request.count(conn) }
    }

    /// See ``DatabaseReader``.
    public func exists<R: Record>(_ request: QueryRequest<R>) async throws -> Bool {
        try await read { conn in try request.exists(conn) }
    }

    /// See `DatabaseReader.page(_:number:size:)`.
    public func page<R: Record>(_ request: QueryRequest<R>, number: Int, size: Int) async throws -> Page<R> {
        try await read { conn in try request.page(number, size: size, in: conn) }
    }

    /// See ``DatabaseReader``.
    public func fetchAll<R: Record, Loaded: Sendable>(_ request: IncludingRequest<R, Loaded>) async throws -> [Related<R, Loaded>] {
        try await read { conn in try request.fetchAll(conn) }
    }

    /// See ``DatabaseReader``.
    public func page<R: Record, Loaded: Sendable>(
        _ request: IncludingRequest<R, Loaded>, number: Int, size: Int
    ) async throws -> Page<Related<R, Loaded>> {
        try await read { conn in try request.page(number, size: size, in: conn) }
    }

    /// See ``DatabaseReader/find(_:key:)``.
    public func find<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> R? {
        try await read { conn in try R.find(conn, key) }
    }

    /// See ``DatabaseReader/find(_:keys:)``.
    public func find<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> [R] {
        try await read { conn in try R.find(conn, keys: keys) }
    }

    /// See ``DatabaseReader``.
    public func exists<R: Record>(_ type: R.Type, key: R.PrimaryKey) async throws -> Bool {
        try await read { conn in try R.exists(conn, key: key) }
    }

    /// See ``DatabaseReader``.
    public func fetch<R: Record>(_ type: R.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [R] {
        try await read { conn in
            onlyFirst ? try R.fetchOne(conn, sql: sql, arguments: arguments).map { [$0] } ?? [] : try R.fetchAll(conn, sql: sql, arguments: arguments)
        }
    }

    /// See ``DatabaseReader``: on a reader when SQLite judges `sql` read-only (`sqlite3_stmt_readonly`), else in
    /// a write transaction.
    public func fetch<V: ColumnValue>(_ type: V.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool) async throws -> [V] {
        try await readOrWrite(running: sql) { conn in
            onlyFirst ? try V.fetchOne(conn, sql: sql, arguments: arguments).map { [$0] } ?? [] : try V.fetchAll(conn, sql: sql, arguments: arguments)
        }
    }

    /// See ``DatabaseReader``: where ``fetch(_:sql:arguments:onlyFirst:)-(V.Type,_,_,_)`` runs.
    public func fetch<S: ColumnStorage>(
        _ storage: S.Type, sql: String, arguments: StatementArguments, onlyFirst: Bool
    ) async throws -> [S.Value] where S.Value: Sendable {
        try await readOrWrite(running: sql) { conn in
            onlyFirst ? try S.fetchOne(conn, sql: sql, arguments: arguments).map { [$0] } ?? [] : try S.fetchAll(conn, sql: sql, arguments: arguments)
        }
    }

    /// See ``DatabaseWriter``.
    public func insert<R: Record>(_ record: R) async throws -> R {
        try await write { conn in
            var record = record
            try record.insert(conn)
            return record
        }
    }

    /// See ``DatabaseWriter``.
    public func save<R: Record>(_ record: R) async throws -> R {
        try await write { conn in
            var record = record
            try record.save(conn)
            return record
        }
    }

    /// See ``DatabaseWriter``.
    public func upsert<R: Record>(_ record: R, onConflict conflictColumns: [any ColumnProtocol]?) async throws -> R {
        try await write { conn in
            var record = record
            if let conflictColumns { try record.upsert(conn, onConflict: conflictColumns) } else { try record.upsert(conn) }
            return record
        }
    }

    /// See ``DatabaseWriter``.
    public func update<R: Record>(_ record: R, columns: [any ColumnProtocol]?) async throws {
        try await write { conn in
            if let columns { try record.update(conn, columns: columns) } else { try record.update(conn) }
        }
    }

    /// See ``DatabaseWriter``.
    public func delete<R: Record>(_ record: R) async throws -> Bool {
        try await write { conn in try record.delete(conn) }
    }

    /// See ``DatabaseWriter``.
    public func insert<R: Record>(_ records: [R]) async throws -> [R] {
        try await write { conn in try R.insert(conn, contentsOf: records) }
    }

    /// See `DatabaseWriter.save(_:)` (an array).
    public func save<R: Record>(_ records: [R]) async throws -> [R] {
        try await write { conn in try R.save(conn, contentsOf: records) }
    }

    /// See `DatabaseWriter.upsert(_:onConflict:)` (an array).
    public func upsert<R: Record>(_ records: [R], onConflict conflictColumns: [any ColumnProtocol]?) async throws -> [R] {
        try await write { conn in
            guard let conflictColumns else { return try R.upsert(conn, contentsOf: records) }
            return try records.map { record in
                var record = record
                try record.upsert(conn, onConflict: conflictColumns)
                return record
            }
        }
    }

    /// See ``DatabaseWriter``: the graph in one write transaction.
    public func save<R: Record, each Saved: Sendable>(
        _ record: R, with changes: repeat GraphChange<R, each Saved>
    ) async throws -> (R, (repeat each Saved)) {
        try await write { conn in
            var copy = record
            let children = try copy.save(conn, with: repeat each changes)
            return (copy, children)
        }
    }

    /// See ``DatabaseWriter/change(_:_:)``.
    public func change<Owner: Record, Target: Record, Kind: ManyToManyRelationKind>(
        _ members: ManyToManyMembers<Owner, Target, Kind>, _ change: MembershipChange<Target>
    ) async throws {
        try await write { conn in
            switch change {
            case .attach(let targets): try members.attach(conn, targets)
            case .detach(let targets): try members.detach(conn, targets)
            case .set(let targets): try members.set(conn, targets)
            }
        }
    }

    /// See ``DatabaseWriter/reorder(_:_:)``.
    public func reorder<Owner: Record, Target: Record>(
        _ members: ManyToManyMembers<Owner, Target, OrderedManyToManyKind>, _ change: ListChange<Owner, Target>
    ) async throws {
        try await write { conn in
            switch change {
            case .insert(let target, let end): try members.insert(conn, target, at: end)
            case .move(let target, let index): try members.move(conn, target, to: index)
            }
        }
    }

    /// See `DatabaseWriter.update(_:columns:)` (an array).
    public func update<R: Record>(_ records: [R], columns: [any ColumnProtocol]?) async throws {
        try await write { conn in
            guard let columns else { return try R.update(conn, contentsOf: records) }
            for record in records { try record.update(conn, columns: columns) }
        }
    }

    /// See `DatabaseWriter.delete(_:)` (an array).
    public func delete<R: Record>(_ records: [R]) async throws -> Int {
        try await write { conn in try R.delete(conn, contentsOf: records) }
    }

    /// See ``DatabaseWriter/delete(_:keys:)``.
    public func delete<R: Record>(_ type: R.Type, keys: [R.PrimaryKey]) async throws -> Int {
        try await write { conn in try R.delete(conn, keys: keys) }
    }

    /// See ``DatabaseWriter/deleteAll(_:)``.
    public func deleteAll<R: Record>(_ request: QueryRequest<R>) async throws -> Int {
        try await write { conn in try request.deleteAll(conn) }
    }

    /// See ``DatabaseWriter/updateAll(_:_:)``.
    public func updateAll<R: Record>(_ request: QueryRequest<R>, _ assignments: [ColumnAssignment]) async throws -> Int {
        try await write { conn in try request.updateAll(conn, assignments) }
    }

    /// See ``DatabaseWriter/execute(sql:arguments:)``.
    public func execute(sql: String, arguments: StatementArguments) async throws {
        try await write { conn in try conn.run(sql: sql, arguments: arguments) }
    }
}

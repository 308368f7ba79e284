#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema

// The query builder on PostgreSQL: the same requests render with `$n` placeholders and bind `WireValue`s. The SQL
// a request renders runs as a named prepared statement (`QueryStatementCache`), as record operations do.

extension QueryRequest {
    /// The SELECT of the request's records, with its arguments.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a value in the filter that its column's storage cannot hold.
    func postgresSelect(_ selection: String) throws -> (sql: String, arguments: [WireValue]) {
        var renderer = SQLRenderer(dialect: .postgresql)
        let sql = selectSQL(selection, renderer: &renderer)
        return (sql, try renderer.wireArguments())
    }

    /// The matching records, in `session`: the statement found by the request's shape when it ran before.
    func fetchAll(in session: PostgresSession) async throws -> [R] {
        let selection = PostgresRecordSQL.of(R.self).selection
        var renderer = SQLRenderer(dialect: .postgresql)
        let shape = selectShape(selection, renderer: &renderer)
        let arguments = try renderer.wireArguments()
        let statement = QueryStatementCache.shared.statement(shape: shape, arguments) {
            // The same walk binds the same values: the text's own renderer is not needed after it.
            var written = SQLRenderer(dialect: .postgresql)
            return selectSQL(selection, renderer: &written)
        }
        return try await session.fetchAll(statement, ArrangedWireValues(arguments), table: R.schema.name, R.decodeRecord)
    }

    /// The number of matching rows, in `session`.
    func count(in session: PostgresSession) async throws -> Int {
        let (select, arguments) = try postgresSelect("1")
        let statement = QueryStatementCache.shared.statement("SELECT COUNT(*) FROM (\(select)) AS counted", arguments)
        return try await session.fetchOne(statement, ArrangedWireValues(arguments)) { try $0.decode(at: 0) as Int } ?? 0
    }

    /// Whether any row matches, in `session`.
    func exists(in session: PostgresSession) async throws -> Bool {
        let (select, arguments) = try postgresSelect("1")
        let statement = QueryStatementCache.shared.statement("SELECT EXISTS (\(select))", arguments)
        return try await session.fetchOne(statement, ArrangedWireValues(arguments)) { try $0.decode(at: 0) as Bool } ?? false
    }

    /// Soft-deletes the matching rows and, through `softDeleteCascades`, their children (the cascade's statements
    /// first, deepest first), all or nothing; returns how many of this request's rows were stamped.
    ///
    /// - Throws: `DatabaseError` (nothing changes then).
    func softDeleteAll(in session: PostgresSession, _ steps: (cascade: [CascadeStatement], stamp: ColumnAssignment)) async throws -> Int {
        guard !steps.cascade.isEmpty else { return try await updateAll(in: session, [steps.stamp]) }
        return try await session.savepoint { session in
            for statement in steps.cascade {
                var renderer = SQLRenderer(dialect: .postgresql)
                let sql = statement.sql(&renderer)
                try await session.run(sql, try renderer.wireArguments()) { _ in }
            }
            return try await updateAll(in: session, [steps.stamp])
        }
    }

    /// Deletes the matching rows in `session`; returns how many there were.
    func deleteAll(in session: PostgresSession) async throws -> Int {
        if let steps = softDeleteSteps() { return try await softDeleteAll(in: session, steps) }
        var renderer = SQLRenderer(dialect: .postgresql)
        let table = quoteIdentifier(R.schema.name)
        let sql = "WITH deleted AS (DELETE FROM \(table)\(matchingRows(&renderer)) RETURNING 1) SELECT COUNT(*) FROM deleted"
        let arguments = try renderer.wireArguments()
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        return try await session.fetchOne(statement, ArrangedWireValues(arguments), table: R.schema.name) { try $0.decode(at: 0) as Int } ?? 0
    }

    /// Sets `assignments` on the matching rows in `session`; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError` (what an insert would refuse; the server's "integer out of range" when
    ///   arithmetic leaves an integer column's type).
    func updateAll(in session: PostgresSession, _ assignments: [ColumnAssignment]) async throws -> Int {
        try ColumnAssignment.validate(assignments, table: R.schema.name)
        var renderer = SQLRenderer(dialect: .postgresql)
        let table = quoteIdentifier(R.schema.name)
        let setClause = ColumnAssignment.setClause(assignments, renderer: &renderer)
        let sql = "WITH updated AS (UPDATE \(table) SET \(setClause)\(matchingRows(&renderer)) RETURNING 1) SELECT COUNT(*) FROM updated"
        let arguments = try renderer.wireArguments()
        let statement = QueryStatementCache.shared.statement(sql, arguments)
        return try await session.fetchOne(statement, ArrangedWireValues(arguments), table: R.schema.name) { try $0.decode(at: 0) as Int } ?? 0
    }

    /// ` WHERE …` selecting the request's rows for an UPDATE or DELETE: its condition, or, with joins, grouping,
    /// a limit or DISTINCT, its primary keys.
    private func matchingRows(_ renderer: inout SQLRenderer) -> String {
        if isPlainFilter {
            return whereCondition.map { " WHERE " + renderer.render($0) } ?? ""
        }
        let table = quoteIdentifier(R.schema.name)
        let key = R.schema.primaryKey.map { "\(table).\(quoteIdentifier($0))" }.joined(separator: ", ")
        return " WHERE (\(key)) IN (\(selectSQL(key, renderer: &renderer)))"
    }
}
#endif

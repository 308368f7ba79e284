#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit
import ORMSchema
import PostgresNIO

// Eager loading (`including`) on PostgreSQL: the base query, then one query per relation level whose only key
// parameter is the array of the owners' distinct link values (`"books"."author_id" = ANY($1)`), whatever their
// number. ORMKit's `Including` does the nesting, grouping and shaping; this file runs the SQL.
//
// Relations link one column to one column (the generator renders no other), so there are no composite link keys.
// Link values of a kind without a PostgreSQL array type (NUMERIC, JSONB) fall back to `IN ($n, …)` lists of at
// most `PostgresEagerQuery.maximumListKeys` keys, one query per list.

extension PostgresExecutor {
    /// See `DatabaseReader`.
    public func fetchAll<R: Record, Loaded: Sendable>(_ request: IncludingRequest<R, Loaded>) async throws -> [Related<R, Loaded>] {
        try await withSession(writing: false) { try await request.fetchAll(in: $0) }
    }

    /// See `DatabaseReader`: the count and the page from one snapshot (one transaction).
    public func page<R: Record, Loaded: Sendable>(
        _ request: IncludingRequest<R, Loaded>, number: Int, size: Int
    ) async throws -> Page<Related<R, Loaded>> {
        let first = try QueryRequest<R>.firstRow(ofPage: number, size: size)
        var unlimited = request
        unlimited.base.limitCount = nil
        unlimited.base.offsetCount = nil
        let request = unlimited
        return try await withSession(writing: false) { session in
            let total = try await request.base.count(in: session)
            let items = try await request.limit(size, offset: first).fetchAll(in: session)
            return Page(items: items, number: number, size: size, totalCount: total)
        }
    }
}

extension IncludingRequest {
    func fetchAll(in session: PostgresSession) async throws -> [Related<R, Loaded>] {
        let records = try await base.fetchAll(in: session)
        guard !records.isEmpty else { return [] }
        let loaded = try await including.loadAsync(PostgresRelationFetcher(session: session), records)
        return zip(records, loaded).map { Related(record: $0, related: $1) }
    }
}


/// Runs eager loading's SELECTs in one session: what ORMKit's `Including` calls for each relation level.
struct PostgresRelationFetcher: RelationTargetFetcher {
    let session: PostgresSession

    func forEachTargetRow<O: Record, T: Record, L: Sendable, K: RelationKind>(
        of relation: Relation<O, T, L, K>, keys: [WireValue], _ body: (WireRow) throws -> Void
    ) async throws {
        try await PostgresEagerQuery(relation).run(in: session, keys: keys, body)
    }
}

/// The SELECT of one eager-loading level: the target's columns (and, through a join table, the owner's key
/// from it) with the relation's filter and order, for a set of owner link values.
struct PostgresEagerQuery {
    /// The most keys one `IN` list holds when the keys cannot travel as an array (PostgreSQL takes at most
    /// 65,535 parameters per statement).
    static let maximumListKeys = 30_000

    /// `SELECT … FROM … JOIN …`, before the condition.
    let head: String
    /// The relation's own filter, rendered, or nil.
    let condition: String?
    /// The link column the keys are matched against.
    let linkColumn: String
    /// ` ORDER BY …`, or empty.
    let order: String
    /// The arguments of the filter and order, `$1…$n`; the keys come after them.
    let arguments: [WireValue]
    let table: String

    init<O, T, L, K>(_ relation: Relation<O, T, L, K>) throws {
        let target = T.schema.name
        let selection = PostgresRecordSQL.of(T.self).selection
        var renderer = SQLRenderer(dialect: .postgresql)
        var orderings = relation.targetOrderings.map { renderer.render($0) }
        switch relation.link {
        case let .direct(_, targetColumn):
            head = "SELECT \(selection) FROM \(quoteIdentifier(target))"
            linkColumn = "\(quoteIdentifier(target)).\(quoteIdentifier(targetColumn))"
        case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn):
            let join = quoteIdentifier(joinTable)
            linkColumn = "\(join).\(quoteIdentifier(joinOwnerColumn))"
            head = "SELECT \(selection), \(linkColumn) FROM \(quoteIdentifier(target)) JOIN \(join) ON "
                + "(\(join).\(quoteIdentifier(joinTargetColumn)) = \(quoteIdentifier(target)).\(quoteIdentifier(targetColumn)))"
            if orderings.isEmpty, let positionColumn {
                orderings = ["\(join).\(quoteIdentifier(positionColumn)) ASC"]
            }
        }
        condition = relation.readCondition.map { renderer.render($0) }
        order = orderings.isEmpty ? "" : " ORDER BY " + orderings.joined(separator: ", ")
        arguments = try renderer.wireArguments()
        table = target
    }

    /// Runs the query for `keys` (distinct, non-NULL) and calls `body` with each row: one query with
    /// `= ANY($n)`, or, for keys without an array type, one query per `IN` list.
    ///
    /// - Throws: `DatabaseError`, or what `body` throws.
    func run(in session: PostgresSession, keys: [WireValue], _ body: (WireRow) throws -> Void) async throws {
        let filter = condition.map { "\($0) AND " } ?? ""
        let keyParameter = arguments.count + 1
        if PostgresBindings.canBindArray(keys) {
            var bindings = try PostgresBindings(wire: arguments)
            try bindings.append(array: keys)
            let sql = "\(head) WHERE \(filter)(\(linkColumn) = ANY($\(keyParameter)))\(order)"
            // Prepared like the query builder's SQL: the same relation level runs the same statement.
            let statement = QueryStatementCache.shared.statement(sql, parameterTypes: arguments.map(\.postgresType) + [keys.first?.postgresArrayType])
            try await session.run(statement, bindings: bindings, table: table, body)
            return
        }
        for start in stride(from: 0, to: keys.count, by: Self.maximumListKeys) {
            let chunk = keys[start..<min(start + Self.maximumListKeys, keys.count)]
            let placeholders = chunk.indices.map { "$\(keyParameter + $0 - start)" }.joined(separator: ", ")
            let sql = "\(head) WHERE \(filter)(\(linkColumn) IN (\(placeholders)))\(order)"
            try await session.run(sql, arguments + chunk, table: table, body)
        }
    }
}
#endif

extension Relation {
    /// The targets of `owners`, each fetched once, and for each owner the indexes of its targets.
    @usableFromInline
    struct FetchedTargets {
        @usableFromInline var targets: [Target] = []
        /// Aligned with the owners.
        @usableFromInline var groups: [[Int]] = []

        @usableFromInline
        init() {}
    }

    /// Fetches the targets of every owner with `WHERE link IN (…)` queries (and the relation's own filter and
    /// order, so each owner's targets come in that order): one per chunk of keys, each chunk
    /// under SQLite's bound-variable limit (`SQLITE_LIMIT_VARIABLE_NUMBER`). No query runs without keys.
    /// Each list is padded (repeating its last key) to a power of two, so a few statement shapes serve every
    /// key count and the statement cache is not flooded with one-off SQL.
    ///
    /// Inlinable so the row loop (decoding, grouping) is specialized for the client's record types; building
    /// the SQL and the many-to-many path stay here.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchTargets(_ conn: Connection, owners: [Owner]) throws -> FetchedTargets {
        let ownerKeys = owners.map(ownerValue)
        var seen = Set<DatabaseValue>()
        let keys = ownerKeys.filter { $0 != .null && seen.insert($0).inserted }
        var fetched = FetchedTargets()
        var matches = TargetIndexes()
        if !keys.isEmpty {
            if let queries = directQueries(conn, keys: keys) {
                for query in queries {
                    try Target.naming {
                        try conn.withStatement(query.sql) { statement in
                            try statement.bind(query.arguments)
                            try statement.forEachRow { row in
                                let target = try Target.decodeRecord(row)
                                matches.append(fetched.targets.count, for: targetValue(target))
                                fetched.targets.append(target)
                            }
                        }
                    }
                }
            } else {
                try fetchThroughTargets(conn, keys: keys, into: &fetched, matches: &matches)
            }
        }
        fetched.groups = ownerKeys.map { matches.indexes(for: $0) }
        return fetched
    }

    /// For a direct link, the `SELECT … WHERE targetColumn IN (…)` statement of each chunk of `keys` with its
    /// arguments (the SQL `QueryRequest` renders); nil for a link through a join table.
    @usableFromInline
    func directQueries(_ conn: Connection, keys: [DatabaseValue]) -> [(sql: String, arguments: StatementArguments)]? {
        guard case let .direct(_, targetColumn) = link else { return nil }
        return chunked(keys, conn: conn).map { chunk in
            var request = QueryRequest<Target>()
            request.condition = .and(
                SQLExpression(.inList(.column(Target.schema.name, targetColumn), chunk, negated: false)), targetCondition)
            request.orderings = targetOrderings
            var renderer = SQLRenderer()
            let sql = request.selectSQL(Target.schema.recordSQL.selection, renderer: &renderer)
            return (sql, StatementArguments(renderer.arguments))
        }
    }

    /// Fetches the targets linked through the join table to `keys`, adding them to `fetched` and each owner
    /// key's target indexes to `matches`.
    ///
    /// - Throws: `DatabaseError`.
    @usableFromInline
    func fetchThroughTargets(
        _ conn: Connection, keys: [DatabaseValue], into fetched: inout FetchedTargets, matches: inout TargetIndexes
    ) throws {
        guard case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn) = link else { return }
        var indexByKey: [DatabaseValue: Int] = [:]
        let target = Target.schema.name
        let columnCount = Int32(Target.schema.columns.count)
        for chunk in chunked(keys, conn: conn) {
            var renderer = SQLRenderer()
            var sql = "SELECT \(Target.schema.recordSQL.selection), \(renderer.render(.column(joinTable, joinOwnerColumn)))"
            sql += " FROM \(quoteIdentifier(target))"
            sql += renderer.render([
                SQLJoin(table: joinTable, condition: .equal(.column(joinTable, joinTargetColumn), .column(target, targetColumn)))
            ])
            sql += " WHERE " + renderer.render(.and(
                SQLExpression(.inList(.column(joinTable, joinOwnerColumn), chunk, negated: false)), targetCondition))
            let orderings = targetOrderings.isEmpty
                ? positionColumn.map { [Ordering(expression: .column(joinTable, $0), isDescending: false)] } ?? []
                : targetOrderings
            if !orderings.isEmpty { sql += " ORDER BY " + orderings.map { renderer.render($0) }.joined(separator: ", ") }
            let arguments = StatementArguments(renderer.arguments)
            try Target.naming {
                try conn.withStatement(sql) { statement in
                    try statement.bind(arguments)
                    try statement.forEachRow { row in
                        let record = try Target.decodeRecord(row)
                        let ownerKey = try DatabaseValue.decode(from: row, at: columnCount)
                        let key = targetValue(record)
                        let index: Int
                        if let known = indexByKey[key] {
                            index = known
                        } else {
                            index = fetched.targets.count
                            indexByKey[key] = index
                            fetched.targets.append(record)
                        }
                        matches.append(index, for: ownerKey)
                    }
                }
            }
        }
    }

    /// `keys` in chunks under the connection's bound-variable limit, each padded with its last key to the next
    /// power of two (at most the limit).
    private func chunked(_ keys: [DatabaseValue], conn: Connection) -> [[SQLExpression]] {
        let limit = Swift.max(1, conn.maximumBoundVariables)
        return stride(from: 0, to: keys.count, by: limit).map { start in
            var values = keys[start..<Swift.min(start + limit, keys.count)].map { SQLExpression(.value($0)) }
            guard let last = values.last else { return values }
            var size = 1
            while size < values.count { size *= 2 }
            values += repeatElement(last, count: Swift.max(0, Swift.min(size, limit) - values.count))
            return values
        }
    }
}

/// Target indexes by the link value they match, integers (the usual key) apart so they hash as `Int64`.
@usableFromInline
struct TargetIndexes {
    @usableFromInline var byInteger: [Int64: [Int]] = [:]
    @usableFromInline var byOther: [DatabaseValue: [Int]] = [:]

    @usableFromInline
    init() {}

    /// Records that target `index` matches `key`.
    @inlinable
    mutating func append(_ index: Int, for key: DatabaseValue) {
        if case let .integer(value) = key {
            byInteger[value, default: []].append(index)
        } else {
            byOther[key, default: []].append(index)
        }
    }

    /// The indexes of the targets matching `key`, in the order they were appended; none for NULL.
    @inlinable
    func indexes(for key: DatabaseValue) -> [Int] {
        switch key {
        case .null: []
        case let .integer(value): byInteger[value] ?? []
        default: byOther[key] ?? []
        }
    }
}

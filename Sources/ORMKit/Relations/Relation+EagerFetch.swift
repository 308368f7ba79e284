extension Relation {
    /// The targets of `owners`, each fetched once, and for each owner the indexes of its targets.
    struct FetchedTargets {
        var targets: [Target] = []
        /// Aligned with the owners.
        var groups: [[Int]]
    }

    /// Fetches the targets of every owner with `WHERE link IN (…)` queries (and the relation's own filter and
    /// order, so each owner's targets come in that order): one per chunk of keys, each chunk
    /// under SQLite's bound-variable limit (`SQLITE_LIMIT_VARIABLE_NUMBER`). No query runs without keys.
    /// Each list is padded (repeating its last key) to a power of two, so a few statement shapes serve every
    /// key count and the statement cache is not flooded with one-off SQL.
    ///
    /// - Throws: `DatabaseError`.
    func fetchTargets(_ conn: Connection, owners: [Owner]) throws -> FetchedTargets {
        let ownerKeys = owners.map(ownerValue)
        var seen = Set<DatabaseValue>()
        let keys = ownerKeys.filter { $0 != .null && seen.insert($0).inserted }
        var fetched = FetchedTargets(groups: [])
        /// Target indexes by the link value they match.
        var matches: [DatabaseValue: [Int]] = [:]
        if !keys.isEmpty {
            let chunkSize = Swift.max(1, conn.maximumBoundVariables)
            let chunks = stride(from: 0, to: keys.count, by: chunkSize).map { start in
                padded(keys[start..<Swift.min(start + chunkSize, keys.count)], limit: chunkSize)
            }
            switch link {
            case let .direct(_, targetColumn):
                for chunk in chunks {
                    var request = QueryRequest<Target>()
                    request.condition = .and(
                        SQLExpression(.inList(.column(Target.schema.name, targetColumn), chunk, negated: false)), targetCondition)
                    request.orderings = targetOrderings
                    for target in try request.fetchAll(conn) {
                        matches[targetValue(target), default: []].append(fetched.targets.count)
                        fetched.targets.append(target)
                    }
                }
            case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn):
                var indexByKey: [DatabaseValue: Int] = [:]
                let target = Target.schema.name
                let columnCount = Int32(Target.schema.columns.count)
                for chunk in chunks {
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
                                matches[ownerKey, default: []].append(index)
                            }
                        }
                    }
                }
            }
        }
        fetched.groups = ownerKeys.map { $0 == .null ? [] : matches[$0] ?? [] }
        return fetched
    }

    /// `keys` as bound values, padded with its last key to the next power of two (at most `limit`).
    private func padded(_ keys: ArraySlice<DatabaseValue>, limit: Int) -> [SQLExpression] {
        var values = keys.map { SQLExpression(.value($0)) }
        guard let last = values.last else { return values }
        var size = 1
        while size < values.count { size *= 2 }
        values += repeatElement(last, count: Swift.max(0, Swift.min(size, limit) - values.count))
        return values
    }
}

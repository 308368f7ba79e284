import ORMSchema

extension Relation {
    /// Fetches the targets of every owner with `WHERE link IN (…)` queries (and the relation's own filter and
    /// order, so each owner's targets come in that order): one per chunk of keys, each chunk
    /// under SQLite's bound-variable limit (`SQLITE_LIMIT_VARIABLE_NUMBER`). No query runs without keys.
    /// Each list is padded (repeating its last key) to a power of two, so a few statement shapes serve every
    /// key count and the statement cache is not flooded with one-off SQL. Integer keys of a direct link
    /// without a filter skip expression trees: the placeholders are written out and the keys bound as `Int64`.
    ///
    /// Inlinable so the row loop (decoding, grouping) is specialized for the client's record types; building
    /// the SQL and the many-to-many path stay here.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchTargets<IntegerKeyed: TargetSink<Int64, Target>, ValueKeyed: TargetSink<DatabaseValue, Target>>(
        _ conn: Connection, owners: [Owner], into _: IntegerKeyed.Type, or _: ValueKeyed.Type
    ) throws -> IntegerKeyed.Collected where ValueKeyed.Collected == IntegerKeyed.Collected {
        let ownerKeys = owners.map(ownerValue)
        if ownerKeys.allSatisfy(Self.isIntegerOrNull), let keyListSQL = integerKeyListSQL() {
            var sink = IntegerKeyed(ownerKeys) { if case let .integer(value) = $0 { value } else { nil } }
            let keys = sink.keys
            let limit = Swift.max(1, conn.maximumBoundVariables)
            for start in stride(from: 0, to: keys.count, by: limit) {
                let chunk = keys[start..<Swift.min(start + limit, keys.count)]
                let sql = keyListSQL.sql(placeholders: Self.paddedCount(chunk.count, limit: limit))
                try fetchDirectTargets(conn, sql: sql) { try $0.bindPadded(chunk) } each: { target in
                    if case let .integer(value) = targetValue(target) { sink.add(target, for: value) }
                }
            }
            return sink.collected()
        }
        var sink = ValueKeyed(ownerKeys) { $0 == .null ? nil : $0 }
        if !sink.keys.isEmpty {
            if let queries = try directQueries(conn, keys: sink.keys) {
                for query in queries {
                    try fetchDirectTargets(conn, sql: query.sql) { try $0.bind(query.arguments) } each: { target in
                        sink.add(target, for: targetValue(target))
                    }
                }
            } else {
                try fetchThroughTargets(conn, into: &sink)
            }
        }
        return sink.collected()
    }

    /// The targets of `owners`, each owner's in fetch order: a level nothing is nested under.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchTargetLists(_ conn: Connection, owners: [Owner]) throws -> [[Target]] {
        try fetchTargets(conn, owners: owners, into: TargetLists<Int64, Target>.self, or: TargetLists<DatabaseValue, Target>.self)
    }

    /// The targets of `owners`, each once, and which of them each owner gets: a level something is nested under.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchTargetGroups(_ conn: Connection, owners: [Owner]) throws -> FetchedGroups<Target> {
        try fetchTargets(conn, owners: owners, into: TargetGrouper<Int64, Target>.self, or: TargetGrouper<DatabaseValue, Target>.self)
    }

    /// Runs one direct-link query (`bind` binds its arguments) and calls `each` with every target.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchDirectTargets(
        _ conn: Connection, sql: String, bind: (Statement) throws -> Void, each: (Target) -> Void
    ) throws {
        try Target.naming {
            try conn.withStatement(sql) { statement in
                try bind(statement)
                try statement.forEachRow { row in each(try Target.decodeRecord(row)) }
            }
        }
    }

    /// Whether `key` is an integer or NULL (keys of the integer fast path).
    @inlinable
    static func isIntegerOrNull(_ key: DatabaseValue) -> Bool {
        switch key {
        case .integer, .null: true
        default: false
        }
    }

    /// The SQL around an `IN` list of placeholders: everything before the first and after the last.
    @usableFromInline
    struct KeyListSQL {
        @usableFromInline let head: String
        @usableFromInline let tail: String

        /// The statement with `count` placeholders (at least one), as `SQLRenderer` writes a list.
        @inlinable
        func sql(placeholders count: Int) -> String {
            let list = String(unsafeUninitializedCapacity: Swift.max(1, count) * 3 - 2) { buffer in
                let separator = ", ?".utf8
                buffer[0] = UInt8(ascii: "?")
                var end = 1
                for _ in 1..<Swift.max(1, count) {
                    for byte in separator {
                        buffer[end] = byte
                        end += 1
                    }
                }
                return end
            }
            return head + list + tail
        }
    }

    /// For a direct link whose filter and order bind no values (none, a default scope of constants, soft delete's
    /// `deleted_at IS NULL`), the text `directQueries` renders around its key list, so integer keys can be bound
    /// straight to the placeholders; nil otherwise.
    @usableFromInline
    func integerKeyListSQL() -> KeyListSQL? {
        guard case let .direct(_, targetColumn) = link else { return nil }
        var renderer = SQLRenderer()
        let column = renderer.render(.column(Target.schema.name, targetColumn))
        let head = "SELECT \(Target.schema.recordSQL.selection) FROM \(Target.schema.recordSQL.table) WHERE (\(column) IN ("
        var tail = "))"
        if let readCondition { tail += " AND " + renderer.render(readCondition) }
        if !targetOrderings.isEmpty {
            tail += " ORDER BY " + targetOrderings.map { renderer.render($0) }.joined(separator: ", ")
        }
        guard renderer.hasNoArguments else { return nil }
        return KeyListSQL(head: head, tail: tail)
    }

    /// For a direct link, the `SELECT … WHERE targetColumn IN (…)` statement of each chunk of `keys` with its
    /// arguments (the SQL `QueryRequest` renders); nil for a link through a join table.
    ///
    /// - Throws: `DatabaseError` (`.encoding`) for a value in the relation's filter that its column cannot hold.
    @usableFromInline
    func directQueries(_ conn: Connection, keys: [DatabaseValue]) throws -> [(sql: String, arguments: StatementArguments)]? {
        guard case let .direct(_, targetColumn) = link else { return nil }
        return try chunked(keys, conn: conn).map { chunk in
            var request = QueryRequest<Target>()
            request.scopeCondition = nil  // in readCondition, unless the relation is unscoped
            request.deletedRows = .included  // in readCondition too
            request.condition = .and(
                SQLExpression(.inList(.column(Target.schema.name, targetColumn), chunk, negated: false)), readCondition)
            request.orderings = targetOrderings
            var renderer = SQLRenderer()
            let sql = request.selectSQL(Target.schema.recordSQL.selection, renderer: &renderer)
            return (sql, StatementArguments(try renderer.arguments()))
        }
    }

    /// Fetches the targets linked through the join table to the sink's keys into `sink`.
    ///
    /// - Throws: `DatabaseError`.
    @usableFromInline
    func fetchThroughTargets(_ conn: Connection, into sink: inout some TargetSink<DatabaseValue, Target>) throws {
        guard case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn) = link else { return }
        var seen: [DatabaseValue: Int] = [:]
        let target = Target.schema.name
        let columnCount = Int32(Target.schema.columns.count)
        for chunk in chunked(sink.keys, conn: conn) {
            var renderer = SQLRenderer()
            var sql = "SELECT \(Target.schema.recordSQL.selection), \(renderer.render(.column(joinTable, joinOwnerColumn)))"
            sql += " FROM \(quoteIdentifier(target))"
            sql += renderer.render([
                SQLJoin(table: joinTable, condition: .equal(.column(joinTable, joinTargetColumn), .column(target, targetColumn)))
            ])
            sql += " WHERE " + renderer.render(.and(
                SQLExpression(.inList(.column(joinTable, joinOwnerColumn), chunk, negated: false)), readCondition))
            let orderings = targetOrderings.isEmpty
                ? positionColumn.map { [Ordering(expression: .column(joinTable, $0), isDescending: false)] } ?? []
                : targetOrderings
            if !orderings.isEmpty { sql += " ORDER BY " + orderings.map { renderer.render($0) }.joined(separator: ", ") }
            let arguments = StatementArguments(try renderer.arguments())
            try Target.naming {
                try conn.withStatement(sql) { statement in
                    try statement.bind(arguments)
                    try statement.forEachRow { row in
                        let record = try Target.decodeRecord(row)
                        let ownerKey = try DatabaseValue.decode(from: row, at: columnCount)
                        sink.add(record, for: ownerKey, identity: targetValue(record), seen: &seen)
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
            var values = keys[start..<Swift.min(start + limit, keys.count)].map { SQLExpression.value($0) }
            guard let last = values.last else { return values }
            values += repeatElement(last, count: Self.paddedCount(values.count, limit: limit) - values.count)
            return values
        }
    }

    /// The next power of two at or above `count`, at most `limit` (and at least `count`).
    @inlinable
    static func paddedCount(_ count: Int, limit: Int) -> Int {
        var size = 1
        while size < count { size *= 2 }
        return Swift.max(count, Swift.min(size, limit))
    }
}

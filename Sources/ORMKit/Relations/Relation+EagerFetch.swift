import ORMSchema

extension Relation {
    /// The targets of `owners`, each fetched once, and which of them each owner gets.
    @usableFromInline
    struct FetchedTargets {
        @usableFromInline var targets: [Target] = []
        /// The owners' link values, aligned with the owners.
        @usableFromInline var ownerKeys: [DatabaseValue] = []
        /// The targets matching each link value.
        @usableFromInline var matches = TargetIndexes()

        @usableFromInline
        init() {}

        /// For each owner, the elements of `items` (aligned with `targets`) of its targets, in fetch order.
        @inlinable
        func grouped<Item>(_ items: [Item]) -> [[Item]] {
            ownerKeys.map { matches.elements(for: $0, of: items) }
        }
    }

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
    func fetchTargets(_ conn: Connection, owners: [Owner]) throws -> FetchedTargets {
        let ownerKeys = owners.map(ownerValue)
        var fetched = FetchedTargets()
        fetched.ownerKeys = ownerKeys
        if let integerKeys = Self.distinctIntegers(ownerKeys), let keyListSQL = integerKeyListSQL() {
            let limit = Swift.max(1, conn.maximumBoundVariables)
            for start in stride(from: 0, to: integerKeys.count, by: limit) {
                let chunk = integerKeys[start..<Swift.min(start + limit, integerKeys.count)]
                let sql = keyListSQL.sql(placeholders: Self.paddedCount(chunk.count, limit: limit))
                try fetchDirectTargets(conn, sql: sql, into: &fetched) { try $0.bindPadded(chunk) }
            }
            return fetched
        }
        var seen = Set<DatabaseValue>()
        let keys = ownerKeys.filter { $0 != .null && seen.insert($0).inserted }
        if !keys.isEmpty {
            if let queries = try directQueries(conn, keys: keys) {
                for query in queries {
                    try fetchDirectTargets(conn, sql: query.sql, into: &fetched) { try $0.bind(query.arguments) }
                }
            } else {
                try fetchThroughTargets(conn, keys: keys, into: &fetched)
            }
        }
        return fetched
    }

    /// Runs one direct-link query (`bind` binds its arguments), adding its targets to `fetched` and each
    /// target's link value to `fetched.matches`.
    ///
    /// - Throws: `DatabaseError`.
    @inlinable
    func fetchDirectTargets(
        _ conn: Connection, sql: String, into fetched: inout FetchedTargets, bind: (Statement) throws -> Void
    ) throws {
        try Target.naming {
            try conn.withStatement(sql) { statement in
                try bind(statement)
                try statement.forEachRow { row in
                    let target = try Target.decodeRecord(row)
                    fetched.matches.append(fetched.targets.count, for: targetValue(target))
                    fetched.targets.append(target)
                }
            }
        }
    }

    /// The distinct non-NULL values of `keys` in first-seen order when they are all integers (or NULL); nil
    /// otherwise.
    @inlinable
    static func distinctIntegers(_ keys: [DatabaseValue]) -> [Int64]? {
        var seen = Set<Int64>(minimumCapacity: keys.count)
        var integers: [Int64] = []
        integers.reserveCapacity(keys.count)
        for key in keys {
            switch key {
            case .null: continue
            case let .integer(value): if seen.insert(value).inserted { integers.append(value) }
            default: return nil
            }
        }
        return integers
    }

    /// The SQL around an `IN` list of placeholders: everything before the first and after the last.
    @usableFromInline
    struct KeyListSQL {
        @usableFromInline let head: String
        @usableFromInline let tail: String

        /// The statement with `count` placeholders (at least one), as `SQLRenderer` writes a list.
        @inlinable
        func sql(placeholders count: Int) -> String {
            head + "?" + String(repeating: ", ?", count: Swift.max(0, count - 1)) + tail
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

    /// Fetches the targets linked through the join table to `keys`, adding them to `fetched` and each owner
    /// key's target indexes to `fetched.matches`.
    ///
    /// - Throws: `DatabaseError`.
    @usableFromInline
    func fetchThroughTargets(
        _ conn: Connection, keys: [DatabaseValue], into fetched: inout FetchedTargets
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
                        let key = targetValue(record)
                        let index: Int
                        if let known = indexByKey[key] {
                            index = known
                        } else {
                            index = fetched.targets.count
                            indexByKey[key] = index
                            fetched.targets.append(record)
                        }
                        fetched.matches.append(index, for: ownerKey)
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

/// Target indexes by the link value they match, integers (the usual key) apart so they hash as `Int64`. Each
/// value's matches form a chain through one flat list, so grouping allocates nothing per value.
@usableFromInline
struct TargetIndexes {
    /// One link value's matches: its first and last entry and how many there are.
    @usableFromInline
    struct Chain {
        @usableFromInline var first: Int
        @usableFromInline var last: Int
        @usableFromInline var count: Int

        @usableFromInline
        init(first: Int, last: Int, count: Int) {
            self.first = first
            self.last = last
            self.count = count
        }
    }

    @usableFromInline var byInteger: [Int64: Chain] = [:]
    @usableFromInline var byOther: [DatabaseValue: Chain] = [:]
    /// The target index of each entry.
    @usableFromInline var targetIndexes: [Int] = []
    /// The entry after each entry in its value's chain, -1 at the end.
    @usableFromInline var nextEntries: [Int] = []

    @usableFromInline
    init() {}

    /// Records that target `index` matches `key`.
    @inlinable
    mutating func append(_ index: Int, for key: DatabaseValue) {
        let entry = targetIndexes.count
        targetIndexes.append(index)
        nextEntries.append(-1)
        if case let .integer(value) = key {
            Self.link(entry, to: &byInteger[value], next: &nextEntries)
        } else {
            Self.link(entry, to: &byOther[key], next: &nextEntries)
        }
    }

    /// Appends `entry` to `chain` (starting it when there is none).
    @inlinable
    static func link(_ entry: Int, to chain: inout Chain?, next: inout [Int]) {
        if let last = chain?.last {
            next[last] = entry
            chain?.last = entry
            chain?.count += 1
        } else {
            chain = Chain(first: entry, last: entry, count: 1)
        }
    }

    /// The elements of `items` at the indexes of the targets matching `key`, in the order they were appended;
    /// none for NULL.
    @inlinable
    func elements<Item>(for key: DatabaseValue, of items: [Item]) -> [Item] {
        let chain: Chain? = switch key {
        case .null: nil
        case let .integer(value): byInteger[value]
        default: byOther[key]
        }
        guard let chain else { return [] }
        var elements: [Item] = []
        elements.reserveCapacity(chain.count)
        var entry = chain.first
        while entry >= 0 {
            elements.append(items[targetIndexes[entry]])
            entry = nextEntries[entry]
        }
        return elements
    }
}

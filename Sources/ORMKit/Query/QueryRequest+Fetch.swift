import ORMSchema

extension QueryRequest {
    /// Every matching record.
    ///
    /// - Throws: `DatabaseError` (`.decoding` naming the table, column and row for a bad value).
    @inlinable
    public func fetchAll(_ db: Connection) throws -> [R] {
        try db.withConnection { conn in
            // Inside: the connection's cache of rendered SQL is only touched while the connection is held.
            var renderer = SQLRenderer()
            let sql = cachedSelectSQL(R.schema.recordSQL.selection, on: conn, renderer: &renderer)
            return try R.naming { try conn.fetchRecords(R.self, sql: sql, arguments: StatementArguments(try renderer.arguments())) }
        }
    }

    /// The first matching record (`LIMIT 1`), or nil.
    ///
    /// - Throws: `DatabaseError`.
    public func fetchOne(_ db: Connection) throws -> R? {
        try limit(1, offset: offsetCount).fetchAll(db).first
    }

    /// The number of matching rows (of groups, with `group(by:)`).
    ///
    /// - Throws: `DatabaseError`.
    public func count(_ db: Connection) throws -> Int {
        var renderer = SQLRenderer()
        let sql: String
        if isPlainFilter {
            sql = R.schema.recordSQL.count + clauses(renderer: &renderer, includeOrderAndLimit: false)
        } else {
            sql = "SELECT COUNT(*) FROM (\(selectSQL(R.schema.recordSQL.selection, renderer: &renderer)))"
        }
        return try R.naming { try Int.fetchOne(db, sql: sql, arguments: StatementArguments(try renderer.arguments())) ?? 0 }
    }

    /// Whether at least one row matches.
    ///
    /// - Throws: `DatabaseError`.
    public func exists(_ db: Connection) throws -> Bool {
        var renderer = SQLRenderer()
        let sql = "SELECT EXISTS (\(selectSQL("1", renderer: &renderer)))"
        return try R.naming { try Bool.fetchOne(db, sql: sql, arguments: StatementArguments(try renderer.arguments())) ?? false }
    }

    /// Deletes the matching rows; returns how many were deleted.
    ///
    /// - Throws: `DatabaseError` (for example a foreign-key violation).
    @discardableResult
    public func deleteAll(_ db: Connection) throws -> Int {
        if let steps = softDeleteSteps() { return try softDeleteAll(db, steps) }
        var renderer = SQLRenderer()
        let sql = "DELETE FROM \(R.schema.recordSQL.table)" + targetClause(renderer: &renderer)
        return try changingRows(db, sql: sql, arguments: try renderer.arguments())
    }

    /// Sets columns of the matching rows; returns how many rows changed.
    ///
    /// ```swift
    /// try Author.filter(Author.rating < 1).updateAll(db, Author.rating.set(to: 1))
    /// try Author.all().updateAll(db, Author.rating.set(to: Author.rating + 1))
    /// ```
    ///
    /// - Throws: `DatabaseError`: (`.misuse`) without assignments or for a column of another table; constraint
    ///   violations.
    @discardableResult
    public func updateAll(_ db: Connection, _ assignments: ColumnAssignment...) throws -> Int {
        try updateAll(db, assignments)
    }

    /// Sets columns of the matching rows; returns how many rows changed.
    ///
    /// - Throws: `DatabaseError`, as `updateAll(_:_:)`.
    @discardableResult
    public func updateAll(_ db: Connection, _ assignments: [ColumnAssignment]) throws -> Int {
        try ColumnAssignment.validate(assignments, table: R.schema.name)
        var renderer = SQLRenderer()
        let setClause = ColumnAssignment.setClause(assignments, renderer: &renderer)
        let sql = "UPDATE \(R.schema.recordSQL.table) SET \(setClause)" + targetClause(renderer: &renderer)
        return try changingRows(db, sql: sql, arguments: try renderer.arguments())
    }

    /// The `WHERE` clause selecting this request's rows for `UPDATE`/`DELETE`: the filter itself, or a rowid
    /// subquery when the request also limits, orders, groups or de-duplicates.
    private func targetClause(renderer: inout SQLRenderer) -> String {
        if isPlainFilter {
            return clauses(renderer: &renderer, includeOrderAndLimit: false)
        }
        return " WHERE \"rowid\" IN (\(selectSQL("\(R.schema.recordSQL.table).\"rowid\"", renderer: &renderer)))"
    }

    private func changingRows(_ db: Connection, sql: String, arguments: [DatabaseValue]) throws -> Int {
        try db.withConnection { conn in
            try R.naming {
                try conn.withStatement(sql) { statement in
                    try statement.bind(StatementArguments(arguments))
                    try statement.run()
                    return conn.changesCount
                }
            }
        }
    }
}

extension Record {
    /// Sets columns of every row; returns how many rows changed: `Author.updateAll(db, Author.rating.set(to: 5))`.
    ///
    /// - Throws: `DatabaseError`, as `QueryRequest.updateAll(_:_:)`.
    @discardableResult
    public static func updateAll(_ db: Connection, _ assignments: ColumnAssignment...) throws -> Int {
        try all().updateAll(db, assignments)
    }
}

extension Connection {
    /// Runs `sql` and decodes every row as `R`.
    @inlinable
    func fetchRecords<R: Record>(_ type: R.Type, sql: String, arguments: StatementArguments) throws -> [R] {
        try fetchRecords(R.self, sql: SQLKey(sql), arguments: arguments)
    }

    /// `fetchRecords(_:sql:arguments:)` for a key made earlier.
    @inlinable
    func fetchRecords<R: Record>(_ type: R.Type, sql: SQLKey, arguments: StatementArguments) throws -> [R] {
        try withStatement(sql) { statement in
            try statement.bind(arguments)
            return try statement.decodeRecords(R.self)
        }
    }
}

extension Statement {
    /// Steps through every row, decoding each as `R`.
    @inlinable
    func decodeRecords<R: Record>(_ type: R.Type) throws -> [R] {
        var records: [R] = []
        try forEachRow { records.append(try R.decodeRecord($0)) }
        return records
    }
}

extension Statement {
    /// Steps through every row, passing each to `body` with its 0-based index.
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `body` throws.
    func forEachRow(_ body: (Row) throws -> Void) throws {
        var index = 0
        while try step() {
            try body(Row(statement: handle, index: index))
            index += 1
        }
    }

    /// Decodes the first row with `decode`, or returns nil when there is none.
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `decode` throws.
    func firstRow<T>(_ decode: (Row) throws -> T) throws -> T? {
        guard try step() else { return nil }
        return try decode(Row(statement: handle, index: 0))
    }
}

extension ColumnValue {
    /// Runs raw `sql` and decodes column 0 of its first row, or returns nil when there is no row.
    ///
    /// ```swift
    /// let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM authors")
    /// ```
    ///
    /// - Throws: `DatabaseError` when the SQL fails or the value does not decode as `Self`.
    public static func fetchOne(_ db: some DatabaseContext, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                return try statement.firstRow { try Self.decode(from: $0, at: 0) }
            }
        }
    }

    /// Runs raw `sql` and decodes column 0 of every row.
    ///
    /// - Throws: `DatabaseError` when the SQL fails or a value does not decode as `Self`.
    public static func fetchAll(_ db: some DatabaseContext, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                var values: [Self] = []
                try statement.forEachRow { values.append(try Self.decode(from: $0, at: 0)) }
                return values
            }
        }
    }
}

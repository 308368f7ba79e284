extension ColumnStorage {
    /// Runs raw `sql` and reads column 0 of every row with this storage, as a field declared with it reads:
    /// `DateStorage.SQLiteText.fetchAll(db, sql: "SELECT InvoiceDate FROM Invoice")` reads text dates, which
    /// `Date.fetchAll` (the native REAL seconds) refuses.
    ///
    /// - Throws: `DatabaseError` when the SQL fails or a value is not in this storage's form.
    public static func fetchAll(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> [Value] {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                var values: [Value] = []
                try statement.forEachRow { values.append(try $0.decode(at: 0, as: Self.self)) }
                return values
            }
        }
    }

    /// Runs raw `sql` and reads column 0 of its first row with this storage, or returns nil when there is no row.
    ///
    /// - Throws: `DatabaseError` when the SQL fails or the value is not in this storage's form.
    public static func fetchOne(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> Value? {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                return try statement.firstRow { try $0.decode(at: 0, as: Self.self) }
            }
        }
    }
}

extension ColumnStorage where Value: Sendable {
    /// Runs raw `sql` (`$1, $2, …` parameters) and reads column 0 of every row with this storage, on any engine.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchAll(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> [Value] {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: false)
    }

    /// Runs raw `sql` and reads column 0 of its first row with this storage, or returns nil, on any engine.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func fetchOne(_ db: some DatabaseReader, sql: String, arguments: StatementArguments = []) async throws -> Value? {
        try await db.fetch(Self.self, sql: sql, arguments: arguments, onlyFirst: true).first
    }
}

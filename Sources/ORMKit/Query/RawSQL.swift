import ORMSchema

extension Record {
    /// Runs raw `sql` (one `SELECT`) and decodes every row into the record by column name: the query is
    /// wrapped as `SELECT "raw"."c1", "raw"."c2", … FROM (<sql>) AS "raw"`, so it may select the columns in any
    /// order, and extra columns are ignored.
    ///
    /// ```swift
    /// let authors = try Author.fetchAll(db, sql: "SELECT * FROM authors WHERE name LIKE ?", arguments: ["A%"])
    /// ```
    ///
    /// - Throws: `DatabaseError`: SQLite's error (for example `no such column: born` when the query lacks a
    ///   stored column), or a decoding error.
    public static func fetchAll(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        let wrapped = wrapRawSQL(sql)
        return try db.withConnection { conn in
            try naming { try conn.fetchRecords(Self.self, sql: wrapped, arguments: arguments) }
        }
    }

    /// Runs raw `sql` and decodes its first row by column name, or returns nil when there is none.
    ///
    /// - Throws: `DatabaseError`, as `fetchAll(_:sql:arguments:)`.
    public static func fetchOne(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> Self? {
        let wrapped = wrapRawSQL(sql) + " LIMIT 1"
        return try db.withConnection { conn in
            try naming { try conn.fetchRecords(Self.self, sql: wrapped, arguments: arguments).first }
        }
    }

    /// `SELECT "raw"."c1", … FROM (<sql without its trailing semicolons>) AS "raw"`. Qualified names, so a
    /// column missing from the query is an error (`no such column: raw.born`), never a string literal.
    private static func wrapRawSQL(_ sql: String) -> String {
        var inner = Substring(sql)
        while let last = inner.last, last == ";" || last.isWhitespace { inner.removeLast() }
        let columns = schema.columns.map { "\"raw\".\(quoteIdentifier($0.name))" }.joined(separator: ", ")
        return "SELECT \(columns) FROM (\(inner)) AS \"raw\""
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
    public static func fetchOne(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> Self? {
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
    public static func fetchAll(_ db: Connection, sql: String, arguments: StatementArguments = []) throws -> [Self] {
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

import ORMKitSQLite

// Rows of any SQL, read by column name: `SELECT s.*, t.name AS t_name FROM student s JOIN teacher t …`.
extension Row {
    /// The 0-based index of the column named `name` (compared as SQLite compares names: ASCII case-insensitively;
    /// the first one when several have the name).
    ///
    /// - Throws: `DatabaseError` (`.misuse`) naming the column and listing the row's columns when there is none.
    public func index(ofColumn name: String) throws -> Int32 {
        let lowered = name.lowercased()
        for index in 0..<columnCount where columnName(at: index).lowercased() == lowered {
            return index
        }
        let columns = (0..<columnCount).map { columnName(at: $0) }
        throw DatabaseError(
            kind: .misuse, message: "no column '\(name)' in the row; its columns are \(columns.joined(separator: ", "))",
            sql: sqlite3_sql(statement).map { String(cString: $0) }, column: name, row: self.index)
    }

    /// Decodes the column named `name` as `V`: `let name: String = try row.decode("t_name")`.
    ///
    /// - Throws: `DatabaseError`: `.misuse` for an unknown column, `.decoding` for a value that is not a `V`.
    public func decode<V: ColumnValue>(_ name: String, as type: V.Type = V.self) throws -> V {
        try V.decode(from: self, at: try index(ofColumn: name))
    }

    /// The column named `name`, decoded as the type the context expects: `let name: String = try row["t_name"]`.
    ///
    /// - Throws: as `decode(_:as:)`.
    public subscript<V: ColumnValue>(_ name: String) -> V {
        get throws { try decode(name) }
    }

    /// The column at `index`, decoded as the type the context expects: `let id: Int64 = try row[0]`.
    ///
    /// - Throws: `DatabaseError` (`.decoding`) for a value that is not a `V`.
    public subscript<V: ColumnValue>(_ index: Int32) -> V {
        get throws { try V.decode(from: self, at: index) }
    }

    /// Decodes the record `R` from the row's leading columns, which must be `R`'s stored columns in order (what
    /// `SELECT s.* , … FROM student s …` gives for a table ormgen created); later columns are left for
    /// `decode(_:as:)`.
    ///
    /// - Throws: `DatabaseError`: `.misuse` when the leading columns are not `R`'s, or a decoding error.
    public func decode<R: Record>(_ type: R.Type) throws -> R {
        let expected = R.schema.columns.map(\.name)
        let found = (0..<min(columnCount, Int32(expected.count))).map { columnName(at: $0) }
        guard found.map({ $0.lowercased() }) == expected.map({ $0.lowercased() }) else {
            throw DatabaseError(
                kind: .misuse,
                message: "the row's leading columns (\(found.joined(separator: ", "))) are not \(R.self)'s (\(expected.joined(separator: ", "))); select them first, in order (SELECT \(R.schema.name).*, …)",
                sql: sqlite3_sql(statement).map { String(cString: $0) }, table: R.schema.name, row: self.index)
        }
        return try R.decodeRecord(self)
    }

    /// Runs raw `sql` and transforms every row, read by name or index, into a value:
    ///
    /// ```swift
    /// let lines = try Row.fetchAll(db, sql: "SELECT books.*, authors.name AS author_name FROM books JOIN authors ON authors.id = books.author_id") { row in
    ///     (try row.decode(Book.self), try row.decode("author_name", as: String.self))
    /// }
    /// ```
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `transform` throws.
    public static func fetchAll<T>(
        _ db: Connection, sql: String, arguments: StatementArguments = [], _ transform: (Row) throws -> T
    ) throws -> [T] {
        var values: [T] = []
        try forEach(db, sql: sql, arguments: arguments) { values.append(try transform($0)) }
        return values
    }

    /// Runs raw `sql` and transforms its first row, or returns nil when there is none.
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `transform` throws.
    public static func fetchOne<T>(
        _ db: Connection, sql: String, arguments: StatementArguments = [], _ transform: (Row) throws -> T
    ) throws -> T? {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                return try statement.firstRow(transform)
            }
        }
    }

    /// Runs raw `sql` and calls `body` with each row as it is stepped (nothing is buffered: a cursor over any
    /// SQL). The row is valid only during the call.
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `body` throws (which stops the iteration).
    public static func forEach(
        _ db: Connection, sql: String, arguments: StatementArguments = [], _ body: (Row) throws -> Void
    ) throws {
        try db.withConnection { conn in
            try conn.withStatement(sql) { statement in
                try statement.bind(arguments)
                try statement.forEachRow(body)
            }
        }
    }
}

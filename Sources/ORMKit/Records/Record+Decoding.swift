extension Record {
    /// Decodes a record from `row`, naming this record's table, and its primary key when the row holds it, in
    /// decoding errors.
    @inlinable
    static func decodeRecord(_ row: Row) throws -> Self {
        do {
            return try Self(row: row)
        } catch let error as DatabaseError {
            throw error.inTable(schema.name).withRecordKey(error.kind == .decoding ? describeKey(in: row, columnCount: row.columnCount) : nil)
        }
    }

    /// Decodes a record from a server engine's `row`, naming its key in decoding errors (as for SQLite's rows).
    @inlinable
    package static func decodeRecord(_ row: WireRow) throws -> Self {
        do {
            return try Self(row: row)
        } catch let error as DatabaseError {
            throw error.inTable(schema.name).withRecordKey(error.kind == .decoding ? describeKey(in: row, columnCount: row.columnCount) : nil)
        }
    }

    /// `id = 5` (`a = 1, b = 'x'` for a composite key): the key columns of `row`, which holds the columns in
    /// `schema.columns` order; nil when it does not or a key column cannot be read.
    @usableFromInline
    static func describeKey(in row: some RowDecoder, columnCount: Int32) -> String? {
        let columns = schema.columns.map(\.name)
        var parts: [String] = []
        for name in schema.primaryKey {
            guard let index = columns.firstIndex(of: name), Int32(index) < columnCount,
                  let value = try? row.decode(at: Int32(index)) as DatabaseValue
            else { return nil }
            parts.append("\(name) = \(keyText(value))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A key value as a message shows it: numbers as they are, text quoted and cut at 40 characters.
    @usableFromInline
    static func keyText(_ value: DatabaseValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
        case .blob(let data): "a \(data.count)-byte BLOB"
        }
    }

    /// Runs `body`, naming this record's table in database errors that do not name one.
    @inlinable
    static func naming<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw error.inTable(schema.name)
        }
    }

    /// Runs `body`, a write of `record` on `conn`: database errors name this record's table, and a foreign-key
    /// violation names the key (`explainForeignKeyViolation`, on the failure path only).
    @inlinable
    static func naming<T>(writing record: Self, on conn: Connection, isDelete: Bool = false, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw conn.explainForeignKeyViolation(error, record: record, isDelete: isDelete).inTable(schema.name)
        }
    }
}

extension Connection {
    /// Runs `sql` binding `record` by column position, and returns the number of changed rows.
    @inlinable @inline(__always)
    func run<R: Record>(_ sql: RecordStatementSQL, record: R) throws -> Int {
        try withStatement(sql) { statement in
            var encoder = RecordEncoder(statement: statement)
            do {
                try record.encode(to: &encoder)
            } catch let error as DatabaseError {
                throw encoder.naming(error, columns: R.schema.columns.map(\.name))
            }
            try statement.run()
            return changesCount
        }
    }

    /// Runs `sql` binding `key` by key position, and returns the number of changed rows.
    @inlinable
    func run<R: Record>(_ sql: RecordStatementSQL, key: R.PrimaryKey, of type: R.Type) throws -> Int {
        try withStatement(sql) { statement in
            var encoder = RecordEncoder(statement: statement)
            do {
                try R.encode(key: key, to: &encoder)
            } catch let error as DatabaseError {
                throw encoder.naming(error, columns: R.schema.primaryKey)
            }
            try statement.run()
            return changesCount
        }
    }
}

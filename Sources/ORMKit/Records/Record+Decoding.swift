extension Record {
    /// Decodes a record from `row`, naming this record's table in decoding errors that do not name one.
    @inlinable
    static func decodeRecord(_ row: Row) throws -> Self {
        do {
            return try Self(row: row)
        } catch let error as DatabaseError {
            throw error.inTable(schema.name)
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
}

extension Connection {
    /// Runs `sql` binding `record` by column position, and returns the number of changed rows.
    /// A foreign-key violation names the key (`explainForeignKeyViolation`).
    @inlinable
    func run<R: Record>(_ sql: RecordStatementSQL, record: R) throws -> Int {
        do {
            return try withStatement(sql) { statement in
                var encoder = RecordEncoder(statement: statement)
                try record.encode(to: &encoder)
                try statement.run()
                return changesCount
            }
        } catch let error as DatabaseError where error.isForeignKeyViolation {
            throw explainForeignKeyViolation(error, record: record, isDelete: sql.isDelete)
        }
    }

    /// Runs `sql` binding `key` by key position, and returns the number of changed rows.
    @inlinable
    func run<R: Record>(_ sql: RecordStatementSQL, key: R.PrimaryKey, of type: R.Type) throws -> Int {
        try withStatement(sql) { statement in
            var encoder = RecordEncoder(statement: statement)
            try R.encode(key: key, to: &encoder)
            try statement.run()
            return changesCount
        }
    }
}

extension Statement {
    /// Steps through every row, passing each to `body` with its 0-based index.
    ///
    /// - Throws: `DatabaseError` from SQLite, or what `body` throws.
    @inlinable
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
    @inlinable
    func firstRow<T>(_ decode: (Row) throws -> T) throws -> T? {
        guard try step() else { return nil }
        return try decode(Row(statement: handle, index: 0))
    }
}

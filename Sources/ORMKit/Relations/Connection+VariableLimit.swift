import ORMKitSQLite

extension Connection {
    /// The most `?` parameters one statement may have (`SQLITE_LIMIT_VARIABLE_NUMBER`): eager loading splits
    /// its `WHERE key IN (…)` lists into chunks of at most this many keys.
    public var maximumBoundVariables: Int {
        Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
    }

    /// Lowers `maximumBoundVariables` for this connection (`sqlite3_limit`), so tests can exercise chunking
    /// without hundreds of thousands of rows. SQLite ignores values above its compile-time maximum.
    @_spi(Testing) public func limitBoundVariables(to count: Int) {
        sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, Int32(clamping: count))
    }
}

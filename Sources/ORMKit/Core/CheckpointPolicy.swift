import ORMKitSQLite

/// Keeps the WAL file of a database bounded while readers never stop.
///
/// SQLite's automatic checkpoint (PASSIVE, after a commit leaves 1000 pages in the WAL) copies pages back into
/// the database but never waits for readers, and the WAL file only starts over from its beginning when no
/// reader uses it: with readers always running, it grows with every commit. This policy, installed on the
/// writer as its WAL hook (replacing the automatic checkpoint), does the same PASSIVE checkpoint at 1000 pages,
/// and from `restartPageCount` pages on tries a RESTART checkpoint after each commit, without waiting (the busy
/// handler is off for it): it succeeds as soon as no reader holds a snapshot older than the checkpoint, which
/// short reads soon allow, and never delays the write that triggered it. `PRAGMA journal_size_limit` then
/// truncates the restarted file to that size.
enum CheckpointPolicy {
    /// WAL pages after which a commit runs a PASSIVE checkpoint (SQLite's default).
    static let passivePageCount: Int32 = 1000
    /// WAL pages after which each commit tries a RESTART checkpoint.
    static let restartPageCount: Int32 = 4000

    /// Installs the policy on the writer `handle` of a WAL database whose busy timeout is `busyTimeout` ms.
    static func install(on handle: OpaquePointer, busyTimeout: Int32) {
        let pageSize = Int64(firstInteger(handle, "PRAGMA page_size") ?? 4096)
        sqlite3_exec(handle, "PRAGMA journal_size_limit = \(pageSize * Int64(restartPageCount))", nil, nil, nil)
        sqlite3_wal_hook(handle, walHook, UnsafeMutableRawPointer(bitPattern: Int(busyTimeout) + 1))
    }
}

/// The first column of the first row of `sql`, or nil.
private func firstInteger(_ handle: OpaquePointer, _ sql: String) -> Int64? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
    defer { sqlite3_finalize(statement) }
    return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : nil
}

/// The WAL hook: runs after each commit with the number of pages in the WAL. The context holds the busy
/// timeout + 1 (so that it is never a null pointer).
private func walHook(context: UnsafeMutableRawPointer?, handle: OpaquePointer?, database: UnsafePointer<CChar>?, pages: Int32) -> Int32 {
    guard let handle else { return SQLITE_OK }
    if pages >= CheckpointPolicy.restartPageCount {
        sqlite3_busy_handler(handle, nil, nil)
        sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_RESTART, nil, nil)
        sqlite3_busy_timeout(handle, Int32(Int(bitPattern: context) - 1))
    } else if pages >= CheckpointPolicy.passivePageCount {
        sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
    return SQLITE_OK
}

import ORMKitSQLite

/// Keeps the WAL file of a database bounded while readers never stop and other processes keep writing.
///
/// SQLite's automatic checkpoint (PASSIVE, after a commit leaves 1000 pages in the WAL) copies pages back into
/// the database but waits for no one, and the WAL file only starts over when no reader uses it: with readers
/// always running and another writer always appending, it grows with every commit. This policy, installed on
/// the writer as its WAL hook (which replaces the automatic checkpoint), does the same PASSIVE checkpoint at
/// 1000 pages. From `restartPageCount` pages on, each commit tries a RESTART checkpoint without waiting: it
/// copies the pages back and starts the WAL over if, at that moment, no other writer and no reader of an older
/// snapshot is active. If the WAL still reaches twice that size, a commit runs a RESTART that waits up to
/// `restartWaitMilliseconds` for them (holding off other writers meanwhile, while new readers read the database
/// file); when a long read outlasts that, the next waiting attempt comes 1000 pages later, so a long read never
/// costs each commit a wait. `PRAGMA journal_size_limit` truncates the restarted file to `restartPageCount`
/// pages.
final class CheckpointPolicy {
    /// WAL pages after which a commit runs a PASSIVE checkpoint (SQLite's default).
    static let passivePageCount: Int32 = 1000
    /// WAL pages after which each commit tries a RESTART checkpoint without waiting.
    static let restartPageCount: Int32 = 4000
    /// The longest a waiting RESTART checkpoint waits for other writers and older readers.
    static let restartWaitMilliseconds: Int32 = 100

    /// The connection's busy timeout, restored after a RESTART.
    private let busyTimeout: Int32
    /// The WAL size at which the next waiting RESTART runs.
    private var nextWaitingRestart = 2 * CheckpointPolicy.restartPageCount

    /// Installs the policy on the writer `handle` of a WAL database whose busy timeout is `busyTimeout` ms; the
    /// policy must outlive the handle.
    init(installingOn handle: OpaquePointer, busyTimeout: Int32) {
        self.busyTimeout = busyTimeout
        var pageSize: Int64 = 4096
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(handle, "PRAGMA page_size", -1, &statement, nil) == SQLITE_OK, let statement {
            if sqlite3_step(statement) == SQLITE_ROW { pageSize = sqlite3_column_int64(statement, 0) }
            sqlite3_finalize(statement)
        }
        sqlite3_exec(handle, "PRAGMA journal_size_limit = \(pageSize * Int64(Self.restartPageCount))", nil, nil, nil)
        sqlite3_wal_hook(handle, walHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called after each commit with the number of pages in the WAL.
    fileprivate func didCommit(handle: OpaquePointer, database: UnsafePointer<CChar>?, pages: Int32) {
        if pages < Self.restartPageCount { nextWaitingRestart = 2 * Self.restartPageCount }
        if pages >= Self.restartPageCount {
            let waits = pages >= nextWaitingRestart
            BusyHandler.install(on: handle, milliseconds: waits ? Self.restartWaitMilliseconds : 0)
            let code = sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_RESTART, nil, nil)
            BusyHandler.install(on: handle, milliseconds: busyTimeout)
            if code == SQLITE_OK {
                nextWaitingRestart = 2 * Self.restartPageCount
            } else if waits {
                nextWaitingRestart = pages + Self.passivePageCount
            }
        } else if pages >= Self.passivePageCount {
            sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }
}

/// The C WAL hook: forwards to the `CheckpointPolicy` in `context`.
private func walHook(context: UnsafeMutableRawPointer?, handle: OpaquePointer?, database: UnsafePointer<CChar>?, pages: Int32) -> Int32 {
    guard let context, let handle else { return SQLITE_OK }
    Unmanaged<CheckpointPolicy>.fromOpaque(context).takeUnretainedValue().didCommit(handle: handle, database: database, pages: pages)
    return SQLITE_OK
}

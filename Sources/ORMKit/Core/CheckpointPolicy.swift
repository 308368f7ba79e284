import ORMKitSQLite

/// Keeps the WAL file of a database bounded while readers never stop and other processes keep writing.
///
/// SQLite's automatic checkpoint (PASSIVE, after a commit leaves 1000 pages in the WAL) copies pages back into
/// the database but waits for no one, and the WAL file only starts over when no reader uses it: with readers
/// always running and another writer always appending, it grows with every commit. This policy, installed on
/// the writer as its WAL hook (which replaces the automatic checkpoint), does the same PASSIVE checkpoint at
/// 1000 pages. From `restartPageCount` pages on, each commit tries a RESTART checkpoint without waiting: it
/// copies the pages back and starts the WAL over if, at that moment, no other writer and no reader of an older
/// snapshot is active.
///
/// With a reader pool (`enableReaderDrain`), from `drainPageCount` pages the database pauses its own readers off
/// the commit path (new reads wait, running ones finish) and restarts the WAL once they are idle, so the wait for
/// readers falls on reads, not on a commit. A RESTART that waits up to `restartWaitMilliseconds` in the commit
/// (holding off other writers meanwhile, while new readers read the database file) remains the fallback for
/// readers of other processes and long cursors: at twice `restartPageCount` pages without a reader pool,
/// `fallbackWaitingRestartPageCount` with one; when a long read outlasts it, the next waiting attempt comes 1000
/// pages later, so a long read never costs each commit a wait. `PRAGMA journal_size_limit` truncates the
/// restarted file to `restartPageCount` pages.
final class CheckpointPolicy {
    /// WAL pages after which a commit runs a PASSIVE checkpoint (SQLite's default).
    static let passivePageCount: Int32 = 1000
    /// WAL pages after which each commit tries a RESTART checkpoint without waiting.
    static let restartPageCount: Int32 = 4000
    /// WAL pages after which the database's own readers are drained to restart the WAL (with a reader pool).
    static let drainPageCount: Int32 = 8000
    /// WAL pages after which a commit runs a waiting RESTART when the readers are drained first.
    static let fallbackWaitingRestartPageCount: Int32 = 11000
    /// The longest a waiting RESTART checkpoint waits for other writers and older readers.
    static let restartWaitMilliseconds: Int32 = 100
    /// How long the RESTART after a drain waits for another process's writer.
    static let drainedRestartWaitMilliseconds: Int32 = 10

    /// The connection's busy timeout, restored after a RESTART.
    private let busyTimeout: Int32
    /// The WAL size at which a commit runs a waiting RESTART, when none failed since the WAL was small.
    private var waitingRestartPageCount = 2 * CheckpointPolicy.restartPageCount
    /// The WAL size at which the next waiting RESTART runs.
    private var nextWaitingRestart = 2 * CheckpointPolicy.restartPageCount
    /// Pauses the database's readers and restarts the WAL off the commit path (returns at once); nil without a
    /// reader pool.
    private var drainReaders: (() -> Void)?
    /// A drain was asked for and has not restarted the WAL yet. Touched under the database's lock only.
    private var isDrainRequested = false

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

    /// From `drainPageCount` pages, calls `drain` (from a commit, under the database's lock; it must return at
    /// once) to pause the readers and call `restartAfterDrain` once they are idle; the waiting RESTART in a commit
    /// moves to `fallbackWaitingRestartPageCount`.
    func enableReaderDrain(_ drain: @escaping () -> Void) {
        drainReaders = drain
        waitingRestartPageCount = Self.fallbackWaitingRestartPageCount
        nextWaitingRestart = waitingRestartPageCount
    }

    /// Restarts the WAL of the writer `handle` while the readers are paused (`drained`: none in use); call under the
    /// database's lock.
    func restartAfterDrain(handle: OpaquePointer, drained: Bool) {
        isDrainRequested = false
        if drained, restart(handle, database: nil, waitMilliseconds: Self.drainedRestartWaitMilliseconds) {
            nextWaitingRestart = waitingRestartPageCount
        }
    }

    /// Called after each commit with the number of pages in the WAL.
    fileprivate func didCommit(handle: OpaquePointer, database: UnsafePointer<CChar>?, pages: Int32) {
        guard pages >= Self.restartPageCount else {
            nextWaitingRestart = waitingRestartPageCount
            if pages >= Self.passivePageCount { sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
            return
        }
        if restart(handle, database: database, waitMilliseconds: 0) {
            nextWaitingRestart = waitingRestartPageCount
            return
        }
        if let drainReaders, !isDrainRequested, pages >= Self.drainPageCount {
            isDrainRequested = true
            drainReaders()
        }
        if pages >= nextWaitingRestart {
            if restart(handle, database: database, waitMilliseconds: Self.restartWaitMilliseconds) {
                nextWaitingRestart = waitingRestartPageCount
            } else {
                nextWaitingRestart = pages + Self.passivePageCount
            }
        }
    }

    /// Runs a RESTART checkpoint that waits up to `waitMilliseconds` for other writers and older readers; returns
    /// whether it restarted the WAL.
    private func restart(_ handle: OpaquePointer, database: UnsafePointer<CChar>?, waitMilliseconds: Int32) -> Bool {
        BusyHandler.install(on: handle, milliseconds: waitMilliseconds)
        let code = sqlite3_wal_checkpoint_v2(handle, database, SQLITE_CHECKPOINT_RESTART, nil, nil)
        BusyHandler.install(on: handle, milliseconds: busyTimeout)
        return code == SQLITE_OK
    }
}

/// The C WAL hook: forwards to the `CheckpointPolicy` in `context`.
private func walHook(context: UnsafeMutableRawPointer?, handle: OpaquePointer?, database: UnsafePointer<CChar>?, pages: Int32) -> Int32 {
    guard let context, let handle else { return SQLITE_OK }
    Unmanaged<CheckpointPolicy>.fromOpaque(context).takeUnretainedValue().didCommit(handle: handle, database: database, pages: pages)
    return SQLITE_OK
}

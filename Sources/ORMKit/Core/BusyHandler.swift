import Foundation
import ORMKitSQLite

/// How a connection waits when another connection (often another process) holds the lock it needs.
///
/// SQLite's `sqlite3_busy_timeout` handler sleeps longer and longer between attempts (1, 2, 5 … 100 ms): against
/// a process that commits in a tight loop, releasing the lock for microseconds at a time, it can miss every
/// window and fail with `SQLITE_BUSY` after the whole timeout. This handler tries again every millisecond until
/// the timeout has been slept, so a waiting writer gets its turn.
enum BusyHandler {
    /// Installs the handler on `handle`, waiting up to `milliseconds` (0: fail at once).
    static func install(on handle: OpaquePointer, milliseconds: Int32) {
        guard milliseconds > 0 else {
            sqlite3_busy_handler(handle, nil, nil)
            return
        }
        // The context carries the timeout itself, never 0 here, so never a null pointer.
        sqlite3_busy_handler(handle, busyCallback, UnsafeMutableRawPointer(bitPattern: Int(milliseconds)))
    }
}

/// Called by SQLite with the number of times it was already called for this lock: sleeps 1 ms and asks for one
/// more attempt until the timeout is slept.
private func busyCallback(context: UnsafeMutableRawPointer?, attempts: Int32) -> Int32 {
    let timeout = Int(bitPattern: context)
    guard Int(attempts) < timeout else { return 0 }
    usleep(1000)
    return 1
}

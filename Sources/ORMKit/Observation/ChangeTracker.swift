import ORMKitSQLite

/// Follows the writer connection's writes from statement to commit, so that `Database` can tell transaction
/// hooks and observers what each commit (or rollback) changed.
///
/// The tables and columns come from the statements run (`StatementAccess`, noted when a statement is acquired);
/// rowids come from SQLite's update hook, installed only while an observer needs them. SQLite's commit hook
/// moves the transaction's changes to `committing`; they are confirmed once the connection is back in
/// autocommit mode without the rollback hook having fired (a `COMMIT` that fails keeps the transaction open
/// or rolls it back). Only the thread holding the writer touches it, so its state skips Swift's run-time
/// exclusivity checks (`willRun` runs for every statement the writer runs).
final class ChangeTracker {
    /// Statements run in the current transaction, each noted once in a row (a batch notes its insert once).
    @exclusivity(unchecked) private var pendingAccesses: [StatementAccess] = []
    /// The last statement noted, to skip it when it runs again.
    @exclusivity(unchecked) private var lastNoted: ObjectIdentifier?
    /// Whether `committing` holds changes (read for every statement, cheaper than the optional).
    @exclusivity(unchecked) private var isCommitting = false
    /// Rowids the update hook reported in the current transaction, by table.
    @exclusivity(unchecked) private var pendingRowIDs: [String: Set<Int64>] = [:]
    /// The last table the update hook named, to skip building its name for each row of a batch.
    @exclusivity(unchecked) private var lastHookTable: (pointer: UnsafePointer<CChar>, name: String)?
    /// Whether `pendingRowIDs` holds every changed rowid of the current transaction.
    @exclusivity(unchecked) private var rowIDsAreComplete = false
    /// Changes handed to `COMMIT` and not confirmed yet.
    @exclusivity(unchecked) private var committing: DatabaseChanges?
    /// Changes confirmed committed and not delivered yet.
    @exclusivity(unchecked) private var committed: DatabaseChanges?
    /// Changes rolled back and not delivered yet.
    @exclusivity(unchecked) private var rolledBack: DatabaseChanges?
    /// Whether the update hook is installed.
    @exclusivity(unchecked) private(set) var tracksRowIDs = false

    /// Notes that `statement` is about to run on `connection`; confirms a finished commit first.
    @inline(__always)
    func willRun(_ statement: Statement, on connection: Connection) {
        if isCommitting, !connection.isInTransaction { confirmCommit() }
        if statement.isWrite, lastNoted != ObjectIdentifier(statement.access) { note(statement.access) }
    }

    private func note(_ access: StatementAccess) {
        pendingAccesses.append(access)
        lastNoted = ObjectIdentifier(access)
    }

    /// The changes committed and rolled back since the last call; call it when the connection is not in a
    /// transaction (a pending commit is then confirmed).
    func takeFinishedChanges() -> (committed: DatabaseChanges?, rolledBack: DatabaseChanges?) {
        guard isCommitting || committed != nil || rolledBack != nil else { return (nil, nil) }
        if isCommitting { confirmCommit() }
        defer {
            committed = nil
            rolledBack = nil
        }
        return (committed, rolledBack)
    }

    /// Starts or stops collecting rowids (the update hook). Rowids of a transaction already open stay incomplete.
    func setTracksRowIDs(_ tracks: Bool, handle: OpaquePointer, inTransaction: Bool) {
        guard tracks != tracksRowIDs else { return }
        tracksRowIDs = tracks
        if tracks {
            sqlite3_update_hook(handle, updateHookCallback, Unmanaged.passUnretained(self).toOpaque())
            rowIDsAreComplete = !inTransaction
        } else {
            sqlite3_update_hook(handle, nil, nil)
            rowIDsAreComplete = false
            pendingRowIDs = [:]
            lastHookTable = nil
        }
    }

    /// Installs the commit and rollback hooks on `handle`.
    func install(on handle: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_commit_hook(handle, commitHookCallback, context)
        sqlite3_rollback_hook(handle, rollbackHookCallback, context)
    }

    /// Removes every hook from `handle` (before it closes).
    func uninstall(from handle: OpaquePointer) {
        sqlite3_commit_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
        sqlite3_update_hook(handle, nil, nil)
        tracksRowIDs = false
    }

    fileprivate func rowChanged(table: UnsafePointer<CChar>, rowID: Int64) {
        let name: String
        if let last = lastHookTable, last.pointer == table {
            name = last.name
        } else {
            name = String(cString: table)
            lastHookTable = (table, name)
        }
        pendingRowIDs[name, default: []].insert(rowID)
    }

    fileprivate func willCommit() {
        let changes = takePending()
        committing = committing.map { $0.merged(with: changes) } ?? changes
        isCommitting = true
    }

    fileprivate func didRollBack() {
        var changes = takePending()
        if let failed = committing { changes = failed.merged(with: changes) }
        committing = nil
        isCommitting = false
        if !changes.isEmpty { rolledBack = rolledBack.map { $0.merged(with: changes) } ?? changes }
    }

    private func confirmCommit() {
        guard let changes = committing else { return }
        committing = nil
        isCommitting = false
        if !changes.isEmpty { committed = committed.map { $0.merged(with: changes) } ?? changes }
    }

    /// The current transaction's changes; resets them for the next transaction.
    private func takePending() -> DatabaseChanges {
        var changes = DatabaseChanges()
        for access in pendingAccesses {
            changes.changesSchema = changes.changesSchema || access.changesSchema
            for (table, columns) in access.writes {
                let rowIDs = rowIDsAreComplete ? pendingRowIDs[table] ?? [] : nil
                let change = DatabaseChanges.TableChange(columns: columns, rowIDs: rowIDs)
                changes.changesByTable[table] = changes.changesByTable[table].map { $0.merged(with: change) } ?? change
            }
        }
        pendingAccesses = []
        lastNoted = nil
        pendingRowIDs = [:]
        rowIDsAreComplete = tracksRowIDs
        return changes
    }
}

private func updateHookCallback(
    context: UnsafeMutableRawPointer?, operation: Int32, database: UnsafePointer<CChar>?, table: UnsafePointer<CChar>?,
    rowID: sqlite3_int64
) {
    guard let context, let table else { return }
    Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().rowChanged(table: table, rowID: rowID)
}

private func commitHookCallback(context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return 0 }
    Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().willCommit()
    return 0
}

private func rollbackHookCallback(context: UnsafeMutableRawPointer?) {
    guard let context else { return }
    Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().didRollBack()
}

import ORMKitSQLite

/// What one prepared statement reads and writes, as SQLite's authorizer reported it while compiling the
/// statement (triggers and foreign-key actions included): the base of observation regions and of the
/// changes a commit reports.
final class StatementAccess: Sendable {
    /// Columns read, by table; a table mapped to an empty set is read as a whole (`COUNT(*)`, `rowid`).
    let reads: [String: Set<String>]
    /// Columns written, by table; nil means whole rows (inserts and deletes).
    let writes: [String: Set<String>?]
    /// Whether the statement creates, drops or alters a table, index, view or trigger.
    let changesSchema: Bool

    /// Whether running the statement may change the database.
    let isWrite: Bool

    init(reads: [String: Set<String>], writes: [String: Set<String>?], changesSchema: Bool) {
        self.reads = reads
        self.writes = writes
        self.changesSchema = changesSchema
        self.isWrite = changesSchema || !writes.isEmpty
    }

    /// A statement that touches no table (`BEGIN`, `PRAGMA`, `SELECT 1`).
    static let none = StatementAccess(reads: [:], writes: [:], changesSchema: false)
}

/// Collects the authorizer's reports while a connection prepares a statement (`begin` … `finish`).
final class AccessRecorder {
    private var isRecording = false
    private var reads: [String: Set<String>] = [:]
    private var writes: [String: Set<String>?] = [:]
    private var changesSchema = false
    /// Whether the previous report was a `DROP`: SQLite then asks to delete from the dropped table itself.
    private var followsDrop = false

    /// Starts collecting for one `sqlite3_prepare`.
    func begin() {
        isRecording = true
        reads = [:]
        writes = [:]
        changesSchema = false
    }

    /// Stops collecting and returns what the statement accesses.
    func finish() -> StatementAccess {
        isRecording = false
        if reads.isEmpty, writes.isEmpty, !changesSchema { return .none }
        return StatementAccess(reads: reads, writes: writes, changesSchema: changesSchema)
    }

    /// Handles one authorizer report and answers it.
    ///
    /// Every action is allowed. Deletions from user tables answer `SQLITE_IGNORE`, which SQLite documents as
    /// "delete anyway, but row by row": the truncate optimization of `DELETE FROM t` would otherwise delete
    /// without telling the update hook, and change sets need every deleted rowid. The deletions `DROP` asks for
    /// (from `sqlite_master`, then from the dropped table itself) answer `SQLITE_OK`: on any other answer
    /// `DROP TABLE` silently does nothing.
    func authorize(action: Int32, table: String?, column: String?) -> Int32 {
        let isUserTable = table.map { !$0.hasPrefix("sqlite_") } ?? false
        let isDrop = (SQLITE_DROP_INDEX...SQLITE_DROP_VIEW).contains(action) || action == SQLITE_DROP_VTABLE
        let deletesDroppedTable = action == SQLITE_DELETE && followsDrop
        followsDrop = isDrop
        if isRecording {
            switch action {
            case SQLITE_READ:
                if let table, isUserTable { recordRead(table: table, column: column ?? "") }
            case SQLITE_INSERT, SQLITE_DELETE:
                if let table, isUserTable { writes[table] = .some(nil) }
            case SQLITE_UPDATE:
                if let table, isUserTable, let column { recordUpdate(table: table, column: column) }
            case SQLITE_CREATE_INDEX...SQLITE_DROP_VIEW, SQLITE_ALTER_TABLE, SQLITE_CREATE_VTABLE, SQLITE_DROP_VTABLE:
                changesSchema = true   // SQLITE_DELETE (9), inside this range, matched the case above
            default:
                break
            }
        }
        return action == SQLITE_DELETE && isUserTable && !deletesDroppedTable ? SQLITE_IGNORE : SQLITE_OK
    }

    /// Adds `column` to the columns updated in `table`, unless whole rows of it are written already.
    private func recordUpdate(table: String, column: String) {
        switch writes[table] {
        case .none: writes[table] = [column]
        case .some(.none): break
        case .some(.some(var columns)):
            columns.insert(column)
            writes[table] = columns
        }
    }

    private func recordRead(table: String, column: String) {
        let lowered = column.lowercased()
        if column.isEmpty || lowered == "rowid" || lowered == "oid" || lowered == "_rowid_" {
            reads[table] = []   // the whole table
        } else if reads[table]?.isEmpty != true {
            reads[table, default: []].insert(column)
        }
    }
}

/// The C callback for `sqlite3_set_authorizer`: forwards to the connection's `AccessRecorder`.
func authorizerCallback(
    context: UnsafeMutableRawPointer?, action: Int32, first: UnsafePointer<CChar>?, second: UnsafePointer<CChar>?,
    database: UnsafePointer<CChar>?, trigger: UnsafePointer<CChar>?
) -> Int32 {
    guard let context else { return SQLITE_OK }
    let recorder = Unmanaged<AccessRecorder>.fromOpaque(context).takeUnretainedValue()
    return recorder.authorize(action: action, table: first.map { String(cString: $0) }, column: second.map { String(cString: $0) })
}

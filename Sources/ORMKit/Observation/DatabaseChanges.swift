/// What one committed (or rolled-back) write changed: the tables, and for observers the columns and rowids.
///
/// ```swift
/// let subscription = db.afterCommit { changes in
///     if changes.tables.contains("books") { NotificationCenter.default.post(name: .booksChanged, object: nil) }
/// }
/// ```
public struct DatabaseChanges: Sendable, Hashable {
    /// How one table changed.
    struct TableChange: Sendable, Hashable {
        /// The columns updated; nil when whole rows were inserted or deleted.
        var columns: Set<String>?
        /// The rowids inserted, updated or deleted; nil when unknown (no observer asked for them, or the
        /// table has no rowid).
        var rowIDs: Set<Int64>?

        /// Both changes together.
        func merged(with other: TableChange) -> TableChange {
            var columns: Set<String>?
            if let mine = self.columns, let theirs = other.columns { columns = mine.union(theirs) }
            var rowIDs: Set<Int64>?
            if let mine = self.rowIDs, let theirs = other.rowIDs { rowIDs = mine.union(theirs) }
            return TableChange(columns: columns, rowIDs: rowIDs)
        }
    }

    /// How each changed table changed, by table name.
    var changesByTable: [String: TableChange]
    /// Whether a table, index, view or trigger was created, dropped or altered.
    public internal(set) var changesSchema: Bool
    /// Whether the change was made by another connection (another `Database` value or another process) and
    /// seen through `PRAGMA data_version`: which tables changed is then unknown, and `tables` is empty.
    public internal(set) var isExternal: Bool

    /// The names of the tables whose rows were inserted, updated or deleted (triggers and foreign-key actions
    /// included).
    public var tables: Set<String> { Set(changesByTable.keys) }

    init(changesByTable: [String: TableChange] = [:], changesSchema: Bool = false, isExternal: Bool = false) {
        self.changesByTable = changesByTable
        self.changesSchema = changesSchema
        self.isExternal = isExternal
    }

    /// A change by another connection: anything may have changed.
    static let external = DatabaseChanges(isExternal: true)

    /// Whether nothing is recorded.
    var isEmpty: Bool { changesByTable.isEmpty && !changesSchema && !isExternal }

    /// Whether any table, column or rowid is unknown, so that any observed value may have changed.
    var changesEverything: Bool { changesSchema || isExternal }

    /// Both changes together.
    func merged(with other: DatabaseChanges) -> DatabaseChanges {
        DatabaseChanges(
            changesByTable: changesByTable.merging(other.changesByTable) { $0.merged(with: $1) },
            changesSchema: changesSchema || other.changesSchema,
            isExternal: isExternal || other.isExternal
        )
    }
}

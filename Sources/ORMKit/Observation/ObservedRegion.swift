/// What an observed fetch read: tables and columns (from its statements' `StatementAccess`), narrowed to some
/// rowids for primary-key lookups. A commit that touches none of it cannot change the fetched value.
struct ObservedRegion: Sendable {
    /// Columns read, by table; an empty set means the whole table.
    private(set) var columnsByTable: [String: Set<String>] = [:]
    /// For tables looked up by rowid only: the rowids read.
    var rowIDsByTable: [String: Set<Int64>] = [:]

    /// The tables read.
    var tables: Set<String> { Set(columnsByTable.keys) }

    /// Adds what one statement reads.
    mutating func formUnion(_ access: StatementAccess) {
        for (table, columns) in access.reads {
            if columns.isEmpty {
                columnsByTable[table] = []
            } else if columnsByTable[table]?.isEmpty != true {
                columnsByTable[table, default: []].formUnion(columns)
            }
        }
    }

    /// Whether `changes` may change what was read.
    func isModified(by changes: DatabaseChanges) -> Bool {
        if changes.changesEverything { return true }
        for (table, change) in changes.changesByTable {
            guard let columns = columnsByTable[table] else { continue }
            if let written = change.columns, !columns.isEmpty, written.isDisjoint(with: columns) { continue }
            if let narrowed = rowIDsByTable[table], let changed = change.rowIDs, narrowed.isDisjoint(with: changed) { continue }
            return true
        }
        return false
    }
}

/// Collects the region of the statements a connection runs during an observed fetch.
final class RegionRecorder {
    private(set) var region = ObservedRegion()

    /// Adds what a statement about to run reads.
    func add(_ access: StatementAccess) {
        region.formUnion(access)
    }
}

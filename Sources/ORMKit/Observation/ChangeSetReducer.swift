import ORMKitSQLite

/// Turns fetches of a request into `RecordChanges`: after the first full fetch, a commit that changed only
/// the request's own table (with known rowids) is followed by a fetch of the touched rows alone; anything else
/// (other tables read by the request, a `LIMIT`, a key update, a schema change) fetches the whole result again
/// and compares it by id. Either way the changes are exact.
struct ChangeSetReducer<R: Record & Identifiable & Equatable>: ObservationReducer where R.ID: Sendable {
    /// One fetch: every row of the result, or only the touched rowids that still match.
    enum Fetched: Sendable {
        case all([(rowID: Int64?, record: R)])
        case touched(Set<Int64>, [(rowID: Int64?, record: R)])
    }

    /// The most rowids fetched by one narrowed query; more touched rows fetch the whole result.
    static var narrowedFetchLimit: Int { 500 }

    let request: QueryRequest<R>
    /// The rows the task has seen, by id.
    private var yielded: [R.ID: R] = [:]
    /// What changed since then: the current row for each touched id (nil: no longer in the result).
    private var changed: [R.ID: R?] = [:]
    /// Ids in `changed`, in the order they were first touched.
    private var changedOrder: [R.ID] = []
    /// The id of each row in the current result, by rowid (for deletions, which fetch nothing).
    private var idsByRowID: [Int64: R.ID] = [:]
    /// The tables the last fetch read.
    private var regionTables: Set<String> = []
    private var hasYielded = false
    private var hasFetched = false

    init(request: QueryRequest<R>) {
        self.request = request
    }

    var needsRowIDs: Bool { true }

    func narrow(_ region: inout ObservedRegion) {}

    func fetch(_ conn: Connection, changes: DatabaseChanges?) throws -> Fetched {
        let table = R.schema.name
        let hasRowID = sqlite3_table_column_metadata(conn.handle, "main", table, "rowid", nil, nil, nil, nil, nil) == SQLITE_OK
        if hasFetched, hasRowID, let changes, let touched = narrowableRowIDs(changes) {
            if touched.isEmpty { return .touched(touched, []) }
            var narrowed = request
            let rowID = SQLExpression(.column(table: table, name: "rowid"))
            let list = SQLExpression(.inList(rowID, touched.sorted().map { SQLExpression.value(.integer($0)) }, negated: false))
            narrowed.condition = request.condition.map { SQLExpression(.binary(.and, $0, list)) } ?? list
            return .touched(touched, try Self.fetchRows(narrowed, conn, withRowID: true))
        }
        return .all(try Self.fetchRows(request, conn, withRowID: hasRowID))
    }

    /// The rowids to fetch again after `changes`, when fetching them alone gives the exact changes.
    private func narrowableRowIDs(_ changes: DatabaseChanges) -> Set<Int64>? {
        guard !changes.changesEverything, request.limitCount == nil, request.offsetCount == nil, !request.isDistinct,
            request.grouping.isEmpty, request.joins.isEmpty
        else { return nil }
        let table = R.schema.name
        // A change to another table the request reads (a relation filter) can move any row in or out.
        guard changes.changesByTable.keys.allSatisfy({ $0 == table || !regionTables.contains($0) }) else { return nil }
        guard let change = changes.changesByTable[table] else { return [] }
        guard let rowIDs = change.rowIDs, rowIDs.count <= Self.narrowedFetchLimit else { return nil }
        // An updated key moves a row to a new rowid; the update hook names only the new one.
        if let columns = change.columns {
            let keys = Set(R.schema.primaryKey.map { $0.lowercased() }).union(["rowid", "oid", "_rowid_"])
            guard columns.allSatisfy({ !keys.contains($0.lowercased()) }) else { return nil }
        }
        return rowIDs
    }

    /// The request's rows, each with its rowid when `withRowID` (selected after the record's columns).
    private static func fetchRows(_ request: QueryRequest<R>, _ conn: Connection, withRowID: Bool) throws -> [(rowID: Int64?, record: R)] {
        var renderer = SQLRenderer()
        let recordSQL = R.schema.recordSQL
        let selection = withRowID ? recordSQL.selection + ", \(recordSQL.table).\"rowid\"" : recordSQL.selection
        let sql = request.selectSQL(selection, renderer: &renderer)
        let rowIDColumn = Int32(R.schema.columns.count)
        return try R.naming {
            try conn.withStatement(sql) { statement in
                try statement.bind(StatementArguments(try renderer.arguments()))
                var rows: [(rowID: Int64?, record: R)] = []
                var index = 0
                while try statement.step() {
                    let record = try R.decodeRecord(Row(statement: statement.handle, index: index))
                    rows.append((withRowID ? sqlite3_column_int64(statement.handle, rowIDColumn) : nil, record))
                    index += 1
                }
                return rows
            }
        }
    }

    mutating func apply(_ fetched: Fetched, region: ObservedRegion) {
        regionTables = region.tables
        hasFetched = true
        switch fetched {
        case .all(let rows):
            var present = Set<R.ID>()
            idsByRowID = [:]
            for (rowID, record) in rows {
                present.insert(record.id)
                note(record.id, record)
                if let rowID { idsByRowID[rowID] = record.id }
            }
            let before = Set(yielded.keys).union(changed.compactMap { $0.value == nil ? nil : $0.key })
            for id in before where !present.contains(id) { note(id, nil) }
        case .touched(let touched, let rows):
            var found = Set<Int64>()
            for (rowID, record) in rows {
                guard let rowID else { continue }
                found.insert(rowID)
                note(record.id, record)
                idsByRowID[rowID] = record.id
            }
            for rowID in touched where !found.contains(rowID) {
                if let id = idsByRowID.removeValue(forKey: rowID) { note(id, nil) }
            }
        }
    }

    private mutating func note(_ id: R.ID, _ record: R?) {
        if changed.updateValue(record, forKey: id) == nil { changedOrder.append(id) }
    }

    mutating func takeNext() -> RecordChanges<R>? {
        guard hasFetched, !changed.isEmpty || !hasYielded else { return nil }
        var inserted: [R] = []
        var updated: [R] = []
        var deleted: [R.ID] = []
        for id in changedOrder {
            guard let current = changed[id] else { continue }
            switch (yielded[id], current) {
            case (nil, let record?): inserted.append(record)
            case (let old?, let record?) where old != record: updated.append(record)
            case (_?, nil): deleted.append(id)
            default: break
            }
            yielded[id] = current
        }
        changed = [:]
        changedOrder = []
        let changes = RecordChanges(inserted: inserted, updated: updated, deleted: deleted)
        guard !changes.isEmpty || !hasYielded else { return nil }
        hasYielded = true
        return changes
    }
}

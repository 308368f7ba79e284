/// Yields a fetched value when it differs from the last one yielded: never two equal values in a row, and
/// only the latest when several arrive before the task asks.
struct ValueReducer<Value: Equatable & Sendable>: ObservationReducer {
    let fetchValue: @Sendable (Connection) throws -> Value
    /// For a primary-key lookup: the table and the rowids it reads.
    let lookup: (table: String, rowIDs: Set<Int64>)?
    private var lastYielded: Value?
    private var ready: Value?

    init(lookup: (table: String, rowIDs: Set<Int64>)?, fetch: @escaping @Sendable (Connection) throws -> Value) {
        self.fetchValue = fetch
        self.lookup = lookup
    }

    var needsRowIDs: Bool { lookup != nil }

    func fetch(_ conn: Connection, changes: DatabaseChanges?) throws -> Value {
        try fetchValue(conn)
    }

    func narrow(_ region: inout ObservedRegion) {
        guard let lookup, region.tables.contains(lookup.table) else { return }
        region.rowIDsByTable[lookup.table] = lookup.rowIDs
    }

    mutating func apply(_ value: Value, region: ObservedRegion) {
        // `lastYielded` is nil before the first value: `Optional(value) == nil` is false even for a nil value.
        ready = lastYielded.map { $0 == value } == true ? nil : value
    }

    mutating func takeNext() -> Value? {
        guard let value = ready else { return nil }
        ready = nil
        lastYielded = value
        return value
    }
}

extension QueryRequest {
    /// The rowids this request looks up, when it is exactly a lookup by an `INTEGER PRIMARY KEY` (`id == 5`,
    /// `id IN (…)`) with no join: observing it can ignore commits that touch other rows.
    var lookedUpRowIDs: Set<Int64>? {
        let schema = R.schema
        guard joins.isEmpty, grouping.isEmpty, schema.primaryKey.count == 1,
            let key = schema.columns.first(where: { $0.name == schema.primaryKey[0] }),
            key.type.uppercased() == "INTEGER", let condition
        else { return nil }
        func isKey(_ expression: SQLExpression) -> Bool {
            if case .column(let table, let name) = expression.node { return table == schema.name && name == key.name }
            return false
        }
        func integer(_ expression: SQLExpression) -> Int64? {
            if case .value(let bound) = expression.node, case .integer(let value) = bound.storageForm { return value }
            return nil
        }
        switch condition.node {
        case .binary(.equal, let left, let right):
            if isKey(left), let value = integer(right) { return [value] }
            if isKey(right), let value = integer(left) { return [value] }
        case .inList(let expression, let list, negated: false) where isKey(expression):
            let values = list.compactMap(integer)
            if values.count == list.count { return Set(values) }
        default:
            break
        }
        return nil
    }
}

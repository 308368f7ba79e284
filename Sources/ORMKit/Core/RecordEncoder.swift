import ORMKitSQLite

/// Binds a record's values to the parameters of a prepared statement, in order: 1, 2, 3, …
///
/// Generated `encode(to:)` methods call `encode(_:)` once per stored column. Parameters past the statement's
/// parameter count are skipped, so one `encode(to:)` serves `INSERT … VALUES (?1, …, ?n)`,
/// `UPDATE … SET "b" = ?2 WHERE "id" = ?1` and `DELETE … WHERE "id" = ?1`.
public struct RecordEncoder {
    @usableFromInline let binding: StatementBinding
    @usableFromInline let parameterCount: Int32
    /// The index of the next parameter to bind (1-based).
    @usableFromInline var nextIndex: Int32 = 1
    /// A parameter whose NULL-ness the caller wants to know (0: none); upserts watch an auto-increment key.
    @usableFromInline var watchedIndex: Int32 = 0
    /// Whether the watched parameter was bound NULL.
    @usableFromInline var watchedValueIsNull = false

    @usableFromInline
    init(statement: Statement) {
        self.binding = StatementBinding(statement.handle)
        self.parameterCount = statement.parameterCount
    }

    /// Binds `value` to the next parameter.
    ///
    /// - Throws: `DatabaseError` when no column can hold the value (NaN: the error a filter on it throws) or SQLite
    ///   rejects it (for example text over its length limit). Always inlined: a model's generated `encode(to:)`
    ///   then binds each column without a call per column.
    @inlinable @inline(__always)
    public mutating func encode<V: ColumnValue>(_ value: V) throws {
        let index = nextIndex
        nextIndex += 1
        if index <= parameterCount {
            try value.checkStorable()
            try value.bind(to: binding, at: index)
            if index == watchedIndex {
                if case .null = value.storageValue { watchedValueIsNull = true } else { watchedValueIsNull = false }
            }
        }
    }

    /// `error`, thrown while binding, naming the column of the parameter being bound: `columns[k]` is bound to
    /// parameter k + 1 (the stored columns for a record, the key columns for a key).
    @usableFromInline
    func naming(_ error: DatabaseError, columns: [String]) -> DatabaseError {
        let position = Int(nextIndex) - 2
        guard error.kind == .encoding, columns.indices.contains(position) else { return error }
        return error.inColumn(columns[position])
    }

    /// Whether the parameter about to be bound is used by the statement; JSON encoding checks it first so
    /// skipped parameters cost nothing.
    @inlinable
    var nextParameterIsUsed: Bool { nextIndex <= parameterCount }
}

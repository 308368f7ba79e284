import ORMSchema

/// SQLite reports a foreign-key violation without saying which key: `FOREIGN KEY constraint failed`. After a
/// record's insert, update or delete fails that way, ORMKit finds the key itself, on the same connection and
/// inside the same transaction: for a write, the foreign key of the record whose value has no parent row; for a
/// delete, the relation whose rows still reference the record. Only the failure path pays for this.
extension Connection {
    /// `error` naming the violated key's column(s) and the referenced table when it is a foreign-key violation
    /// and they can be found; `error` unchanged otherwise.
    @usableFromInline
    func explainForeignKeyViolation<R: Record>(_ error: DatabaseError, record: R, isDelete: Bool) -> DatabaseError {
        guard error.isForeignKeyViolation, let values = try? columnValues(of: record) else { return error }
        let table = R.schema.name
        let explanation = isDelete ? referencingRows(of: R.schema, values: values) : missingParent(of: R.schema, values: values)
        guard let explanation else { return error }
        return DatabaseError(
            kind: error.kind, resultCode: error.resultCode, extendedResultCode: error.extendedResultCode,
            message: "\(error.message): \(explanation.message)", sql: error.sql, table: table,
            column: explanation.columns.joined(separator: ", "), row: error.row)
    }

    /// The record's stored values by column name, read back from `SELECT ?1, …, ?n` bound by its `encode(to:)`.
    private func columnValues<R: Record>(of record: R) throws -> [String: DatabaseValue] {
        let columns = R.schema.columns
        let sql = "SELECT " + columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        return try withStatement(sql) { statement in
            var encoder = RecordEncoder(statement: statement)
            try record.encode(to: &encoder)
            let row = try statement.firstRow { row in try columns.indices.map { try DatabaseValue.decode(from: row, at: Int32($0)) } }
            return Dictionary(uniqueKeysWithValues: zip(columns.map(\.name), row ?? []))
        }
    }

    /// The first foreign key whose non-NULL value has no row in its target table.
    private func missingParent(of schema: TableSchema, values: [String: DatabaseValue]) -> (columns: [String], message: String)? {
        for key in schema.foreignKeys {
            let keyValues = key.columns.map { values[$0] ?? .null }
            guard !keyValues.contains(.null), (try? exists(in: key.targetTable, where: key.targetColumns, equal: keyValues)) == false else { continue }
            let columns = key.columns.map { "\(schema.name).\($0)" }.joined(separator: ", ")
            return (key.columns, "\(columns) references no row of \(key.targetTable) (\(key.targetColumns.joined(separator: ", ")))")
        }
        return nil
    }

    /// The first hasMany/hasOne relation whose rows still reference the record.
    private func referencingRows(of schema: TableSchema, values: [String: DatabaseValue]) -> (columns: [String], message: String)? {
        for relation in schema.relations {
            let (ownerColumns, childColumns): ([String], [String])
            switch relation.kind {
            case let .hasMany(columns, targetColumns), let .hasOne(columns, targetColumns): (ownerColumns, childColumns) = (columns, targetColumns)
            default: continue
            }
            let keyValues = ownerColumns.map { values[$0] ?? .null }
            guard (try? exists(in: relation.targetTable, where: childColumns, equal: keyValues)) == true else { continue }
            return (childColumns, "rows of \(relation.targetTable) (\(childColumns.joined(separator: ", "))) still reference this \(schema.name) row (relation '\(relation.name)')")
        }
        return nil
    }

    /// Whether `table` has a row whose `columns` equal `values`.
    private func exists(in table: String, where columns: [String], equal values: [DatabaseValue]) throws -> Bool {
        let condition = columns.map { "\(quoteIdentifier($0)) = ?" }.joined(separator: " AND ")
        let sql = "SELECT EXISTS (SELECT 1 FROM \(quoteIdentifier(table)) WHERE \(condition))"
        return try withStatement(sql) { statement in
            try statement.bind(StatementArguments(values))
            return try statement.firstRow { try Int64.decode(from: $0, at: 0) } == 1
        }
    }
}

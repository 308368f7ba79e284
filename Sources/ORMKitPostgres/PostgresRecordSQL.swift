#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import Foundation
import ORMKit
import ORMSchema
import PostgresNIO

/// One statement of a record operation on PostgreSQL: its SQL with `$1, $2, …` and, for each parameter, the
/// position of the value in the record's encoded columns (or key columns) that binds it.
struct PostgresStatement: Sendable {
    let sql: String
    let positions: [Int]
    /// How to prepare it (nil: it always runs unprepared).
    let preparation: StatementPreparation?

    init(sql: String, positions: [Int], preparation: StatementPreparation? = nil) {
        self.sql = sql
        self.positions = positions
        self.preparation = preparation
    }

    /// The parameters for `encoded`, the record's (or key's) values in column order: read in place, not copied.
    func arguments(_ encoded: [WireValue]) -> ArrangedWireValues {
        ArrangedWireValues(values: encoded, positions: positions)
    }
}

/// A statement's parameters read from a record's values in column order: `values[positions[i]]`.
struct ArrangedWireValues: RandomAccessCollection {
    let values: [WireValue]
    let positions: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { positions.count }
    subscript(position: Int) -> WireValue { values[positions[position]] }
}

/// The DML of one table on PostgreSQL, derived once from its `TableSchema` (like SQLite's `RecordSQL`).
final class PostgresRecordSQL: Sendable {
    let table: String
    let columns: [String]
    let selection: String
    /// `SELECT` every column of every row (other reads add clauses to it).
    let selectAll: String
    /// INSERT of every column (an explicit key: the session moves an auto-increment key's sequence past it).
    let insert: PostgresStatement
    /// INSERT without the auto-increment key (the server assigns it), returning it.
    let insertAssigningKey: PostgresStatement?
    let keyPositions: [Int]
    let autoIncrementColumn: String?
    let keyed: Keyed?

    struct Keyed: Sendable {
        /// Parameters are the key columns ($1…$k), in key order.
        let find: PostgresStatement
        let exists: PostgresStatement
        let deleteByKey: PostgresStatement
        /// Parameters from the record's encoded columns. Returns a row only when no row has the key
        /// (`reportingMissingRow`).
        let update: PostgresStatement
        let deleteRecord: PostgresStatement
        let upsert: PostgresStatement
        let keyCondition: String
    }

    init(schema: TableSchema) {
        let table = quoteIdentifier(schema.name)
        let columns = schema.columns.map(\.name)
        let types = schema.columns.map(StatementPreparation.parameterType(of:))
        let prefix = StatementPreparation.uniquePrefix()
        // `parameterColumns`: the column each parameter binds (the key statements' positions count key columns).
        func prepared(_ kind: String, _ sql: String, positions: [Int], parameterColumns: [Int]? = nil) -> PostgresStatement {
            let parameterTypes = (parameterColumns ?? positions).map { types[$0] }
            return PostgresStatement(
                sql: sql, positions: positions,
                preparation: StatementPreparation(baseName: "\(prefix)_\(kind)", parameterTypes: parameterTypes)
            )
        }
        self.table = table
        self.columns = columns
        selection = columns.map { "\(table).\(quoteIdentifier($0))" }.joined(separator: ", ")
        selectAll = "SELECT \(selection) FROM \(table)"
        let positions = schema.primaryKey.compactMap { columns.firstIndex(of: $0) }
        keyPositions = positions
        let autoIncrement = schema.isAutoIncrement && positions.count == 1 ? positions[0] : nil
        autoIncrementColumn = autoIncrement.map { columns[$0] }
        let returning = autoIncrement.map { " RETURNING \(quoteIdentifier(columns[$0]))" } ?? ""
        let insertAll = Self.insert(table: table, columns: columns, positions: Array(columns.indices))
        insert = prepared("insert", insertAll.sql, positions: insertAll.positions)
        insertAssigningKey = autoIncrement.map { key in
            let statement = Self.insert(table: table, columns: columns, positions: columns.indices.filter { $0 != key })
            return prepared("insert_auto", statement.sql + returning, positions: statement.positions)
        }
        guard !positions.isEmpty, positions.count == schema.primaryKey.count else {
            keyed = nil
            return
        }
        let keyByParameter = positions.enumerated()
            .map { "\(table).\(quoteIdentifier(columns[$0.element])) = $\($0.offset + 1)" }
            .joined(separator: " AND ")
        let nonKey = columns.indices.filter { !positions.contains($0) }
        // UPDATE … SET non-key columns WHERE key columns: parameters numbered in that order.
        let assigned = nonKey.isEmpty ? positions : nonKey
        let setClause = assigned.enumerated().map { "\(quoteIdentifier(columns[$0.element])) = $\($0.offset + 1)" }
        let whereClause = positions.enumerated()
            .map { "\(quoteIdentifier(columns[$0.element])) = $\(assigned.count + $0.offset + 1)" }
            .joined(separator: " AND ")
        let deleteClause = positions.enumerated()
            .map { "\(quoteIdentifier(columns[$0.element])) = $\($0.offset + 1)" }
            .joined(separator: " AND ")
        let conflictTarget = positions.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
        let upsertAction = nonKey.isEmpty
            ? "DO NOTHING"
            : "DO UPDATE SET " + nonKey.map { "\(quoteIdentifier(columns[$0])) = EXCLUDED.\(quoteIdentifier(columns[$0]))" }
                .joined(separator: ", ")
        let keyParameters = Array(positions.indices)
        keyed = Keyed(
            find: prepared("find", "\(selectAll) WHERE \(keyByParameter)", positions: keyParameters, parameterColumns: positions),
            exists: prepared(
                "exists", "SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(keyByParameter))", positions: keyParameters, parameterColumns: positions
            ),
            deleteByKey: prepared(
                "delete_key", "DELETE FROM \(table) WHERE \(keyByParameter) RETURNING 1", positions: keyParameters, parameterColumns: positions
            ),
            update: prepared(
                "update", Self.reportingMissingRow("UPDATE \(table) SET \(setClause.joined(separator: ", ")) WHERE \(whereClause)"),
                positions: assigned + positions
            ),
            deleteRecord: prepared("delete", "DELETE FROM \(table) WHERE \(deleteClause) RETURNING 1", positions: positions),
            // No RETURNING: the key is the record's own.
            upsert: prepared(
                "upsert", "\(insertAll.sql) ON CONFLICT (\(conflictTarget)) \(upsertAction)",
                positions: insertAll.positions
            ),
            keyCondition: keyByParameter
        )
    }

    /// UPDATE of `names` only (the key when empty), by the record's key; returns a row only when no row has the key.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a table without a key or an unknown column.
    func update(columns names: [String], tableName: String) throws -> PostgresStatement {
        guard keyed != nil else { throw Self.noKey(tableName) }
        let chosen = try Self.positions(of: names, in: columns, tableName: tableName)
        let assigned = chosen.isEmpty ? keyPositions : chosen
        let setClause = assigned.enumerated().map { "\(quoteIdentifier(columns[$0.element])) = $\($0.offset + 1)" }
        let whereClause = keyPositions.enumerated()
            .map { "\(quoteIdentifier(columns[$0.element])) = $\(assigned.count + $0.offset + 1)" }
            .joined(separator: " AND ")
        return PostgresStatement(
            sql: Self.reportingMissingRow("UPDATE \(table) SET \(setClause.joined(separator: ", ")) WHERE \(whereClause)"),
            positions: assigned + keyPositions
        )
    }

    /// INSERT … ON CONFLICT (`names`) DO UPDATE SET the other non-key columns.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for an unknown column.
    func upsert(onConflict names: [String], condition: String, assigningKey: Bool, tableName: String) throws -> PostgresStatement {
        let conflict = try Self.positions(of: names, in: columns, tableName: tableName)
        let updated = columns.indices.filter { !conflict.contains($0) && !keyPositions.contains($0) }
        let autoIncrementKey = autoIncrementColumn != nil ? keyPositions.first : nil
        let base = Self.insert(
            table: table, columns: columns,
            positions: assigningKey ? columns.indices.filter { $0 != autoIncrementKey } : Array(columns.indices)
        )
        let returning = autoIncrementColumn.map { " RETURNING \(quoteIdentifier($0))" } ?? ""
        let action = updated.isEmpty
            ? (returning.isEmpty ? "DO NOTHING" : "DO UPDATE SET \(quoteIdentifier(columns[conflict[0]])) = EXCLUDED.\(quoteIdentifier(columns[conflict[0]]))")
            : "DO UPDATE SET " + updated.map { "\(quoteIdentifier(columns[$0])) = EXCLUDED.\(quoteIdentifier(columns[$0]))" }
                .joined(separator: ", ")
        let target = conflict.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
        return PostgresStatement(sql: "\(base.sql) ON CONFLICT (\(target))\(condition) \(action)\(returning)", positions: base.positions)
    }

    /// Notes in `session` the explicit auto-increment key among `values` (a record's encoded columns) just written.
    func noteExplicitKey(in values: [WireValue], session: PostgresSession, table tableName: String) {
        guard let column = autoIncrementColumn, let position = keyPositions.first else { return }
        session.noteExplicitKey(values[position], table: tableName, column: column)
    }

    func requireKeyed(_ tableName: String) throws -> Keyed {
        guard let keyed else { throw Self.noKey(tableName) }
        return keyed
    }

    private static func insert(table: String, columns: [String], positions: [Int]) -> PostgresStatement {
        let names = positions.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
        let values = positions.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        let sql = positions.isEmpty
            ? "INSERT INTO \(table) DEFAULT VALUES"
            : "INSERT INTO \(table) (\(names)) VALUES (\(values))"
        return PostgresStatement(sql: sql, positions: positions)
    }

    /// `update` (by key) as a statement that returns one row when it changed none and no row when it changed one:
    /// the common case then returns nothing, which postgres-nio completes without streaming a row (the affected
    /// count of its command tag is not public in its async API).
    private static func reportingMissingRow(_ update: String) -> String {
        "WITH updated AS (\(update) RETURNING 1) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM updated)"
    }

    private static func positions(of names: [String], in columns: [String], tableName: String) throws -> [Int] {
        try Array(Set(names.map { name in
            guard let position = columns.firstIndex(of: name) else {
                throw DatabaseError(kind: .misuse, message: "no column \(name) in the table", table: tableName, column: name)
            }
            return position
        })).sorted()
    }

    private static func noKey(_ tableName: String) -> DatabaseError {
        DatabaseError(kind: .misuse, message: "the operation needs a primary key whose columns are stored columns", table: tableName)
    }

    /// The DML of `R`'s table, built once per table.
    static func of<R: Record>(_ type: R.Type) -> PostgresRecordSQL {
        cache.value(for: ObjectIdentifier(R.schema)) { PostgresRecordSQL(schema: R.schema) }
    }

    /// Each table's DML, by table schema.
    private static let cache = Locked<[ObjectIdentifier: PostgresRecordSQL]>([:])
}
#endif

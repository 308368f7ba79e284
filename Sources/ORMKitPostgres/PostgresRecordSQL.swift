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

/// A statement's parameters: `values` as they are, or read from a record's values in column order
/// (`values[positions[i]]`). One concrete type, so the session's generic-free statement path reads them without
/// the allocations an unspecialized collection's accessors make.
struct ArrangedWireValues: RandomAccessCollection {
    let values: [WireValue]
    /// The position in `values` of each parameter; nil: the parameters are `values` in order.
    let positions: [Int]?

    init(values: [WireValue], positions: [Int]) {
        self.values = values
        self.positions = positions
    }

    /// The parameters `values`, in order.
    init(_ values: [WireValue]) {
        self.values = values
        self.positions = nil
    }

    var startIndex: Int { 0 }
    var endIndex: Int { positions?.count ?? values.count }
    subscript(position: Int) -> WireValue { values[positions?[position] ?? position] }
}

/// The DML of one table on PostgreSQL, derived once from its `TableSchema` by `RecordStatementWriter` (as SQLite's
/// record statements are), with what PostgreSQL needs around them: prepared-statement names and parameter types,
/// an insert that lets the server assign the auto-increment key, and a row where SQLite reads a changes count.
final class PostgresRecordSQL: Sendable {
    /// The table's name, unquoted (errors name it): the schema's, kept here so a statement reads no schema.
    let tableName: String
    /// The table's name, quoted.
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
    private let writer: RecordStatementWriter
    private let autoIncrementPosition: Int?

    /// A class: `requireKeyed` hands it out for every statement, and a struct of six statements cost eighteen retains
    /// and releases each time.
    final class Keyed: Sendable {
        /// Parameters are the key columns ($1…$k), in key order.
        let find: PostgresStatement
        let exists: PostgresStatement
        let deleteByKey: PostgresStatement
        /// Parameters from the record's encoded columns. Returns a row only when no row has the key
        /// (`reportingMissingRow`).
        let update: PostgresStatement
        let deleteRecord: PostgresStatement
        let upsert: PostgresStatement

        init(
            find: PostgresStatement, exists: PostgresStatement, deleteByKey: PostgresStatement, update: PostgresStatement,
            deleteRecord: PostgresStatement, upsert: PostgresStatement
        ) {
            self.find = find
            self.exists = exists
            self.deleteByKey = deleteByKey
            self.update = update
            self.deleteRecord = deleteRecord
            self.upsert = upsert
        }
    }

    init(schema: TableSchema) {
        let writer = RecordStatementWriter(
            name: schema.name, columns: schema.columns.map(\.name), primaryKey: schema.primaryKey, dialect: .postgresql)
        let types = schema.columns.map(StatementPreparation.parameterType(of:))
        let prefix = StatementPreparation.uniquePrefix()
        // A prepared statement; `byKey`: its positions count key columns (find, exists, delete by key).
        func prepared(_ kind: String, _ text: RecordStatementText, byKey: Bool = false) -> PostgresStatement {
            let parameterTypes = text.positions.map { types[byKey ? writer.keyPositions[$0] : $0] }
            return PostgresStatement(
                sql: text.sql, positions: text.positions,
                preparation: StatementPreparation(baseName: "\(prefix)_\(kind)", sql: text.sql, parameterTypes: parameterTypes)
            )
        }
        self.writer = writer
        tableName = schema.name
        table = writer.table
        self.columns = writer.columns
        selection = writer.selection
        selectAll = writer.selectAll
        let columns = writer.columns, keyPositions = writer.keyPositions
        self.keyPositions = keyPositions
        let autoIncrement = schema.isAutoIncrement && keyPositions.count == 1 ? keyPositions[0] : nil
        autoIncrementPosition = autoIncrement
        autoIncrementColumn = autoIncrement.map { columns[$0] }
        insert = prepared("insert", writer.insert(Array(columns.indices)))
        insertAssigningKey = autoIncrement.map { key in
            var statement = writer.insert(columns.indices.filter { $0 != key })
            statement.sql += " RETURNING \(quoteIdentifier(columns[key]))"
            return prepared("insert_auto", statement)
        }
        guard writer.hasKey else {
            keyed = nil
            return
        }
        keyed = Keyed(
            find: prepared("find", writer.find, byKey: true),
            exists: prepared("exists", writer.exists, byKey: true),
            deleteByKey: prepared("delete_key", Self.returningOne(writer.deleteByKey), byKey: true),
            update: prepared("update", Self.reportingMissingRow(writer.update(assigning: writer.nonKeyPositions))),
            deleteRecord: prepared("delete", Self.returningOne(writer.deleteRecord)),
            // No RETURNING: the key is the record's own.
            upsert: prepared("upsert", writer.upsert(conflict: keyPositions, inserting: Array(columns.indices)))
        )
    }

    /// UPDATE of `names` only (the key when empty), by the record's key; returns a row only when no row has the key.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a table without a key or an unknown column.
    func update(columns names: [String]) throws -> PostgresStatement {
        guard keyed != nil else { throw RecordStatementWriter.noKey(tableName: tableName) }
        let text = Self.reportingMissingRow(writer.update(assigning: try writer.positions(of: names, tableName: tableName)))
        return PostgresStatement(sql: text.sql, positions: text.positions)
    }

    /// INSERT … ON CONFLICT (`names`) DO UPDATE SET the other non-key columns, returning the auto-increment key.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for an unknown column.
    func upsert(onConflict names: [String], condition: String, assigningKey: Bool) throws -> PostgresStatement {
        let text = writer.upsert(
            conflict: try writer.positions(of: names, tableName: tableName),
            inserting: columns.indices.filter { !assigningKey || $0 != autoIncrementPosition },
            condition: condition, returning: autoIncrementPosition)
        return PostgresStatement(sql: text.sql, positions: text.positions)
    }

    /// Notes in `session` the explicit auto-increment key among `values` (a record's encoded columns) just written.
    func noteExplicitKey(in values: [WireValue], session: PostgresSession) {
        guard let column = autoIncrementColumn, let position = keyPositions.first else { return }
        session.noteExplicitKey(values[position], table: tableName, column: column)
    }

    func requireKeyed() throws -> Keyed {
        guard let keyed else { throw RecordStatementWriter.noKey(tableName: tableName) }
        return keyed
    }

    /// A delete that returns a row for each row it deleted (postgres-nio's async API does not give the affected count).
    private static func returningOne(_ delete: RecordStatementText) -> RecordStatementText {
        var statement = delete
        statement.sql += " RETURNING 1"
        return statement
    }

    /// `update` (by key) as a statement that returns one row when it changed none and no row when it changed one:
    /// the common case then returns nothing, which postgres-nio completes without streaming a row (the affected
    /// count of its command tag is not public in its async API).
    private static func reportingMissingRow(_ update: RecordStatementText) -> RecordStatementText {
        var statement = update
        statement.sql = "WITH updated AS (\(update.sql) RETURNING 1) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM updated)"
        return statement
    }

    /// The DML of `R`'s table, built once per table.
    static func of<R: Record>(_ type: R.Type) -> PostgresRecordSQL {
        let schema = R.schema
        let number = schema.number
        return cache.withLock { cache in
            if number < cache.count, let known = cache[number] { return known }
            if number >= cache.count { cache.append(contentsOf: repeatElement(nil, count: number + 1 - cache.count)) }
            let made = PostgresRecordSQL(schema: schema)
            cache[number] = made
            return made
        }
    }

    /// Each table's DML, by the number of its schema (`TableSchema.number`).
    private static let cache = Locked<[PostgresRecordSQL?]>([])
}
#endif

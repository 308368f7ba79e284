import Foundation
import ORMSchema

/// The SQL of every record operation on one table, built once when its `TableSchema` is created (a class, so
/// reaching one string from generic code never copies the others).
///
/// Statements that bind a whole record (`insert`, `update`, `delete(record)`, `upsert`) number their
/// parameters by column position (`?1` is the first column), so one `Record.encode(to:)` serves them all;
/// statements that bind a key (`find`, `delete(key)`) number them by key position. Identifiers are always
/// double-quoted and every value is a parameter.
@usableFromInline
final class RecordSQL: Sendable {
    /// The table name, quoted.
    let table: String
    /// The unquoted column names, in codec order.
    let columns: [String]
    /// The quoted, table-qualified column list of every `SELECT`.
    @usableFromInline let selection: String
    /// `SELECT <columns> FROM "t"`.
    @usableFromInline let selectAll: RecordStatementSQL
    /// `SELECT <columns> FROM "t" LIMIT 1`.
    @usableFromInline let selectFirst: RecordStatementSQL
    /// `INSERT INTO "t" (<columns>) VALUES (?1, …, ?n)`.
    @usableFromInline let insert: RecordStatementSQL
    /// `SELECT COUNT(*) FROM "t"`.
    @usableFromInline let count: String
    /// `DELETE FROM "t"`.
    let deleteAll: RecordStatementSQL
    /// SQL needing a primary key whose columns are all stored columns; nil otherwise.
    @usableFromInline let keyed: Keyed?
    /// Whether the key is an auto-increment `INTEGER PRIMARY KEY`.
    @usableFromInline let isAutoIncrement: Bool
    /// SQL for column subsets (`update(columns:)`, `upsert(onConflict:)`), built on first use.
    private let subsetCache = Locked<[String: RecordStatementSQL]>([:])

    /// The keyed statements.
    @usableFromInline
    final class Keyed: Sendable {
        /// The 0-based position of each key column in `columns`.
        @usableFromInline let keyPositions: [Int]
        /// `SELECT … WHERE "k"=?1`.
        @usableFromInline let find: RecordStatementSQL
        /// `SELECT EXISTS (SELECT 1 FROM "t" WHERE "k"=?1)`.
        @usableFromInline let exists: RecordStatementSQL
        /// `DELETE FROM "t" WHERE "k"=?1` (key parameters).
        @usableFromInline let deleteByKey: RecordStatementSQL
        /// `DELETE FROM "t" WHERE "k"=?<position>` (record parameters).
        @usableFromInline let deleteRecord: RecordStatementSQL
        /// `UPDATE "t" SET "c"=?<position>, … WHERE "k"=?<position>`.
        @usableFromInline let update: RecordStatementSQL
        /// `INSERT … ON CONFLICT ("k") DO UPDATE SET "c"=excluded."c", …` (no `RETURNING`: only
        /// `upsert(onConflict:)` needs one, to learn the key of the row it updated).
        @usableFromInline let upsert: RecordStatementSQL
        /// The record-parameter `WHERE` clause on the key.
        let recordKeyCondition: String

        init(
            keyPositions: [Int], find: RecordStatementSQL, exists: RecordStatementSQL,
            deleteByKey: RecordStatementSQL, deleteRecord: RecordStatementSQL, update: RecordStatementSQL,
            upsert: RecordStatementSQL, recordKeyCondition: String
        ) {
            self.keyPositions = keyPositions
            self.find = find
            self.exists = exists
            self.deleteByKey = deleteByKey
            self.deleteRecord = deleteRecord
            self.update = update
            self.upsert = upsert
            self.recordKeyCondition = recordKeyCondition
        }
    }

    init(name: String, columns: [String], primaryKey: [String], isAutoIncrement: Bool) {
        let table = quoteIdentifier(name)
        self.table = table
        self.columns = columns
        self.isAutoIncrement = isAutoIncrement
        selection = columns.map { "\(table).\(quoteIdentifier($0))" }.joined(separator: ", ")
        let selectAll = "SELECT \(selection) FROM \(table)"
        self.selectAll = RecordStatementSQL(selectAll)
        selectFirst = RecordStatementSQL(selectAll + " LIMIT 1")
        let columnList = columns.map(quoteIdentifier).joined(separator: ", ")
        let values = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        let insert = "INSERT INTO \(table) (\(columnList)) VALUES (\(values))"
        self.insert = RecordStatementSQL(insert)
        count = "SELECT COUNT(*) FROM \(table)"
        deleteAll = RecordStatementSQL("DELETE FROM \(table)")

        let positions = primaryKey.compactMap { columns.firstIndex(of: $0) }
        guard !primaryKey.isEmpty, positions.count == primaryKey.count else {
            keyed = nil
            return
        }
        let keyCondition = primaryKey.enumerated()
            .map { "\(table).\(quoteIdentifier($0.element)) = ?\($0.offset + 1)" }
            .joined(separator: " AND ")
        let recordKeyCondition = positions
            .map { "\(quoteIdentifier(columns[$0])) = ?\($0 + 1)" }
            .joined(separator: " AND ")
        let nonKey = columns.indices.filter { !positions.contains($0) }
        let setClause = nonKey.isEmpty
            ? positions.map { "\(quoteIdentifier(columns[$0])) = ?\($0 + 1)" }.joined(separator: ", ")
            : nonKey.map { "\(quoteIdentifier(columns[$0])) = ?\($0 + 1)" }.joined(separator: ", ")
        let conflictTarget = primaryKey.map(quoteIdentifier).joined(separator: ", ")
        let upsertAction = nonKey.isEmpty
            ? "DO NOTHING"
            : "DO UPDATE SET " + nonKey.map { "\(quoteIdentifier(columns[$0])) = excluded.\(quoteIdentifier(columns[$0]))" }
                .joined(separator: ", ")
        keyed = Keyed(
            keyPositions: positions,
            find: RecordStatementSQL("\(selectAll) WHERE \(keyCondition)"),
            exists: RecordStatementSQL("SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(keyCondition))"),
            deleteByKey: RecordStatementSQL("DELETE FROM \(table) WHERE \(keyCondition)"),
            deleteRecord: RecordStatementSQL("DELETE FROM \(table) WHERE \(recordKeyCondition)"),
            update: RecordStatementSQL("UPDATE \(table) SET \(setClause) WHERE \(recordKeyCondition)"),
            upsert: RecordStatementSQL("\(insert) ON CONFLICT (\(conflictTarget)) \(upsertAction)"),
            recordKeyCondition: recordKeyCondition
        )
    }

    /// `UPDATE "t" SET <only these columns> WHERE <key>`, cached per column set.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the table has no usable key or a column is not in the table.
    func update(columns names: [String], tableName: String) throws -> RecordStatementSQL {
        let keyed = try requireKey(tableName: tableName)
        let positions = try positions(of: names, tableName: tableName)
        let key = "update:" + positions.map(String.init).joined(separator: ",")
        return subsetCache.value(for: key) {
            let assigned = positions.isEmpty ? keyed.keyPositions : positions
            let setClause = assigned.map { "\(quoteIdentifier(columns[$0])) = ?\($0 + 1)" }.joined(separator: ", ")
            return RecordStatementSQL("UPDATE \(table) SET \(setClause) WHERE \(keyed.recordKeyCondition)")
        }
    }

    /// `INSERT … ON CONFLICT (<these columns>) DO UPDATE SET <every other non-key column>`, plus
    /// `RETURNING` the auto-increment key (the existing row's id when it updated), cached per set.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when a column is not in the table.
    func upsert(onConflict names: [String], condition: String = "", tableName: String) throws -> RecordStatementSQL {
        let conflictPositions = try positions(of: names, tableName: tableName)
        let key = "upsert:" + conflictPositions.map(String.init).joined(separator: ",")
        return subsetCache.value(for: key) {
            let keyPositions = keyed?.keyPositions ?? []
            let updated = columns.indices.filter { !conflictPositions.contains($0) && !keyPositions.contains($0) }
            let target = conflictPositions.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
            let action = updated.isEmpty
                ? "DO NOTHING"
                : "DO UPDATE SET " + updated.map { "\(quoteIdentifier(columns[$0])) = excluded.\(quoteIdentifier(columns[$0]))" }
                    .joined(separator: ", ")
            let returning = isAutoIncrement && keyPositions.count == 1
                ? " RETURNING \(quoteIdentifier(columns[keyPositions[0]]))" : ""
            return RecordStatementSQL("\(insert.sql) ON CONFLICT (\(target))\(condition) \(action)\(returning)")
        }
    }

    /// The keyed statements, or a misuse error naming the table.
    @usableFromInline
    func requireKey(tableName: String) throws -> Keyed {
        guard let keyed else {
            throw DatabaseError(
                kind: .misuse, message: "the operation needs a primary key whose columns are stored columns",
                table: tableName
            )
        }
        return keyed
    }

    /// Sorted, de-duplicated positions of `names` in `columns`.
    private func positions(of names: [String], tableName: String) throws -> [Int] {
        var positions: [Int] = []
        for name in names {
            guard let position = columns.firstIndex(of: name) else {
                throw DatabaseError(kind: .misuse, message: "no column \(name) in the table", table: tableName, column: name)
            }
            positions.append(position)
        }
        return Array(Set(positions)).sorted()
    }
}

/// The SQL of one record operation on one table, with the slot its prepared statement takes in every
/// connection, so a record operation finds its statement by index instead of hashing the SQL text.
///
/// Every parameter of a record statement is bound again before each run (`encode(to:)` binds all of the
/// record's columns, `encode(key:to:)` all of the key's), so connections reset these statements without
/// `sqlite3_clear_bindings`.
@usableFromInline
struct RecordStatementSQL: Sendable {
    /// The SQL text.
    @usableFromInline let sql: String
    /// The statement's index in `Connection`'s slot table; unique in the process.
    @usableFromInline let slot: Int

    init(_ sql: String) {
        self.sql = sql
        self.slot = statementSlots.increment() - 1
    }

}

/// Hands out statement slots: one per record SQL text built in the process (about ten per table).
private let statementSlots = Locked(0)

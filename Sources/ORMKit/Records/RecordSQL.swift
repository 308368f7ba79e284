import Foundation
import ORMSchema

/// The SQL of every record operation on one table, built once when its `TableSchema` is created (a class, so
/// reaching one string from generic code never copies the others), by `RecordStatementWriter` in SQLite's dialect.
///
/// Statements that bind a whole record (`insert`, `update`, `delete(record)`, `upsert`) number their
/// parameters by column position (`?1` is the first column), so one `Record.encode(to:)` serves them all;
/// statements that bind a key (`find`, `delete(key)`) number them by key position.
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
    /// Writes the statements of column subsets.
    private let writer: RecordStatementWriter
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

        init(_ writer: RecordStatementWriter) {
            keyPositions = writer.keyPositions
            find = RecordStatementSQL(writer.find.sql)
            exists = RecordStatementSQL(writer.exists.sql)
            deleteByKey = RecordStatementSQL(writer.deleteByKey.sql)
            deleteRecord = RecordStatementSQL(writer.deleteRecord.sql)
            update = RecordStatementSQL(writer.update(assigning: writer.nonKeyPositions).sql)
            upsert = RecordStatementSQL(
                writer.upsert(conflict: writer.keyPositions, inserting: Array(writer.columns.indices)).sql)
        }
    }

    init(name: String, columns: [String], primaryKey: [String], isAutoIncrement: Bool) {
        let writer = RecordStatementWriter(name: name, columns: columns, primaryKey: primaryKey, dialect: .sqlite)
        self.writer = writer
        table = writer.table
        self.columns = columns
        self.isAutoIncrement = isAutoIncrement
        selection = writer.selection
        selectAll = RecordStatementSQL(writer.selectAll)
        selectFirst = RecordStatementSQL(writer.selectAll + " LIMIT 1")
        insert = RecordStatementSQL(writer.insert(Array(columns.indices)).sql)
        count = "SELECT COUNT(*) FROM \(table)"
        deleteAll = RecordStatementSQL("DELETE FROM \(table)")
        keyed = writer.hasKey ? Keyed(writer) : nil
    }

    /// `UPDATE "t" SET <only these columns> WHERE <key>`, cached per column set.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the table has no usable key or a column is not in the table.
    func update(columns names: [String], tableName: String) throws -> RecordStatementSQL {
        _ = try requireKey(tableName: tableName)
        let positions = try writer.positions(of: names, tableName: tableName)
        let key = "update:" + positions.map(String.init).joined(separator: ",")
        return subsetCache.value(for: key) { RecordStatementSQL(writer.update(assigning: positions).sql) }
    }

    /// `INSERT … ON CONFLICT (<these columns>) DO UPDATE SET <every other non-key column>`, plus
    /// `RETURNING` the auto-increment key (the existing row's id when it updated), cached per set.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when a column is not in the table.
    func upsert(onConflict names: [String], condition: String = "", tableName: String) throws -> RecordStatementSQL {
        let conflict = try writer.positions(of: names, tableName: tableName)
        let key = "upsert:" + conflict.map(String.init).joined(separator: ",")
        return subsetCache.value(for: key) {
            let returning = isAutoIncrement && writer.keyPositions.count == 1 ? writer.keyPositions.first : nil
            return RecordStatementSQL(writer.upsert(
                conflict: conflict, inserting: Array(columns.indices), condition: condition, returning: returning
            ).sql)
        }
    }

    /// The keyed statements, or a misuse error naming the table.
    @usableFromInline
    func requireKey(tableName: String) throws -> Keyed {
        guard let keyed else { throw RecordStatementWriter.noKey(tableName: tableName) }
        return keyed
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

import ORMSchema

/// A record statement's SQL and, for each of its parameters in order, the position of the column (or, in a
/// statement binding a key, of the key column) whose value it binds.
package struct RecordStatementText: Sendable {
    /// The SQL text.
    package var sql: String
    /// Which encoded column each parameter binds.
    package var positions: [Int]
}

/// Writes the record statements of one table (insert, find, update, delete, upsert) in one dialect: the SQL
/// SQLite's `RecordSQL` and each server engine's record statements are built from, so each is written once.
///
/// The dialect's placeholder decides how parameters are numbered. With `?` (SQLite) a parameter is `?n`, n the
/// 1-based position of the column it binds, so binding a record's encoded columns by position serves every
/// statement of the table; with a numbered prefix (`$` on PostgreSQL) parameters are numbered in the order they
/// appear and `RecordStatementText.positions` says which column each binds. Identifiers are double-quoted; every
/// value is a parameter.
package struct RecordStatementWriter: Sendable {
    /// The table name, quoted.
    package let table: String
    /// The unquoted column names, in codec order.
    package let columns: [String]
    /// The position in `columns` of each primary-key column, in key order; empty when the table has no primary key
    /// whose columns are all stored columns (then the keyed statements cannot be written).
    package let keyPositions: [Int]
    /// The quoted, table-qualified column list of every `SELECT`.
    package let selection: String
    private let dialect: SQLDialect

    /// The writer of table `name` with `columns` and `primaryKey` (column names) in `dialect`.
    package init(name: String, columns: [String], primaryKey: [String], dialect: SQLDialect) {
        let table = quoteIdentifier(name)
        self.table = table
        self.columns = columns
        let positions = primaryKey.compactMap { columns.firstIndex(of: $0) }
        keyPositions = positions.count == primaryKey.count ? positions : []
        selection = columns.map { "\(table).\(quoteIdentifier($0))" }.joined(separator: ", ")
        self.dialect = dialect
    }

    /// Whether the keyed statements can be written.
    package var hasKey: Bool { !keyPositions.isEmpty }

    /// The positions of the columns outside the key.
    package var nonKeyPositions: [Int] { columns.indices.filter { !keyPositions.contains($0) } }

    /// `SELECT <columns> FROM "t"`.
    package var selectAll: String { "SELECT \(selection) FROM \(table)" }

    /// `INSERT INTO "t" (<the columns at positions>) VALUES (…)`; `DEFAULT VALUES` for no column.
    package func insert(_ positions: [Int]) -> RecordStatementText {
        guard !positions.isEmpty else { return RecordStatementText(sql: "INSERT INTO \(table) DEFAULT VALUES", positions: []) }
        var parameters = Parameters(dialect)
        let names = positions.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
        let values = positions.map { parameters.write($0) }.joined(separator: ", ")
        return parameters.text("INSERT INTO \(table) (\(names)) VALUES (\(values))")
    }

    /// `SELECT <columns> FROM "t" WHERE <key>`, binding the key's values.
    package var find: RecordStatementText { byKey { "\(selectAll) WHERE \($0)" } }

    /// `SELECT EXISTS (SELECT 1 FROM "t" WHERE <key>)`, binding the key's values.
    package var exists: RecordStatementText { byKey { "SELECT EXISTS (SELECT 1 FROM \(table) WHERE \($0))" } }

    /// `DELETE FROM "t" WHERE <key>`, binding the key's values.
    package var deleteByKey: RecordStatementText { byKey { "DELETE FROM \(table) WHERE \($0)" } }

    /// `DELETE FROM "t" WHERE <key>`, binding the record's columns.
    package var deleteRecord: RecordStatementText {
        var parameters = Parameters(dialect)
        let condition = recordKeyCondition(&parameters)
        return parameters.text("DELETE FROM \(table) WHERE \(condition)")
    }

    /// `UPDATE "t" SET <the columns at positions (the key's when empty)> WHERE <key>`, binding the record's columns.
    package func update(assigning positions: [Int]) -> RecordStatementText {
        var parameters = Parameters(dialect)
        let assignments = (positions.isEmpty ? keyPositions : positions)
            .map { "\(quoteIdentifier(columns[$0])) = \(parameters.write($0))" }
            .joined(separator: ", ")
        let condition = recordKeyCondition(&parameters)
        return parameters.text("UPDATE \(table) SET \(assignments) WHERE \(condition)")
    }

    /// `INSERT … ON CONFLICT (<the columns at conflict>)<condition> DO UPDATE SET <every other non-key column>`,
    /// inserting the columns at `inserting`, and `RETURNING` the column at `returning` (the auto-increment key: the
    /// existing row's when it updated). With nothing to update it does nothing, or, when it must return the key, sets
    /// a conflict column to itself so the existing row is returned.
    package func upsert(
        conflict: [Int], inserting: [Int], condition: String = "", returning: Int? = nil
    ) -> RecordStatementText {
        var statement = insert(inserting)
        let updated = columns.indices.filter { !conflict.contains($0) && !keyPositions.contains($0) }
        let assigned = updated.isEmpty && returning != nil ? Array(conflict.prefix(1)) : updated
        let action = assigned.isEmpty
            ? "DO NOTHING"
            : "DO UPDATE SET " + assigned.map { "\(quoteIdentifier(columns[$0])) = excluded.\(quoteIdentifier(columns[$0]))" }
                .joined(separator: ", ")
        let target = conflict.map { quoteIdentifier(columns[$0]) }.joined(separator: ", ")
        statement.sql += " ON CONFLICT (\(target))\(condition) \(action)"
        if let returning { statement.sql += " RETURNING \(quoteIdentifier(columns[returning]))" }
        return statement
    }

    /// Sorted, de-duplicated positions of `names` in `columns`.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) naming a column that is not in the table.
    package func positions(of names: [String], tableName: String) throws -> [Int] {
        var positions: Set<Int> = []
        for name in names {
            guard let position = columns.firstIndex(of: name) else {
                throw DatabaseError(kind: .misuse, message: "no column \(name) in the table", table: tableName, column: name)
            }
            positions.insert(position)
        }
        return positions.sorted()
    }

    /// The error of a keyed operation on a table without a usable key.
    package static func noKey(tableName: String) -> DatabaseError {
        DatabaseError(kind: .misuse, message: "the operation needs a primary key whose columns are stored columns", table: tableName)
    }

    /// A statement binding the key's values: `"t"."k1" = <key value 1> AND …` put into `sql`.
    private func byKey(_ sql: (String) -> String) -> RecordStatementText {
        var parameters = Parameters(dialect)
        let condition = keyPositions.enumerated()
            .map { "\(table).\(quoteIdentifier(columns[$0.element])) = \(parameters.write($0.offset))" }
            .joined(separator: " AND ")
        return parameters.text(sql(condition))
    }

    /// `"k1" = <the record's k1> AND …`.
    private func recordKeyCondition(_ parameters: inout Parameters) -> String {
        keyPositions.map { "\(quoteIdentifier(columns[$0])) = \(parameters.write($0))" }.joined(separator: " AND ")
    }

    /// The parameters of one statement as they are written.
    private struct Parameters {
        let dialect: SQLDialect
        var positions: [Int] = []

        init(_ dialect: SQLDialect) {
            self.dialect = dialect
        }

        /// The placeholder of a parameter binding the value at `position`.
        mutating func write(_ position: Int) -> String {
            positions.append(position)
            return switch dialect.placeholder {
            case .questionMark: "?\(position + 1)"
            case .numbered: dialect.placeholder(positions.count)
            }
        }

        func text(_ sql: String) -> RecordStatementText {
            RecordStatementText(sql: sql, positions: positions)
        }
    }
}

/// One `JOIN "table" ON …` clause of a query: what `joining(_:)` adds for a relation.
struct SQLJoin: Sendable, Hashable {
    /// The joined table, unquoted.
    let table: String
    /// The `ON` condition.
    let condition: SQLExpression
}

/// A correlated subquery `SELECT 1 FROM "table" JOIN … WHERE condition`, the operand of `EXISTS`.
struct SQLSubquery: Sendable, Hashable {
    /// The table of the `FROM` clause, unquoted.
    let table: String
    let joins: [SQLJoin]
    let condition: SQLExpression
}

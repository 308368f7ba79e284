/// One `JOIN "table" [AS "alias"] ON …` clause of a query: what `joining(_:)` adds for a relation.
package struct SQLJoin: Sendable, Hashable {
    /// The joined table, unquoted.
    let table: String
    /// The name the query gives the table when it already names another occurrence of it (a second join to
    /// the same table, a self-join), nil otherwise: then columns refer to the table by its own name.
    var alias: String? = nil
    /// The relation this join reaches (`Relation.key`), whose `column(_:)` handles resolve to this join; nil
    /// for the join table of a many-to-many relation.
    var relationKey: String? = nil
    /// The `ON` condition.
    let condition: SQLExpression

    /// How the query refers to the joined table: its alias, or its name.
    var reference: String { alias ?? table }
}

/// A correlated subquery `SELECT 1 FROM "table" [AS "alias"] JOIN … WHERE condition`, the operand of `EXISTS`.
struct SQLSubquery: Sendable, Hashable {
    /// The table of the `FROM` clause, unquoted.
    let table: String
    /// The alias of the `FROM` table when it is the outer query's table (a self-relation), nil otherwise.
    var alias: String? = nil
    /// The relation whose targets the subquery reads (`Relation.key`).
    let relationKey: String
    let joins: [SQLJoin]
    let condition: SQLExpression
}

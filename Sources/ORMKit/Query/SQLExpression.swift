/// An untyped SQL expression tree: what typed expressions (`Column`, `QueryExpression`) build, and what
/// `SQLRenderer` turns into SQL text with `?` placeholders. Values stay values until they are bound.
public struct SQLExpression: Sendable, Hashable {
    indirect enum Node: Sendable, Hashable {
        /// A table-qualified column.
        case column(table: String, name: String)
        /// A column of the table a relation reaches (`Book.translator.column(Author.name)`): rendered with the
        /// alias of the nearest join or `EXISTS` subquery of that relation (`Relation.key`).
        case relationColumn(relation: String, name: String)
        /// A bound value: as SQLite stores it (per the column's storage) and as a server engine takes it.
        case value(DatabaseValue, wire: WireValue)
        /// `lhs <op> rhs` for a fixed operator token (`=`, `<`, `AND`, `+`, `LIKE`, …).
        case binary(BinaryOperator, SQLExpression, SQLExpression)
        /// `NOT expression`.
        case not(SQLExpression)
        /// `-expression`.
        case negated(SQLExpression)
        /// `expression IS [NOT] NULL`.
        case isNull(SQLExpression, negated: Bool)
        /// `expression [NOT] IN (list)`.
        case inList(SQLExpression, [SQLExpression], negated: Bool)
        /// `expression [NOT] BETWEEN lower AND upper`.
        case between(SQLExpression, lower: SQLExpression, upper: SQLExpression, negated: Bool)
        /// An aggregate function call.
        case aggregate(AggregateFunction, SQLExpression?, distinct: Bool)
        /// `[NOT] EXISTS (subquery)`: relation filters (`Author.books.any(…)`).
        case exists(SQLSubquery, negated: Bool)
    }

    let node: Node

    init(_ node: Node) {
        self.node = node
    }

    /// A bound value whose wire form follows from its SQLite form (integers, text, keys).
    static func value(_ value: DatabaseValue) -> SQLExpression {
        SQLExpression(.value(value, wire: value.wireValue))
    }

    /// A bound value of a column with `storage`.
    static func value<S: ColumnStorage>(_ value: S.Value, storage: S.Type) -> SQLExpression {
        SQLExpression(.value(S.databaseValue(of: value), wire: S.wireValue(of: value)))
    }
}

/// The binary operators the query builder emits: a closed set, so no SQL text comes from outside.
enum BinaryOperator: String, Sendable, Hashable {
    case equal = "="
    case notEqual = "<>"
    case `is` = "IS"
    case isNot = "IS NOT"
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case and = "AND"
    case or = "OR"
    case like = "LIKE"
    case glob = "GLOB"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case concatenate = "||"
}

/// The aggregate functions the query builder emits.
enum AggregateFunction: String, Sendable, Hashable {
    case count = "COUNT"
    case sum = "SUM"
    case average = "AVG"
    case min = "MIN"
    case max = "MAX"
}

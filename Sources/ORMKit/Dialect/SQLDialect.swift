import ORMSchema

/// What the runtime's SQL depends on that differs between engines, as one value: the query renderer, the query
/// builder's clauses and `updateAll` ask it questions, and none of them tests which engine it is on. An engine
/// supplies its dialect (``SQLDialect/sqlite`` here; `SQLDialect.postgresql` in ORMKitPostgres); a new engine is
/// one new value.
///
/// ```swift
/// SQLDialect.sqlite.placeholder(3)       // "?"
/// SQLDialect.sqlite.booleanLiteral(true) // "1"
/// ```
public struct SQLDialect: Sendable, Hashable, CustomStringConvertible {
    /// How a statement parameter is written.
    public enum Placeholder: Sendable, Hashable {
        /// `?` for every parameter, bound in order (SQLite).
        case questionMark
        /// The prefix and the 1-based number: `$1, $2, …` with `"$"` (PostgreSQL).
        case numbered(prefix: String)
    }

    /// The form in which the engine takes bound values.
    public enum ValueForm: Sendable, Hashable {
        /// As SQLite stores them: each column's storage (`DatabaseValue`).
        case storage
        /// As a server engine takes them: typed wire values (`WireValue`).
        case wire
    }

    /// How a query's row limit is written.
    public enum LimitForm: Sendable, Hashable {
        /// A bound parameter (SQLite: one prepared statement serves every limit).
        case parameter
        /// A literal number. PostgreSQL's planner costs a generic plan's `LIMIT $n` as 10% of the rows, so a
        /// prepared statement with a parameter there would be planned again on every call.
        case literal
    }

    /// The dialect's name, for messages and tests (`sqlite`, `postgresql`).
    public let name: String
    /// How parameters are written.
    public let placeholder: Placeholder
    /// How bound values are collected for the engine.
    public let valueForm: ValueForm
    /// The operator that matches a `LIKE` pattern ignoring ASCII case (SQLite's `LIKE` does; PostgreSQL's is
    /// `ILIKE`).
    public let caseInsensitiveLike: String
    /// The literal of true (`1` on SQLite, `TRUE` on PostgreSQL).
    public let trueLiteral: String
    /// The literal of false (`0` on SQLite, `FALSE` on PostgreSQL).
    public let falseLiteral: String
    /// How a row limit is written.
    public let limitForm: LimitForm
    /// What comes before a bound offset when there is no limit: SQLite needs `LIMIT -1 OFFSET`, PostgreSQL takes
    /// `OFFSET` alone.
    public let offsetWithoutLimit: String
    /// Whether the engine refuses an integer out of the column's range by itself (PostgreSQL: "integer out of
    /// range"); when false, `updateAll` wraps integer arithmetic in a range check.
    public let checksIntegerRanges: Bool
    /// How the engine writes DDL (types, defaults, constraints), derived from the engine-neutral schema.
    public let ddl: any SchemaDialect

    /// A dialect. Engines define one each (see ``SQLDialect/sqlite``).
    public init(
        name: String, placeholder: Placeholder, valueForm: ValueForm, caseInsensitiveLike: String,
        trueLiteral: String, falseLiteral: String, limitForm: LimitForm, offsetWithoutLimit: String,
        checksIntegerRanges: Bool, ddl: any SchemaDialect
    ) {
        self.name = name
        self.placeholder = placeholder
        self.valueForm = valueForm
        self.caseInsensitiveLike = caseInsensitiveLike
        self.trueLiteral = trueLiteral
        self.falseLiteral = falseLiteral
        self.limitForm = limitForm
        self.offsetWithoutLimit = offsetWithoutLimit
        self.checksIntegerRanges = checksIntegerRanges
        self.ddl = ddl
    }

    /// Dialects are equal when they have the same name: an engine defines one.
    public static func == (lhs: SQLDialect, rhs: SQLDialect) -> Bool {
        lhs.name == rhs.name
    }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The text of parameter `number` (1-based).
    public func placeholder(_ number: Int) -> String {
        switch placeholder {
        case .questionMark: "?"
        case .numbered(let prefix): prefix + String(number)
        }
    }

    /// The literal of `value`.
    public func booleanLiteral(_ value: Bool) -> String {
        value ? trueLiteral : falseLiteral
    }

    /// `name` as a double-quoted identifier, embedded quotes doubled: SQL's standard quoting, which every engine
    /// here takes.
    public func quote(_ name: String) -> String {
        quoteIdentifier(name)
    }

    /// The dialect's name.
    public var description: String { name }
}

/// An untyped SQL expression tree: what typed expressions (`Column`, `QueryExpression`) build, and what
/// `SQLRenderer` turns into SQL text with `?` placeholders. Values stay values until they are bound.
public struct SQLExpression: Sendable, Hashable {
    indirect enum Node: Sendable, Hashable {
        /// A table-qualified column.
        case column(table: String, name: String)
        /// A column of the table a relation reaches (`Book.translator.column(Author.name)`): rendered with the
        /// alias of the nearest join or `EXISTS` subquery of that relation (`Relation.key`).
        case relationColumn(relation: String, name: String)
        /// A bound value, held once; the renderer binds the form its dialect takes.
        case value(BoundValue)
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
        /// The value at `keys` inside a JSON document, compared as `kind` (the JSON value itself when nil).
        case jsonValue(JSONDocument, keys: [String], kind: JSONScalarKind?)
        /// Whether the array at `keys` inside a JSON document holds `element`; false, not NULL, when the array
        /// may be absent and is (`mayBeAbsent`: an optional array).
        case jsonContains(JSONDocument, keys: [String], element: BoundValue, mayBeAbsent: Bool)
        /// Whether an element of the array at `keys` inside a JSON document meets `condition`, which reads the
        /// element as `JSONDocument.element(depth:)`.
        case jsonAny(JSONDocument, keys: [String], depth: Int, condition: SQLExpression)
        /// `target` (a JSON column, or another setting of it) with the value at `keys` replaced by `value`'s JSON
        /// text (`updateAll`).
        case jsonSetting(target: SQLExpression, keys: [String], value: BoundValue)
        /// Whether the row of `table` matches the request's full-text search (`matching(_:)`).
        case searchMatch(table: String)
        /// How well the row of `table` matches the request's full-text search, higher first.
        case searchRank(table: String)
        /// The text of `column` with the matches of the request's full-text search marked.
        case searchSnippet(table: String, column: String, style: SnippetStyle)
    }

    let node: Node

    init(_ node: Node) {
        self.node = node
    }

    /// A bound value whose wire form follows from its SQLite form (integers, text, keys).
    static func value(_ value: DatabaseValue) -> SQLExpression {
        SQLExpression(.value(BoundValue(value)))
    }

    /// A bound value of a column with `storage`.
    static func value<S: ColumnStorage>(_ value: S.Value, storage: S.Type) -> SQLExpression {
        SQLExpression(.value(BoundValue(value, storage: storage)))
    }
}

/// A value bound to a statement, held once: SQLite binds the form its storage writes (``storageForm``), a server
/// engine the typed value (``wireForm``), each computed when the statement is rendered for a dialect.
@usableFromInline
package struct BoundValue: Sendable, Hashable {
    private let held: Held

    private enum Held: Sendable {
        /// A value whose typed form follows from its stored form (integers, text, keys, NULL).
        case stored(DatabaseValue)
        /// A Swift value and the storage of its column.
        case typed(any StorageBoundValue)
        /// A value given in both forms (JSON text and scalars for JSON paths).
        case forms(DatabaseValue, WireValue)
        /// A value its column's storage cannot hold (a date outside the years date text holds, more fraction digits
        /// than a scale), with the error an insert of it throws: a statement binding it throws instead of running.
        indirect case refused(DatabaseError)
    }

    @usableFromInline
    package init(_ value: DatabaseValue) {
        held = .stored(value)
    }

    @usableFromInline
    package init<S: ColumnStorage>(_ value: S.Value, storage: S.Type) {
        do {
            try S.checkStorable(value)
            held = .typed(StorageBound<S>(value: value))
        } catch let error as DatabaseError {
            held = .refused(error)
        } catch {
            held = .refused(DatabaseError(kind: .encoding, message: "\(error)"))
        }
    }

    /// A value bound as `storageForm` on SQLite and as `wireForm` on a server engine.
    package init(storageForm: DatabaseValue, wireForm: WireValue) {
        held = .forms(storageForm, wireForm)
    }

    /// A value no statement can bind: a statement rendering it throws `error` instead of running.
    package init(refusing error: DatabaseError) {
        held = .refused(error)
    }

    /// Why the column's storage cannot hold the value: the error an insert of it throws; nil for a storable value.
    package var refusal: DatabaseError? {
        if case .refused(let error) = held { error } else { nil }
    }

    /// The value as SQLite stores it in the column (NULL for a refused value, which is never bound).
    package var storageForm: DatabaseValue {
        switch held {
        case .stored(let value): value
        case .typed(let value): value.storageForm
        case .forms(let storageForm, _): storageForm
        case .refused: .null
        }
    }

    /// The value as a server engine takes it (NULL for a refused value, which is never bound).
    @usableFromInline
    package var wireForm: WireValue {
        switch held {
        case .stored(let value): value.wireValue
        case .typed(let value): value.wireForm
        case .forms(_, let wireForm): wireForm
        case .refused: .null
        }
    }

    @usableFromInline
    package static func == (lhs: BoundValue, rhs: BoundValue) -> Bool {
        lhs.storageForm == rhs.storageForm && lhs.wireForm == rhs.wireForm
    }

    @usableFromInline
    package func hash(into hasher: inout Hasher) {
        hasher.combine(storageForm)
    }
}

/// A Swift value with its column's storage, for ``BoundValue``.
private protocol StorageBoundValue: Sendable {
    var storageForm: DatabaseValue { get }
    var wireForm: WireValue { get }
}

private struct StorageBound<S: ColumnStorage>: StorageBoundValue {
    let value: S.Value
    var storageForm: DatabaseValue { S.databaseValue(of: value) }
    var wireForm: WireValue { S.wireValue(of: value) }
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

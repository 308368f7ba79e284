import ORMSchema

/// Renders expression trees to SQL text with placeholders, collecting the values to bind in order.
///
/// Every sub-expression is parenthesized, so the SQL never depends on operator precedence; identifiers are
/// double-quoted; values only ever become placeholders.
@usableFromInline
package struct SQLRenderer {
    /// The dialect rendered.
    package let dialect: SQLDialect
    /// The values for the placeholders rendered so far, in order, when the dialect binds storage values.
    private var storageArguments: [DatabaseValue] = []
    /// The same, when the dialect binds wire values.
    private var wireValues: [WireValue] = []
    /// The first value rendered that its column's storage cannot hold, with the column it is compared with.
    private var refusal: DatabaseError?
    /// The number of placeholders rendered so far.
    private var parameterCount = 0
    /// How the query in scope refers to the table each relation reaches, by `Relation.key`.
    private var relationTables: [String: String] = [:]
    /// The full-text search of the request in scope (`matching(_:)`).
    package var search: SearchContext?

    @usableFromInline
    init() {
        dialect = .sqlite
    }

    /// A renderer for `dialect`.
    package init(dialect: SQLDialect) {
        self.dialect = dialect
    }

    /// The SQL for `expression`.
    package mutating func render(_ expression: SQLExpression) -> String {
        switch expression.node {
        case .column(let table, let name):
            return "\(quoteIdentifier(table)).\(quoteIdentifier(name))"
        case .relationColumn(let relation, let name):
            // A relation that is not joined renders its key, which SQLite reports as "no such column".
            return "\(quoteIdentifier(relationTables[relation] ?? relation)).\(quoteIdentifier(name))"
        case .value(let value):
            return bind(value)
        case .binary(let op, let lhs, let rhs):
            let token = op == .like ? dialect.caseInsensitiveLike : op.rawValue
            noteRefusals(in: [rhs], comparedWith: lhs)
            return "(\(render(lhs)) \(token) \(render(rhs)))"
        case .not(let operand):
            return "(NOT \(render(operand)))"
        case .negated(let operand):
            return "(- \(render(operand)))"
        case .isNull(let operand, let negated):
            return "(\(render(operand)) IS \(negated ? "NOT " : "")NULL)"
        case .inList(let operand, let list, let negated):
            if list.isEmpty {
                // `x IN ()` is false and `x NOT IN ()` true for every x, NULL included.
                return dialect.booleanLiteral(negated)
            }
            noteRefusals(in: list, comparedWith: operand)
            let lhs = render(operand)
            let items = list.map { render($0) }.joined(separator: ", ")
            return "(\(lhs) \(negated ? "NOT IN" : "IN") (\(items)))"
        case .between(let operand, let lower, let upper, let negated):
            noteRefusals(in: [lower, upper], comparedWith: operand)
            return "(\(render(operand)) \(negated ? "NOT BETWEEN" : "BETWEEN") \(render(lower)) AND \(render(upper)))"
        case .aggregate(let function, let operand, let distinct):
            guard let operand else { return "\(function.rawValue)(*)" }
            return "\(function.rawValue)(\(distinct ? "DISTINCT " : "")\(render(operand)))"
        case .exists(let subquery, let negated):
            let outer = relationTables
            defer { relationTables = outer }
            relationTables[subquery.relationKey] = subquery.alias ?? subquery.table
            let joins = render(subquery.joins)
            let table = quoteIdentifier(subquery.table) + (subquery.alias.map { " AS \(quoteIdentifier($0))" } ?? "")
            return "(\(negated ? "NOT " : "")EXISTS (SELECT 1 FROM \(table)\(joins) WHERE \(render(subquery.condition))))"
        case .jsonValue(let document, let keys, let kind):
            return dialect.ddl.json.value(in: render(document), keys: keys, kind: kind, isElement: document.isElement)
        case .jsonContains(let document, let keys, let element, let mayBeAbsent):
            let container = render(document)
            let sql = dialect.ddl.json.arrayContains(container, keys: keys, placeholder: bind(element))
            // An absent array holds nothing: false, so `!contains` keeps the row (PostgreSQL's `@>` is NULL there).
            return mayBeAbsent ? "COALESCE(\(sql), \(dialect.falseLiteral))" : sql
        case .jsonAny(let document, let keys, let depth, let condition):
            let elements = dialect.ddl.json.arrayElements(
                of: render(document), keys: keys, alias: JSONDocument.alias(depth))
            return "(EXISTS (SELECT 1 FROM \(elements) WHERE \(render(condition))))"
        case .jsonSetting(let target, let keys, let value):
            var sql = ""
            for part in dialect.ddl.json.setting(keys: keys) {
                switch part {
                case .text(let text): sql += text
                case .document: sql += render(target)
                case .value: sql += bind(value)
                }
            }
            return sql
        case .searchMatch(let table):
            return renderSearch(table: table, what: "matching") { $0.match(table: table, search: $1) }
        case .searchRank(let table):
            return renderSearch(table: table, what: "searchRank") { $0.rank(table: table, search: $1) }
        case .searchSnippet(let table, let column, let style):
            if let search, search.table == table, !search.search.columns.contains(column) {
                refuse("the snippet of \(table).\(column): it is not a searched column of \(table) (\(search.search.columns.joined(separator: ", ")))", table: table)
                return "NULL"
            }
            return renderSearch(table: table, what: "a snippet") { $0.snippet(table: table, search: $1, column: column, style: style) }
        }
    }

    /// The SQL `parts` gives for the search in scope, its text bound where they say; a refusal and `NULL` when the
    /// request has no `matching(_:)` on `table`.
    private mutating func renderSearch(
        table: String, what: String, _ parts: (any FullTextSyntax, SearchSchema) -> [SQLTemplatePart]
    ) -> String {
        guard let search, search.table == table else {
            refuse("\(what) of \(table) needs a request with matching(_:) on \(table)", table: table)
            return "NULL"
        }
        let syntax = dialect.ddl.fullText
        var sql = ""
        for part in parts(syntax, search.search) {
            switch part {
            case .text(let text): sql += text
            case .value, .document: sql += bind(BoundValue(.text(syntax.queryText(search.text))))
            }
        }
        return sql
    }

    /// Makes the statement throw a misuse error instead of running (the first refusal wins).
    private mutating func refuse(_ message: String, table: String) {
        if refusal == nil { refusal = DatabaseError(kind: .misuse, message: message, table: table) }
    }

    /// The placeholder of `value`, collected for binding.
    private mutating func bind(_ value: BoundValue) -> String {
        if refusal == nil { refusal = value.refusal }
        switch dialect.valueForm {
        case .storage: storageArguments.append(value.storageForm)
        case .wire: wireValues.append(value.wireForm)
        }
        parameterCount += 1
        return dialect.placeholder(parameterCount)
    }

    /// The SQL of a JSON document: its column, the current element of an enclosing `contains(where:)`, or a
    /// dictionary's entry with its key bound.
    private mutating func render(_ document: JSONDocument) -> String {
        switch document {
        case .entry(let object, let key):
            dialect.ddl.json.entry(of: render(object.document), keys: object.keys, placeholder: bind(BoundValue(.text(key))))
        case .column(let table, let name): "\(quoteIdentifier(table)).\(quoteIdentifier(name))"
        case .relationColumn(let relation, let name): "\(quoteIdentifier(relationTables[relation] ?? relation)).\(quoteIdentifier(name))"
        case .element(let depth): dialect.ddl.json.element(alias: JSONDocument.alias(depth))
        }
    }

    /// Whether no placeholder has been rendered.
    var hasNoArguments: Bool { parameterCount == 0 }

    /// The values to bind, in placeholder order, when the dialect binds storage values.
    ///
    /// - Throws: the refusal (`.encoding`) of a value its column's storage cannot hold: what an insert of it throws.
    @usableFromInline
    package func arguments() throws -> [DatabaseValue] {
        if let refusal { throw refusal }
        return storageArguments
    }

    /// The values to bind, in placeholder order, when the dialect binds wire values.
    ///
    /// - Throws: the refusal (`.encoding`) of a value its column's storage cannot hold: what an insert of it throws.
    package func wireArguments() throws -> [WireValue] {
        if let refusal { throw refusal }
        return wireValues
    }

    /// Records the first refused value among `values`, naming the column `operand` is when it is one.
    private mutating func noteRefusals(in values: [SQLExpression], comparedWith operand: SQLExpression) {
        guard refusal == nil else { return }
        for case .value(let bound) in values.map(\.node) {
            guard let error = bound.refusal else { continue }
            guard case .column(let table, let column) = operand.node else {
                refusal = error
                return
            }
            refusal = error.inTable(table, column: column)
            return
        }
    }

    /// Makes `relation.column(_:)` handles refer to the tables `joins` bring in. Call before rendering
    /// anything of the query that has these joins.
    package mutating func enter(_ joins: [SQLJoin]) {
        for join in joins {
            if let key = join.relationKey { relationTables[key] = join.reference }
        }
    }

    /// The SQL for `JOIN` clauses, each with a leading space.
    package mutating func render(_ joins: [SQLJoin]) -> String {
        joins.map { join in
            let alias = join.alias.map { " AS \(quoteIdentifier($0))" } ?? ""
            return " JOIN \(quoteIdentifier(join.table))\(alias) ON \(render(join.condition))"
        }.joined()
    }

    /// The SQL for an `ORDER BY` term.
    package mutating func render(_ ordering: Ordering) -> String {
        render(ordering.expression) + (ordering.isDescending ? " DESC" : " ASC")
    }
}

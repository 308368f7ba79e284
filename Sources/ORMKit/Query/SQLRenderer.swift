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
        var sql = SQLText()
        write(expression, into: &sql)
        return sql.text
    }

    /// Appends the SQL for `expression` to `sql`: the whole statement is written into one buffer, without a string
    /// per node.
    package mutating func write(_ expression: SQLExpression, into sql: inout SQLText) {
        switch expression.node {
        case .column(let table, let name):
            writeColumn(table, name, into: &sql)
        case .relationColumn(let relation, let name):
            // A relation that is not joined renders its key, which SQLite reports as "no such column".
            writeColumn(relationTables[relation] ?? relation, name, into: &sql)
        case .value(let value):
            sql += bind(value)
        case .binary(let op, let lhs, let rhs):
            noteRefusal(in: rhs, comparedWith: lhs)
            sql += "("
            write(lhs, into: &sql)
            sql += " "
            sql += op == .like ? dialect.caseInsensitiveLike : op.rawValue
            sql += " "
            write(rhs, into: &sql)
            sql += ")"
        case .not(let operand):
            sql += "(NOT "
            write(operand, into: &sql)
            sql += ")"
        case .negated(let operand):
            sql += "(- "
            write(operand, into: &sql)
            sql += ")"
        case .isNull(let operand, let negated):
            sql += "("
            write(operand, into: &sql)
            sql += negated ? " IS NOT NULL)" : " IS NULL)"
        case .inList(let operand, let list, let negated):
            if list.isEmpty {
                // `x IN ()` is false and `x NOT IN ()` true for every x, NULL included.
                sql += dialect.booleanLiteral(negated)
                return
            }
            for item in list { noteRefusal(in: item, comparedWith: operand) }
            sql += "("
            write(operand, into: &sql)
            sql += negated ? " NOT IN (" : " IN ("
            for (position, item) in list.enumerated() {
                if position > 0 { sql += ", " }
                write(item, into: &sql)
            }
            sql += "))"
        case .between(let operand, let lower, let upper, let negated):
            noteRefusal(in: lower, comparedWith: operand)
            noteRefusal(in: upper, comparedWith: operand)
            sql += "("
            write(operand, into: &sql)
            sql += negated ? " NOT BETWEEN " : " BETWEEN "
            write(lower, into: &sql)
            sql += " AND "
            write(upper, into: &sql)
            sql += ")"
        case .aggregate(let function, let operand, let distinct):
            sql += function.rawValue
            guard let operand else {
                sql += "(*)"
                return
            }
            sql += distinct ? "(DISTINCT " : "("
            write(operand, into: &sql)
            sql += ")"
        case .exists(let subquery, let negated):
            let outer = relationTables
            defer { relationTables = outer }
            relationTables[subquery.relationKey] = subquery.alias ?? subquery.table
            sql += negated ? "(NOT EXISTS (SELECT 1 FROM " : "(EXISTS (SELECT 1 FROM "
            sql.appendIdentifier(subquery.table)
            if let alias = subquery.alias {
                sql += " AS "
                sql.appendIdentifier(alias)
            }
            write(subquery.joins, into: &sql)
            sql += " WHERE "
            write(subquery.condition, into: &sql)
            sql += "))"
        case .jsonValue(let document, let keys, let kind):
            // A shape stands for a column's path without writing it; any other document is written (its entry key
            // binds in order).
            if case .column(let table, let name) = document, sql.recordJSONValue(table: table, name: name, keys: keys, kind: kind) {
                return
            }
            sql += dialect.ddl.json.value(in: render(document), keys: keys, kind: kind, isElement: document.isElement)
        case .jsonContains(let document, let keys, let element, let mayBeAbsent):
            let container = render(document)
            let contains = dialect.ddl.json.arrayContains(container, keys: keys, placeholder: bind(element))
            // An absent array holds nothing: false, so `!contains` keeps the row (PostgreSQL's `@>` is NULL there).
            sql += mayBeAbsent ? "COALESCE(\(contains), \(dialect.falseLiteral))" : contains
        case .jsonAny(let document, let keys, let depth, let condition):
            let elements = dialect.ddl.json.arrayElements(
                of: render(document), keys: keys, alias: JSONDocument.alias(depth))
            sql += "(EXISTS (SELECT 1 FROM \(elements) WHERE "
            write(condition, into: &sql)
            sql += "))"
        case .jsonSetting(let target, let keys, let value):
            for part in dialect.ddl.json.setting(keys: keys) {
                switch part {
                case .text(let text): sql += text
                case .document: write(target, into: &sql)
                case .value: sql += bind(value)
                }
            }
        case .searchMatch(let table):
            sql += renderSearch(table: table, what: "matching") { $0.match(table: table, search: $1) }
        case .searchRank(let table):
            sql += renderSearch(table: table, what: "searchRank") { $0.rank(table: table, search: $1) }
        case .searchSnippet(let table, let column, let style):
            if let search, search.table == table, !search.search.columns.contains(column) {
                refuse("the snippet of \(table).\(column): it is not a searched column of \(table) (\(search.search.columns.joined(separator: ", ")))", table: table)
                sql += "NULL"
                return
            }
            sql += renderSearch(table: table, what: "a snippet") { $0.snippet(table: table, search: $1, column: column, style: style) }
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
        case .column(let table, let name): qualifiedName(table, name)
        case .relationColumn(let relation, let name): qualifiedName(relationTables[relation] ?? relation, name)
        case .element(let depth): dialect.ddl.json.element(alias: JSONDocument.alias(depth))
        }
    }

    /// Appends `"table"."name"` to `sql`.
    private func writeColumn(_ table: String, _ name: String, into sql: inout SQLText) {
        sql.appendIdentifier(table)
        sql += "."
        sql.appendIdentifier(name)
    }

    /// `"table"."name"`.
    private func qualifiedName(_ table: String, _ name: String) -> String {
        var sql = SQLText()
        writeColumn(table, name, into: &sql)
        return sql.text
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

    /// Records the refusal of `value` when it is a refused bound value (the first refusal wins), naming the column
    /// `operand` is when it is one.
    private mutating func noteRefusal(in value: SQLExpression, comparedWith operand: SQLExpression) {
        guard refusal == nil, case .value(let bound) = value.node, let error = bound.refusal else { return }
        guard case .column(let table, let column) = operand.node else {
            refusal = error
            return
        }
        refusal = error.inTable(table, column: column)
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
        var sql = SQLText()
        write(joins, into: &sql)
        return sql.text
    }

    /// Appends the SQL for `JOIN` clauses to `sql`, each with a leading space.
    package mutating func write(_ joins: [SQLJoin], into sql: inout SQLText) {
        for join in joins {
            sql += " JOIN "
            sql.appendIdentifier(join.table)
            if let alias = join.alias {
                sql += " AS "
                sql.appendIdentifier(alias)
            }
            sql += " ON "
            write(join.condition, into: &sql)
        }
    }

    /// The SQL for an `ORDER BY` term.
    package mutating func render(_ ordering: Ordering) -> String {
        render(ordering.expression) + (ordering.isDescending ? " DESC" : " ASC")
    }
}

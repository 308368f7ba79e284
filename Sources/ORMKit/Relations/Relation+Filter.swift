extension Relation {
    /// The same relation, restricted to the targets matching `predicate` (combined with `AND` with earlier
    /// filters): navigation, eager loading, `joining(_:)` and `any(_:)` all see only those targets.
    ///
    /// ```swift
    /// let authors = try Author.all()
    ///     .including(Author.books.filter(Book.genre == .science).order(Book.title))
    ///     .fetchAll(db)  // each author with its science books, by title; still one query for all the books
    /// ```
    ///
    /// The predicate's columns are the target's (`Book.genre`); in joins and `any` they refer to the table the
    /// relation reaches, aliased or not.
    public func filter<E: TypedExpression>(_ predicate: E) -> Self where E.Value == Bool {
        var copy = self
        copy.targetCondition = targetCondition.map { .and($0, predicate.sqlExpression) } ?? predicate.sqlExpression
        return copy
    }

    /// The same relation with its targets sorted by `terms` (replacing any earlier order, and the position
    /// order of an ordered many-to-many relation): each owner's eager-loaded list, and navigation requests,
    /// come in this order.
    public func order(_ terms: any OrderingTerm...) -> Self {
        var copy = self
        copy.targetOrderings = terms.map(\.ordering)
        return copy
    }

    /// The same relation without the target's default scope (`defaultScope:` in the schema): navigation, eager
    /// loading, joins and `any` see every target its filters match.
    ///
    /// ```swift
    /// let everyBook = try await Author.all().including(Author.books.unscoped()).fetchAll(db)
    /// ```
    public func unscoped() -> Self {
        var copy = self
        copy.appliesTargetScope = false
        return copy
    }

    /// The same relation reading soft-deleted targets too (a target model with `softDelete:`).
    public func withDeleted() -> Self {
        var copy = self
        copy.deletedTargets = .included
        return copy
    }

    /// What every target read through the relation must meet: live (unless `withDeleted()`), the target's default
    /// scope (until `unscoped()`) and `filter(_:)`'s condition. Its plain columns name the target's table.
    package var readCondition: SQLExpression? {
        let scope = appliesTargetScope ? Target.defaultScope?.sqlExpression : nil
        return SQLExpression.all(deletedTargets.condition(for: Target.self), scope, targetCondition)
    }

    /// `readCondition` with the target's plain columns replaced by this relation's columns, for joins and
    /// `EXISTS` subqueries, where the target table may be aliased.
    var targetConditionThroughRelation: SQLExpression? {
        readCondition.map { $0.replacingColumns(of: Target.schema.name, withColumnsOf: key) }
    }
}

extension SQLExpression {
    /// The expression with every column of `table` turned into the same column of relation `key`.
    func replacingColumns(of table: String, withColumnsOf key: String) -> SQLExpression {
        func replaced(_ expression: SQLExpression) -> SQLExpression {
            expression.replacingColumns(of: table, withColumnsOf: key)
        }
        switch node {
        case .column(table, let name):
            return SQLExpression(.relationColumn(relation: key, name: name))
        case .column, .relationColumn, .value, .aggregate, .exists:
            // Aggregates and subqueries do not appear in a row condition on the target; subqueries keep their scope.
            return self
        case let .binary(op, lhs, rhs):
            return SQLExpression(.binary(op, replaced(lhs), replaced(rhs)))
        case let .not(operand):
            return SQLExpression(.not(replaced(operand)))
        case let .negated(operand):
            return SQLExpression(.negated(replaced(operand)))
        case let .isNull(operand, negated):
            return SQLExpression(.isNull(replaced(operand), negated: negated))
        case let .inList(operand, list, negated):
            return SQLExpression(.inList(replaced(operand), list.map(replaced), negated: negated))
        case let .between(operand, lower, upper, negated):
            return SQLExpression(.between(replaced(operand), lower: replaced(lower), upper: replaced(upper), negated: negated))
        case let .jsonValue(document, keys, kind):
            return SQLExpression(.jsonValue(document.replacingColumns(of: table, withColumnsOf: key), keys: keys, kind: kind))
        case let .jsonContains(document, keys, element, mayBeAbsent):
            return SQLExpression(.jsonContains(
                document.replacingColumns(of: table, withColumnsOf: key), keys: keys, element: element, mayBeAbsent: mayBeAbsent))
        case let .jsonAny(document, keys, depth, condition):
            return SQLExpression(.jsonAny(
                document.replacingColumns(of: table, withColumnsOf: key), keys: keys, depth: depth, condition: replaced(condition)))
        case .jsonSetting, .searchMatch, .searchRank, .searchSnippet:
            // Assignments are not conditions; a full-text search belongs to the request of its own table.
            return self
        }
    }
}

extension JSONDocument {
    /// The document with a column of `table` turned into the same column of relation `key`.
    func replacingColumns(of table: String, withColumnsOf key: String) -> JSONDocument {
        switch self {
        case .column(table, let name): .relationColumn(relation: key, name: name)
        case .entry(let object, let entryKey):
            .entry(JSONLocation(document: object.document.replacingColumns(of: table, withColumnsOf: key), keys: object.keys), key: entryKey)
        case .column, .relationColumn, .element: self
        }
    }
}

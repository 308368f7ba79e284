extension Relation {
    /// The request for the targets of `owner`: a `QueryRequest` that can be filtered, ordered, counted and
    /// paginated further. Generated instance accessors return it (`book.author`, `author.books`).
    ///
    /// ```swift
    /// let author = try book.author.fetchOne(db)
    /// let science = try author.books.filter(Book.genre == .science).order(Book.title).fetchAll(db)
    /// ```
    ///
    /// An owner whose link value is nil (an optional `belongsTo` without a parent, an unsaved owner) matches
    /// no row. `manyToMany` requests join the join table and, when the relation is ordered, are ordered by
    /// position (a later `order(_:)` replaces that).
    public func request(for owner: Owner) -> QueryRequest<Target> {
        request(ownerKey: ownerBound(owner))
    }

    /// The request for the targets of the owner whose link value is `key`.
    func request(ownerKey key: BoundValue) -> QueryRequest<Target> {
        // The request applies the target's default scope itself (`unscoped()` on it removes it).
        var request = QueryRequest<Target>()
        if !appliesTargetScope { request.scopeCondition = nil }
        request.deletedRows = deletedTargets
        let target = Target.schema.name
        let bound = SQLExpression(.value(key))
        switch link {
        case let .direct(_, targetColumn):
            request.condition = .and(.equal(.column(target, targetColumn), bound), targetCondition)
        case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn):
            request.joins = [
                SQLJoin(table: joinTable, condition: .equal(.column(joinTable, joinTargetColumn), .column(target, targetColumn)))
            ]
            request.condition = .and(.equal(.column(joinTable, joinOwnerColumn), bound), targetCondition)
            if let positionColumn {
                request.orderings = [Ordering(expression: .column(joinTable, positionColumn), isDescending: false)]
            }
        }
        if !targetOrderings.isEmpty { request.orderings = targetOrderings }
        return request
    }

    /// A condition on owners: at least one target exists, and matches `predicate` when given
    /// (`EXISTS (SELECT 1 FROM target WHERE link AND predicate)`).
    ///
    /// ```swift
    /// let scientists = try Author.filter(Author.books.any(Book.genre == .science)).fetchAll(db)
    /// let idle = try Author.filter(!Author.books.any()).fetchAll(db)
    /// let referred = try Reader.filter(Reader.referrer.any(Reader.referrer.column(Reader.name) == "Ann")).fetchAll(db)
    /// ```
    ///
    /// In `predicate`, plain columns of the target (`Book.genre`) refer to the subquery's rows, except when
    /// the target table is the owner's own table (`Reader.referrer`): there the subquery's table is aliased by
    /// `key`, plain columns keep meaning the owner, and `column(_:)` reaches the target's rows.
    public func any() -> QueryExpression<Bool> {
        existsExpression(nil)
    }

    /// A condition on owners: at least one target matches `predicate`. See `any()`.
    public func any<E: TypedExpression>(_ predicate: E) -> QueryExpression<Bool> where E.Value == Bool {
        existsExpression(predicate.sqlExpression)
    }

    /// A column of the table this relation reaches, in a query that joins it (`joining(_:)`) or in this
    /// relation's `any(_:)` predicate: it names the right table even when the query holds the same table twice.
    ///
    /// ```swift
    /// let books = try Book.joining(Book.author).joining(Book.translator)
    ///     .filter(Author.name == "Ann" && Book.translator.column(Author.name) == "Bob")  // author Ann, translator Bob
    ///     .fetchAll(db)
    /// ```
    ///
    /// `column` must be a column of `Target` (its table is replaced by the relation's). Used in a query that
    /// does not join the relation, SQLite reports "no such column".
    public func column<Value>(_ column: Column<Value>) -> QueryExpression<Value> {
        QueryExpression(.relationColumn(relation: key, name: column.name))
    }

    /// `column(_:)` for a column with a declared storage: the result keeps that storage.
    public func column<S: ColumnStorage>(_ column: StoredColumn<S>) -> StoredExpression<S> {
        StoredExpression(.relationColumn(relation: key, name: column.name))
    }

    private func existsExpression(_ predicate: SQLExpression?) -> QueryExpression<Bool> {
        let predicate = targetConditionThroughRelation.map { .and($0, predicate) } ?? predicate
        let owner = Owner.schema.name
        let target = Target.schema.name
        let subquery: SQLSubquery
        switch link {
        case let .direct(ownerColumn, targetColumn):
            let alias = target == owner ? key : nil
            subquery = SQLSubquery(
                table: target, alias: alias, relationKey: key, joins: [],
                condition: .and(.equal(.column(alias ?? target, targetColumn), .column(owner, ownerColumn)), predicate))
        case let .through(joinTable, ownerColumn, joinOwnerColumn, targetColumn, joinTargetColumn, _):
            let linkAlias = joinTable == owner ? key + ".link" : nil
            let targetAlias = target == owner ? key : nil
            let linkName = linkAlias ?? joinTable
            let targetName = targetAlias ?? target
            subquery = SQLSubquery(
                table: joinTable, alias: linkAlias, relationKey: key,
                joins: [
                    SQLJoin(
                        table: target, alias: targetAlias, relationKey: key,
                        condition: .equal(.column(targetName, targetColumn), .column(linkName, joinTargetColumn)))
                ],
                condition: .and(.equal(.column(linkName, joinOwnerColumn), .column(owner, ownerColumn)), predicate))
        }
        return QueryExpression(.exists(subquery, negated: false))
    }
}

extension QueryRequest {
    /// Joins the target table of `relation` (an inner join: rows without a target are left out), so filters,
    /// orderings and selections can use its columns.
    ///
    /// ```swift
    /// let books = try Book.joining(Book.author).filter(Author.name == "Ann").fetchAll(db)
    /// let lines = try Book.joining(Book.author).select(Book.title, Author.name).fetchAll(db)  // [(String, String)]
    /// ```
    ///
    /// Joining a to-many relation repeats the owner once per target; filter with `relation.any(…)` instead to
    /// keep each owner once. Joining the same relation again adds only its filter, if it has one.
    ///
    /// Each table keeps its name the first time the query names it, so `Author.name` means the first join to
    /// `authors`. A second join to the same table (`Book.translator` after `Book.author`), or a join to the
    /// owner's own table (`Reader.referrer`), is aliased: reach its columns with `relation.column(_:)`.
    ///
    /// ```swift
    /// let pairs = try Book.joining(Book.author).joining(Book.translator)
    ///     .select(Book.title, Author.name, Book.translator.column(Author.name))
    ///     .fetchAll(db)
    /// ```
    public func joining<T, L, K>(_ relation: Relation<R, T, L, K>) -> Self {
        var copy = self
        guard !joins.contains(where: { $0.relationKey == relation.key }) else {
            // Joined already: a filter of the relation still applies (for an inner join, `ON` and `WHERE` agree).
            if let filter = relation.targetConditionThroughRelation { copy.condition = condition.map { .and($0, filter) } ?? filter }
            return copy
        }
        let taken = Set([R.schema.name] + joins.map(\.reference))
        copy.joins += relation.joinsFromOwner(taken: taken)
        return copy
    }
}

extension Record {
    /// A request for every row, joined with the target table of `relation`. See `QueryRequest.joining(_:)`.
    public static func joining<T, L, K>(_ relation: Relation<Self, T, L, K>) -> QueryRequest<Self> {
        all().joining(relation)
    }
}

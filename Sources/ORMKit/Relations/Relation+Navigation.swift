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
        request(ownerValue: ownerValue(owner))
    }

    /// The request for the targets of the owner whose link value is `value`.
    func request(ownerValue value: DatabaseValue) -> QueryRequest<Target> {
        var request = QueryRequest<Target>()
        let target = Target.schema.name
        switch link {
        case let .direct(_, targetColumn):
            request.condition = .equal(.column(target, targetColumn), SQLExpression(.value(value)))
        case let .through(joinTable, _, joinOwnerColumn, targetColumn, joinTargetColumn, positionColumn):
            request.joins = [
                SQLJoin(table: joinTable, condition: .equal(.column(joinTable, joinTargetColumn), .column(target, targetColumn)))
            ]
            request.condition = .equal(.column(joinTable, joinOwnerColumn), SQLExpression(.value(value)))
            if let positionColumn {
                request.orderings = [Ordering(expression: .column(joinTable, positionColumn), isDescending: false)]
            }
        }
        return request
    }

    /// A condition on owners: at least one target exists, and matches `predicate` when given
    /// (`EXISTS (SELECT 1 FROM target WHERE link AND predicate)`).
    ///
    /// ```swift
    /// let scientists = try Author.filter(Author.books.any(Book.genre == .science)).fetchAll(db)
    /// let idle = try Author.filter(!Author.books.any()).fetchAll(db)
    /// ```
    ///
    /// A relation whose target table is the owner's own table (`Reader.referrer`) cannot be filtered this way:
    /// the inner table name hides the outer one.
    public func any() -> QueryExpression<Bool> {
        existsExpression(nil)
    }

    /// A condition on owners: at least one target matches `predicate`. See `any()`.
    public func any<E: TypedExpression>(_ predicate: E) -> QueryExpression<Bool> where E.Value == Bool {
        existsExpression(predicate.sqlExpression)
    }

    private func existsExpression(_ predicate: SQLExpression?) -> QueryExpression<Bool> {
        let owner = Owner.schema.name
        let target = Target.schema.name
        let subquery: SQLSubquery
        switch link {
        case let .direct(ownerColumn, targetColumn):
            subquery = SQLSubquery(
                table: target, joins: [], condition: .and(.equal(.column(target, targetColumn), .column(owner, ownerColumn)), predicate))
        case let .through(joinTable, ownerColumn, joinOwnerColumn, targetColumn, joinTargetColumn, _):
            subquery = SQLSubquery(
                table: joinTable,
                joins: [SQLJoin(table: target, condition: .equal(.column(target, targetColumn), .column(joinTable, joinTargetColumn)))],
                condition: .and(.equal(.column(joinTable, joinOwnerColumn), .column(owner, ownerColumn)), predicate))
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
    /// keep each owner once. Joining two relations to the same table, or a relation to the owner's own table,
    /// is ambiguous SQL (columns name their table, not an alias) and fails with SQLite's error.
    public func joining<T, L>(_ relation: Relation<R, T, L>) -> Self {
        var copy = self
        copy.joins += relation.joinsFromOwner
        return copy
    }
}

extension Record {
    /// A request for every row, joined with the target table of `relation`. See `QueryRequest.joining(_:)`.
    public static func joining<T, L>(_ relation: Relation<Self, T, L>) -> QueryRequest<Self> {
        all().joining(relation)
    }
}

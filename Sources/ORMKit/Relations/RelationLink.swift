/// The columns a relation follows, read from its `RelationSchema`.
///
/// Relations the generator renders accessors for always link one column to one column; for other
/// metadata the first column of each list is used (and SQLite reports a missing one).
enum RelationLink: Sendable {
    /// `ownerColumn` (in the owner's table) equals `targetColumn` (in the target's table).
    case direct(ownerColumn: String, targetColumn: String)
    /// Through `joinTable`: `joinOwnerColumn` references the owner's `ownerColumn`, `joinTargetColumn` the
    /// target's `targetColumn`; `positionColumn` orders ordered relations.
    case through(
        joinTable: String, ownerColumn: String, joinOwnerColumn: String, targetColumn: String, joinTargetColumn: String,
        positionColumn: String?
    )

    init(_ kind: RelationSchema.Kind) {
        switch kind {
        case let .belongsTo(columns, targetColumns, _), let .hasMany(columns, targetColumns), let .hasOne(columns, targetColumns):
            self = .direct(ownerColumn: columns.first ?? "", targetColumn: targetColumns.first ?? "")
        case let .manyToMany(joinTable, columns, joinColumns, targetColumns, joinTargetColumns, positionColumn):
            self = .through(
                joinTable: joinTable, ownerColumn: columns.first ?? "", joinOwnerColumn: joinColumns.first ?? "",
                targetColumn: targetColumns.first ?? "", joinTargetColumn: joinTargetColumns.first ?? "",
                positionColumn: positionColumn)
        }
    }
}

extension SQLExpression {
    /// `"table"."name"`.
    static func column(_ table: String, _ name: String) -> SQLExpression {
        SQLExpression(.column(table: table, name: name))
    }

    /// `lhs = rhs`.
    static func equal(_ lhs: SQLExpression, _ rhs: SQLExpression) -> SQLExpression {
        SQLExpression(.binary(.equal, lhs, rhs))
    }

    /// `lhs AND rhs`, or `lhs` alone.
    static func and(_ lhs: SQLExpression, _ rhs: SQLExpression?) -> SQLExpression {
        rhs.map { SQLExpression(.binary(.and, lhs, $0)) } ?? lhs
    }
}

extension Relation {
    var link: RelationLink { RelationLink(schema.kind) }

    /// Whether the relation goes through a join table that keeps its members in order.
    var isOrdered: Bool {
        if case .through(_, _, _, _, _, .some) = link { return true }
        return false
    }

    /// The `JOIN` clauses that bring the target's table into a query on the owner's table.
    var joinsFromOwner: [SQLJoin] {
        let owner = Owner.schema.name
        let target = Target.schema.name
        switch link {
        case let .direct(ownerColumn, targetColumn):
            return [SQLJoin(table: target, condition: .equal(.column(target, targetColumn), .column(owner, ownerColumn)))]
        case let .through(joinTable, ownerColumn, joinOwnerColumn, targetColumn, joinTargetColumn, _):
            return [
                SQLJoin(table: joinTable, condition: .equal(.column(joinTable, joinOwnerColumn), .column(owner, ownerColumn))),
                SQLJoin(table: target, condition: .equal(.column(target, targetColumn), .column(joinTable, joinTargetColumn))),
            ]
        }
    }
}

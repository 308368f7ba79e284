/// The columns a relation follows, read from its `RelationSchema`.
///
/// Relations the generator renders accessors for always link one column to one column; for other
/// metadata the first column of each list is used (and SQLite reports a missing one). Package-visible for the
/// server engines (ORMKitPostgres), which write their own SQL from it.
package enum RelationLink: Sendable {
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
    package var link: RelationLink { RelationLink(schema.kind) }

    /// Whether the relation links through a join table (`manyToMany`).
    @usableFromInline
    package var goesThroughJoinTable: Bool {
        if case .through = link { return true }
        return false
    }

    /// Whether the relation goes through a join table that keeps its members in order.
    var isOrdered: Bool {
        if case .through(_, _, _, _, _, .some) = link { return true }
        return false
    }

    /// The relation's name in SQL: `"<owner table>.<relation>"` (`"books.translator"`), unique per relation. It
    /// keys `column(_:)` handles and is the alias of the target table wherever its own name is taken.
    var key: String { "\(Owner.schema.name).\(name)" }

    /// The `JOIN` clauses that bring the target's table into a query on the owner's table, whose tables are
    /// already named `taken` (the owner's table and earlier joins). A table named for the first time keeps its
    /// name, so plain columns (`Author.name`) refer to it; a repeated table is aliased by `key` (and the join
    /// table of a many-to-many relation by `key` + `".link"`). Deterministic: the same joins render the same SQL.
    func joinsFromOwner(taken: Set<String>) -> [SQLJoin] {
        let owner = Owner.schema.name
        let target = Target.schema.name
        var taken = taken
        func alias(_ table: String, _ alias: String) -> String? {
            defer { taken.insert(alias) }
            return taken.insert(table).inserted ? nil : alias
        }
        switch link {
        case let .direct(ownerColumn, targetColumn):
            let targetAlias = alias(target, key)
            let targetName = targetAlias ?? target
            return [
                SQLJoin(
                    table: target, alias: targetAlias, relationKey: key,
                    condition: .and(.equal(.column(targetName, targetColumn), .column(owner, ownerColumn)), targetConditionThroughRelation))
            ]
        case let .through(joinTable, ownerColumn, joinOwnerColumn, targetColumn, joinTargetColumn, _):
            let linkAlias = alias(joinTable, key + ".link")
            let linkName = linkAlias ?? joinTable
            let targetAlias = alias(target, key)
            let targetName = targetAlias ?? target
            return [
                SQLJoin(
                    table: joinTable, alias: linkAlias,
                    condition: .equal(.column(linkName, joinOwnerColumn), .column(owner, ownerColumn))),
                SQLJoin(
                    table: target, alias: targetAlias, relationKey: key,
                    condition: .and(
                        .equal(.column(targetName, targetColumn), .column(linkName, joinTargetColumn)), targetConditionThroughRelation)),
            ]
        }
    }
}

import Foundation
import ORMSchema

/// A child model's `belongsTo … onDelete: cascade` under an owner with `softDelete:`: a soft delete of owners
/// soft-deletes their live children (and theirs, deepest first) with the same stamp, in the same transaction. A
/// child model without `softDelete:` is left as it is (its owner row is still there). Generated code lists one per
/// such relation in the owner's `softDeleteCascades`.
public struct SoftDeleteCascade: Sendable {
    /// The statements that stamp the children of the owners `owners` selects (every owner when nil), deepest
    /// first; `chain` holds the tables already on the way, so a model that cascades to itself goes one level.
    let statements: @Sendable (_ owners: SQLExpression?, _ date: Date, _ chain: Set<String>) -> [CascadeStatement]

    /// The cascade through `relation`, the child's `belongsTo` its owner. Called by generated code.
    public init<Child: Record, Owner: Record, Loaded: Sendable, Kind: RelationKind>(_ relation: Relation<Child, Owner, Loaded, Kind>) {
        statements = { owners, date, chain in
            guard let softDelete = Child.softDelete, !chain.contains(Child.schema.name) else { return [] }
            let linked = relation.unscoped()
            let ofOwners = owners.map { linked.any(QueryExpression<Bool>($0.node)) } ?? linked.any()
            let children = SQLExpression.all(DeletedRows.excluded.condition(for: Child.self), ofOwners.sqlExpression, nil)
            let deeper = Child.softDeleteCascades.flatMap { $0.statements(children, date, chain.union([Child.schema.name])) }
            return deeper + [CascadeStatement(table: Child.schema.name, assignment: softDelete.stamp(date), condition: children)]
        }
    }
}

/// `UPDATE child SET deleted_at = ? WHERE <live children of the owners>`: one step of a soft delete's cascade.
package struct CascadeStatement: Sendable {
    let table: String
    let assignment: ColumnAssignment
    let condition: SQLExpression?

    /// The statement's SQL in `dialect`, with `renderer` holding its arguments.
    package func sql(_ renderer: inout SQLRenderer) -> String {
        let set = ColumnAssignment.setClause([assignment], renderer: &renderer)
        let filter = condition.map { " WHERE " + renderer.render($0) } ?? ""
        return "UPDATE \(quoteIdentifier(table)) SET \(set)\(filter)"
    }
}

extension QueryRequest {
    /// What a soft delete of this request's rows runs: the cascade's statements (deepest first), then the stamp of
    /// the rows themselves, with one date; nil when the request deletes for good (no `softDelete:`, or `destroyAll`).
    package func softDeleteSteps() -> (cascade: [CascadeStatement], stamp: ColumnAssignment)? {
        guard !destroys, let softDelete = R.softDelete else { return nil }
        let date = Date()
        let cascade = R.softDeleteCascades.flatMap { $0.statements(whereCondition, date, [R.schema.name]) }
        return (cascade, softDelete.stamp(date))
    }

    /// `softDeleteAll(_:_:)` with this request's steps (none for a model without soft delete: 0).
    ///
    /// - Throws: `DatabaseError`.
    @usableFromInline
    package func softDeleteAll(_ db: Connection) throws -> Int {
        guard let steps = softDeleteSteps() else { return 0 }
        return try softDeleteAll(db, steps)
    }

    /// Soft-deletes the matching rows and, through `softDeleteCascades`, their children, in one transaction;
    /// returns how many of this request's rows were stamped.
    ///
    /// - Throws: `DatabaseError` (nothing changes then).
    package func softDeleteAll(_ db: Connection, _ steps: (cascade: [CascadeStatement], stamp: ColumnAssignment)) throws -> Int {
        guard !steps.cascade.isEmpty else { return try updateAll(db, steps.stamp) }
        return try db.inTransaction { conn in
            for statement in steps.cascade {
                var renderer = SQLRenderer()
                let sql = statement.sql(&renderer)
                try conn.run(sql: sql, arguments: StatementArguments(try renderer.arguments()))
            }
            return try updateAll(conn, steps.stamp)
        }
    }
}

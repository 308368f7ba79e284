import ORMSchema

/// The join table of a many-to-many relation as membership writes use it on every engine: its names, quoted, and
/// the checks every write makes first (the relation goes through a join table, the owner and each target have keys,
/// a list operation has an ordered relation).
package struct JoinTable: Sendable {
    /// The join table's name, unquoted (for errors).
    package let name: String
    /// The quoted table, owner column and target column.
    package let table: String
    package let owner: String
    package let target: String
    /// The quoted position column of an ordered relation.
    package let position: String?

    /// The join table of `relation`, for an owner whose key is `ownerKey`.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the relation is not a many-to-many one or the owner has no key.
    package init<O, T, L, K>(_ relation: Relation<O, T, L, K>, ownerKey: BoundValue) throws {
        guard case let .through(joinTable, _, joinOwnerColumn, _, joinTargetColumn, positionColumn) = relation.link else {
            throw DatabaseError(kind: .misuse, message: "relation '\(relation.name)' is not a manyToMany relation", table: O.schema.name)
        }
        guard ownerKey.storageForm != .null else {
            throw DatabaseError(
                kind: .misuse, message: "save the \(O.schema.name) record before changing its relation '\(relation.name)'",
                table: O.schema.name)
        }
        name = joinTable
        table = quoteIdentifier(joinTable)
        owner = quoteIdentifier(joinOwnerColumn)
        target = quoteIdentifier(joinTargetColumn)
        position = positionColumn.map(quoteIdentifier)
    }

    /// The key of `record` as the join table stores it.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the record has no key yet.
    package func key<O, T, L, K>(of record: T, _ relation: Relation<O, T, L, K>) throws -> BoundValue {
        let key = relation.targetBound(record)
        guard key.storageForm != .null else {
            throw DatabaseError(
                kind: .misuse, message: "save the \(T.schema.name) record before linking it through '\(relation.name)'",
                table: T.schema.name)
        }
        return key
    }

    /// The quoted position column.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the relation is not ordered.
    package func requirePosition<O, T, L, K>(_ relation: Relation<O, T, L, K>) throws -> String {
        guard let position else {
            throw DatabaseError(
                kind: .misuse, message: "relation '\(relation.name)' is not ordered; declare it with 'ordered: true'", table: name)
        }
        return position
    }
}

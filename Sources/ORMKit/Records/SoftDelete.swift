import Foundation

/// A model's soft-delete column (`softDelete:` in the schema): its deletes stamp the column with the time instead
/// of removing the row, and its reads leave stamped rows out until `withDeleted()` or `onlyDeleted()`.
/// `destroy` removes rows for good; `restore` clears the stamp. Generated code creates it.
public struct SoftDelete: Sendable {
    /// The column's name.
    public let column: String
    /// `column = date` (nil: NULL), as `updateAll` sets it.
    let stamp: @Sendable (Date?) -> ColumnAssignment

    /// A soft-delete column and how to set it. Called by generated code.
    public init(column: some ColumnProtocol, stamp: @escaping @Sendable (Date?) -> ColumnAssignment) {
        self.column = column.name
        self.stamp = stamp
    }
}

/// Which rows of a soft-delete model a request reads.
@usableFromInline
package enum DeletedRows: Sendable {
    /// The live rows (the default).
    case excluded
    /// Live and deleted rows (`withDeleted()`).
    case included
    /// The deleted rows only (`onlyDeleted()`).
    case only

    /// The condition on `R`'s rows; nil for a model without soft delete, or for `included`.
    package func condition<R: Record>(for type: R.Type) -> SQLExpression? {
        guard let softDelete = R.softDelete, self != .included else { return nil }
        return SQLExpression(.isNull(.column(R.schema.name, softDelete.column), negated: self == .only))
    }
}

extension SQLExpression {
    /// `a AND b AND …` of the conditions given; nil when none is.
    static func all(_ conditions: SQLExpression?...) -> SQLExpression? {
        conditions.reduce(nil, conjunction)
    }

    /// `lhs AND rhs`, or the one given; nil when neither is.
    static func conjunction(_ lhs: SQLExpression?, _ rhs: SQLExpression?) -> SQLExpression? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return SQLExpression(.binary(.and, lhs, rhs))
    }
}

extension QueryRequest {
    /// The same request reading soft-deleted rows too (a model with `softDelete:` in the schema).
    public func withDeleted() -> Self {
        var copy = self
        copy.deletedRows = .included
        return copy
    }

    /// The same request reading only soft-deleted rows.
    public func onlyDeleted() -> Self {
        var copy = self
        copy.deletedRows = .only
        return copy
    }
}

extension Record {
    /// The live row with primary key `key`, whatever the default scope: what a soft delete by key stamps.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a model generated without `keyCondition(_:)`.
    package static func liveRow(key: PrimaryKey) throws -> QueryRequest<Self> {
        try scopedRequest(forKey: key).unscoped()
    }

    /// The live row of this record, whatever the default scope.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) for a model generated without `rowCondition`.
    @usableFromInline
    package var liveRow: QueryRequest<Self> {
        get throws {
            guard let condition = rowCondition else { throw Self.missingKeyCondition }
            return Self.all().unscoped().filter(condition)
        }
    }

    package static var missingKeyCondition: DatabaseError {
        DatabaseError(
            kind: .misuse, message: "\(Self.self) has a default scope or soft delete but no key condition, so it cannot be read or deleted by key; regenerate it with ormgen",
            table: schema.name)
    }
}

extension QueryRequest {
    /// Deletes the matching rows for good, soft-deleted ones included when the request reads them
    /// (`withDeleted()`, `onlyDeleted()`); returns how many there were. For a model without soft delete, `deleteAll`.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public func destroyAll(_ db: some DatabaseWriter) async throws -> Int {
        try await db.deleteAll(destroying())
    }

    /// Clears the soft-delete stamp of the matching soft-deleted rows; returns how many were restored.
    ///
    /// - Throws: `DatabaseError` (`.misuse` for a model without soft delete), or `CancellationError`.
    @discardableResult
    public func restoreAll(_ db: some DatabaseWriter) async throws -> Int {
        let (request, clear) = try restoring()
        return try await db.updateAll(request, [clear])
    }

    /// See `destroyAll(_:)` (async).
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func destroyAll(_ db: Connection) throws -> Int {
        try destroying().deleteAll(db)
    }

    /// See `restoreAll(_:)` (async).
    ///
    /// - Throws: `DatabaseError` (`.misuse` for a model without soft delete).
    @discardableResult
    public func restoreAll(_ db: Connection) throws -> Int {
        let (request, clear) = try restoring()
        return try request.updateAll(db, clear)
    }

    /// This request, made to delete for good.
    private func destroying() -> Self {
        var copy = self
        copy.destroys = true
        return copy
    }

    /// This request's soft-deleted rows, and the assignment that clears their stamp.
    private func restoring() throws -> (Self, ColumnAssignment) {
        guard let softDelete = R.softDelete else {
            throw DatabaseError(kind: .misuse, message: "\(R.self) has no soft delete (softDelete: in the schema) to restore", table: R.schema.name)
        }
        return (onlyDeleted(), softDelete.stamp(nil))
    }
}

extension Record {
    /// Deletes the record's row for good, soft-deleted or not; returns whether there was one.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError`.
    @discardableResult
    public func destroy(_ db: some DatabaseWriter) async throws -> Bool {
        guard Self.softDelete != nil else { return try await delete(db) }
        return try await liveRow.withDeleted().destroyAll(db) > 0
    }

    /// Clears the record's soft-delete stamp; returns whether it was soft-deleted.
    ///
    /// - Throws: `DatabaseError` (`.misuse` for a model without soft delete), or `CancellationError`.
    @discardableResult
    public func restore(_ db: some DatabaseWriter) async throws -> Bool {
        try await liveRow.restoreAll(db) > 0
    }

    /// See `destroy(_:)` (async).
    ///
    /// - Throws: `DatabaseError`.
    @discardableResult
    public func destroy(_ db: Connection) throws -> Bool {
        guard Self.softDelete != nil else { return try delete(db) }
        return try liveRow.withDeleted().destroyAll(db) > 0
    }

    /// See `restore(_:)` (async).
    ///
    /// - Throws: `DatabaseError` (`.misuse` for a model without soft delete).
    @discardableResult
    public func restore(_ db: Connection) throws -> Bool {
        try liveRow.restoreAll(db) > 0
    }
}

/// What changed among the rows of an observed request since the previous element: the rows that entered it
/// (inserted, or updated into its filter), the rows still in it whose values changed, and the keys of the rows
/// that left it (deleted, or updated out of its filter). Keys are the records' `Identifiable` ids, the ones a
/// SwiftUI `ForEach` uses.
///
/// The first element of `Database.observeChanges(_:)` lists every row as inserted.
public struct RecordChanges<R: Record & Identifiable>: Sendable where R.ID: Sendable {
    /// Rows now in the result that were not before, in the order they were fetched.
    public let inserted: [R]
    /// Rows in the result before and now whose values differ, with their new values, in the order they were fetched.
    public let updated: [R]
    /// Ids of rows that were in the result before and are not now.
    public let deleted: [R.ID]

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// Applies the changes to `rows`, the previous result keyed by id: what `observeChanges` saw after them.
    public func applied(to rows: [R.ID: R]) -> [R.ID: R] {
        var rows = rows
        for id in deleted { rows[id] = nil }
        for row in inserted { rows[row.id] = row }
        for row in updated { rows[row.id] = row }
        return rows
    }
}

/// What the pull skipped or guessed, in the order found; printed as `ormgen: note: <line>` on standard error.
struct PullNotes {
    /// The notes, without the `ormgen: note: ` prefix.
    private(set) var lines: [String] = []

    /// A note about the database as a whole (`skipped view 'Big Orders'`).
    mutating func add(_ message: String) {
        lines.append(message)
    }

    /// A note about a table, or one of its columns: `<table>.<column>: message`.
    mutating func add(table: String, column: String? = nil, _ message: String) {
        lines.append(table + (column.map { "." + $0 } ?? "") + ": " + message)
    }
}

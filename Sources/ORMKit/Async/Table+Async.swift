// The async forms of the table helpers of Records/Record+Table.swift.

extension Record {
    /// The async form of `createTable(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    public static func createTable(_ db: Database) async throws {
        try await db.write { conn in try createTable(conn) }
    }

    /// The async form of `dropTable(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError` (a foreign-key violation names the table), or `CancellationError` when the task
    ///   is cancelled.
    public static func dropTable(_ db: Database) async throws {
        try await db.write { conn in try dropTable(conn) }
    }

    /// The async form of `truncate(_:)`: runs in a transaction on the writer and does not block the calling
    /// thread.
    ///
    /// - Throws: `DatabaseError`, or `CancellationError` when the task is cancelled.
    @discardableResult
    public static func truncate(_ db: Database) async throws -> Int {
        try await db.write { conn in try truncate(conn) }
    }
}

import Foundation

/// Proves, in an app's test suite, that migrating a database made by an older version gives the same
/// schema as creating one from scratch.
///
/// ```swift
/// @Test func migratesFromVersion1() throws {
///     let fixture = try #require(Bundle.module.url(forResource: "library-v1", withExtension: "sqlite"))
///     let extras = try MigrationVerifier.verify(migrating: fixture, to: ExampleSchema.self, hooks: hooks)
///     #expect(extras.isEmpty)
/// }
/// ```
public enum MigrationVerifier {
    /// Copies `databaseURL` into a new temporary directory, migrates the copy, creates a fresh database
    /// from `schema` next to it, and compares the two live schemas (tables, columns, types, nullability,
    /// defaults, keys, indexes, unique constraints, foreign keys). The original file is never opened for
    /// writing; the temporary directory is removed afterwards.
    ///
    /// - Returns: The tolerated differences (columns, tables or indexes the migrated database keeps and a
    ///   fresh one lacks); empty when the schemas are equal.
    /// - Throws: `MigrationError.schemaMismatch` with every other difference; whatever `migrate` throws
    ///   (for example `MigrationError.stepFailed`); `CocoaError` when the file cannot be copied.
    @discardableResult
    public static func verify<S: DatabaseSchema>(
        migrating databaseURL: URL, to schema: S.Type, hooks: [String: MigrationHook] = [:]
    ) throws -> [SchemaDifference] {
        let manager = FileManager.default
        let directory = manager.temporaryDirectory.appendingPathComponent("ormkit-verify-\(UUID().uuidString)", isDirectory: true)
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: directory) }
        let migratedURL = directory.appendingPathComponent("migrated.sqlite")
        try manager.copyItem(at: databaseURL, to: migratedURL)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: databaseURL.path + suffix)
            if manager.fileExists(atPath: companion.path) {
                try manager.copyItem(at: companion, to: URL(fileURLWithPath: migratedURL.path + suffix))
            }
        }
        let migrated = try Database(path: migratedURL.path)
        defer { try? migrated.close() }
        try migrated.writeWithoutTransaction { conn in try conn.migrate(schema, hooks: hooks) }
        let fresh = try Database(path: directory.appendingPathComponent("fresh.sqlite").path)
        defer { try? fresh.close() }
        try fresh.writeWithoutTransaction { conn in try conn.migrate(schema, hooks: hooks) }
        let differences = try compare(migrated: migrated, fresh: fresh)
        let blocking = differences.filter { !$0.isTolerated }
        if !blocking.isEmpty { throw MigrationError.schemaMismatch(blocking) }
        return differences
    }

    /// Every difference between the migrated database's live schema and the fresh one's.
    static func compare(migrated: Database, fresh: Database) throws -> [SchemaDifference] {
        let expected = try fresh.withConnection { try LiveSchema.read($0) }
        let actual = try migrated.withConnection { try LiveSchema.read($0) }
        return SchemaComparison.differences(expected: expected, actual: actual)
    }
}

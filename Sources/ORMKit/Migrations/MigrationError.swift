/// Why `migrate` (or `MigrationVerifier.verify`) refused or failed. When it is thrown, the database is
/// unchanged: same schema, same rows, same version.
public enum MigrationError: Error, CustomStringConvertible {
    /// The database was written by a newer version of the app (its `PRAGMA user_version` is above the
    /// schema's version). Nothing was touched.
    case newerDatabase(databaseVersion: Int, schemaVersion: Int)
    /// The database has tables but no schema version (SQLite's `PRAGMA user_version` is 0, PostgreSQL's
    /// `ormkit_schema_version` is missing or empty), so the migrator cannot tell which steps it needs.
    case unversionedDatabase(tables: [String])
    /// Steps of pending versions name hooks that were not passed to `migrate(_:hooks:)`. Checked before
    /// anything runs.
    case missingHooks(names: [String])
    /// A new non-optional column without a default cannot be added to a table that has rows.
    case notNullColumnWithoutDefault(table: String, column: String)
    /// A step cannot apply to the live schema (for example it renames a column the table does not have).
    case invalidStep(version: Int, step: MigrationStep, reason: String)
    /// A step, a hook or an automatic change failed; `underlying` is the error it threw (usually a
    /// `DatabaseError` with its SQLite code, message and SQL).
    case stepFailed(version: Int, step: String, underlying: any Error)
    /// `PRAGMA foreign_key_check` found rows whose parent row is missing after the migration; `step` names the
    /// first step after which they appeared (`migration 3, step 2 (sql)`), nil when no single step did.
    case foreignKeyViolations([ForeignKeyViolation], step: String?)
    /// After the migration the live schema still differs from the schema's metadata (see `SchemaDifference`);
    /// only differences that are not `isTolerated` are listed.
    case schemaMismatch([SchemaDifference])
    /// A declared column type in the file does not fit the storage its field expects (a `Date` stored as REAL
    /// on a `DATETIME` column of text dates). Checked on every `migrate`, before any typed query can run.
    case storageMismatch([StorageMismatch])
    /// The database is at the schema's version but lacks some of its tables (dropped outside `migrate`).
    /// Nothing was changed; recreate them (`Model.createTable(db)`) or restore the file.
    case missingTables([String], version: Int)
    /// `adopting: .ifMatching` found differences between the unversioned file and the schema; the file was
    /// not changed.
    case adoptionRefused(differences: [SchemaDifference], storage: [StorageMismatch])
    /// A table must be rebuilt but foreign keys are enforced inside a transaction the caller opened, where
    /// SQLite cannot turn them off. Call `migrate` outside `write`.
    case rebuildInsideTransaction(table: String)

    /// One line (or one line per difference) saying what is wrong and what to do.
    public var description: String {
        switch self {
        case let .newerDatabase(databaseVersion, schemaVersion):
            return "the database is at schema version \(databaseVersion), newer than this app's schema version \(schemaVersion); "
                + "it was written by a newer app version and was not touched"
        case let .unversionedDatabase(tables):
            return "the database has tables (\(tables.joined(separator: ", "))) but no schema version; "
                + "migrate(_:adopting: .ifMatching) adopts it when its tables match the schema, or record the version "
                + "its tables match (SQLite: PRAGMA user_version = n; PostgreSQL: "
                + "INSERT INTO ormkit_schema_version (version) VALUES (n)), then migrate"
        case let .missingHooks(names):
            return "no hook registered for \(names.map { "'\($0)'" }.joined(separator: ", ")); "
                + "pass it in migrate(_:hooks:), e.g. hooks: [\"\(names.first ?? "name")\": { db in … }]"
        case let .notNullColumnWithoutDefault(table, column):
            return "cannot add column \(table).\(column): it is NOT NULL without a default and the table has rows; "
                + "give the field a default, make it optional, or fill it in a sql/hook step of a rebuild"
        case let .invalidStep(version, step, reason):
            return "migration \(version), step \(step.summary): \(reason)"
        case let .stepFailed(version, step, underlying):
            return "migration \(version), \(step) failed: \(underlying)"
        case let .foreignKeyViolations(violations, step):
            return "foreign key check failed after " + (step.map { "\($0) (nothing was changed)" } ?? "the migration") + ": "
                + violations.map(\.description).joined(separator: "; ")
        case let .schemaMismatch(differences):
            return "the migrated schema does not match the expected schema:\n"
                + differences.map { "  - \($0)" }.joined(separator: "\n")
        case let .storageMismatch(mismatches):
            return "declared column types do not fit the schema's storage:\n" + mismatches.map { "  - \($0)" }.joined(separator: "\n")
        case let .missingTables(tables, version):
            return "the database is at schema version \(version) but has no table \(tables.joined(separator: ", ")) "
                + "(dropped outside migrate?); recreate it with the model's createTable(_:) or restore the file"
        case let .adoptionRefused(differences, storage):
            return "the database has no schema version and does not match the schema, so it was not adopted (nothing was changed):\n"
                + (differences.map { "  - \($0)" } + storage.map { "  - \($0)" }).joined(separator: "\n")
        case let .rebuildInsideTransaction(table):
            return "table \(table) must be rebuilt, which needs foreign keys off, but migrate was called inside a "
                + "transaction with foreign keys on; call migrate on the Database, outside write { }"
        }
    }
}

/// One row `PRAGMA foreign_key_check` reported: a row of `table` whose parent in `parent` does not exist.
public struct ForeignKeyViolation: Sendable, Hashable, CustomStringConvertible {
    /// The referencing table.
    public let table: String
    /// The referencing row's rowid (nil for `WITHOUT ROWID` tables).
    public let rowID: Int64?
    /// The referenced table.
    public let parent: String

    /// `books row 3 references a missing row of authors`.
    public var description: String {
        "\(table) row \(rowID.map(String.init) ?? "?") references a missing row of \(parent)"
    }
}

extension MigrationStep {
    /// A short, readable form for messages: `renameColumn authors.full_name → name`.
    var summary: String {
        switch self {
        case let .renameColumn(table, from, to): "renameColumn \(table).\(from) → \(to)"
        case let .renameTable(from, to): "renameTable \(from) → \(to)"
        case let .dropColumn(table, column): "dropColumn \(table).\(column)"
        case let .alterColumn(table, column): "alterColumn \(table).\(column)"
        case let .addIndex(_, index): "addIndex \(index.name)"
        case let .dropIndex(name): "dropIndex \(name)"
        case let .sql(sql): "sql \"\(sql.count > 60 ? String(sql.prefix(57)) + "…" : sql)\""
        case let .hook(name): "hook \(name)"
        }
    }
}

extension [Migration] {
    /// Refuses, before any step runs, the upgrade from `current` to `version` when a `hook` step among its pending
    /// migrations names a hook `hooks` lacks.
    ///
    /// - Throws: `MigrationError.missingHooks` naming each missing hook once, in the order the steps use them.
    package func checkHooks(after current: Int, upTo version: Int, registered hooks: [String: MigrationHook]) throws {
        var missing: [String] = []
        for migration in self where migration.version > current && migration.version <= version {
            for case let .hook(name) in migration.steps where hooks[name] == nil && !missing.contains(name) {
                missing.append(name)
            }
        }
        if !missing.isEmpty { throw MigrationError.missingHooks(names: missing) }
    }
}

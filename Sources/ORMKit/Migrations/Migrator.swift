/// Brings a database to a schema's version: creates it when empty, runs the pending versions' steps and
/// the additive changes when older, refuses it when newer. See `Database.migrate(_:adopting:hooks:)`.
struct Migrator {
    let schema: SchemaDefinition
    let hooks: [String: MigrationHook]
    var adoption = AdoptionPolicy.never
    /// Whether each step is followed by `PRAGMA foreign_key_check`: only on a second, diagnosing run, after the
    /// check at the end of a migration found violations (so the error can name the step that made them).
    var checksEachStep = false

    /// Migrates `conn`; when the foreign-key check at the end fails, runs the migration once more (rolled back
    /// again) checking after each step, so the error names the first step that left violations.
    func migrate(_ conn: Connection) throws -> MigrationOutcome {
        do {
            return try migrateOnce(conn)
        } catch MigrationError.foreignKeyViolations(let violations, step: nil) where !checksEachStep {
            var diagnosing = self
            diagnosing.checksEachStep = true
            do {
                _ = try diagnosing.migrateOnce(conn)
            } catch is DiagnosisFinished {
                // No single step left violations (the run was rolled back like the first).
            }
            throw MigrationError.foreignKeyViolations(violations, step: nil)
        }
    }

    /// Ends a diagnosing run that found no failing step, so it rolls back instead of committing.
    private struct DiagnosisFinished: Error {}

    private func migrateOnce(_ conn: Connection) throws -> MigrationOutcome {
        let current = try Self.version(conn)
        if current > schema.version { throw MigrationError.newerDatabase(databaseVersion: current, schemaVersion: schema.version) }
        if current == schema.version, !FileFormat.isFormat1(version: current, applicationID: try FileFormat.applicationID(conn)) {
            let missing = StorageCheck.missingTables(schema, conn)
            if !missing.isEmpty { throw MigrationError.missingTables(missing, version: current) }
            try checkStorage(conn)
            return .upToDate(version: current)
        }
        try checkHooks(after: current)
        return try MigrationTransaction.run(conn) {
            // Re-read under the write lock: another connection may have migrated meanwhile.
            let start = try Self.version(conn)
            if start > schema.version { throw MigrationError.newerDatabase(databaseVersion: start, schemaVersion: schema.version) }
            let outcome: MigrationOutcome
            if start == 0 {
                let tables = try LiveSchema.tableNames(conn)
                if tables.isEmpty {
                    try schema.createAll(conn)
                    try run("the seed rows", version: schema.version, on: conn) { try schema.insertSeed(conn) }
                    outcome = .created(version: schema.version)
                } else if adoption == .ifMatching {
                    try checkAdoptable(conn)
                    outcome = .adopted(version: schema.version)
                } else {
                    throw MigrationError.unversionedDatabase(tables: tables)
                }
            } else {
                let isFormat1 = FileFormat.isFormat1(version: start, applicationID: try FileFormat.applicationID(conn))
                if isFormat1 {
                    try run("the conversion of dates to seconds since 2001", version: start, on: conn) {
                        try FileFormat.convertFormat1Dates(schema, from: start, conn)
                    }
                }
                if start < schema.version { try upgrade(from: start, conn) }
                if isFormat1 {
                    try run("the rebuild of tables with date defaults counted from 1970", version: schema.version, on: conn) {
                        try FileFormat.rebuildStaleDateDefaults(schema, conn)
                    }
                }
                outcome = start == schema.version ? .upToDate(version: start) : .upgraded(from: start, to: schema.version)
            }
            let blocking = try schema.differences(conn).filter { !$0.isTolerated }
            if !blocking.isEmpty { throw MigrationError.schemaMismatch(blocking) }
            try checkStorage(conn, samplingValues: true)
            if start != schema.version { try conn.run(sql: "PRAGMA user_version = \(schema.version)", arguments: []) }
            try FileFormat.stamp(conn)
            if checksEachStep { throw DiagnosisFinished() }
            return outcome
        }
    }

    /// - Throws: `MigrationError.storageMismatch` when a declared column type does not fit its field's storage,
    ///   or (`samplingValues`: after a migration that wrote) a sample of a column's values does not.
    private func checkStorage(_ conn: Connection, samplingValues: Bool = false) throws {
        let mismatches = try StorageCheck.mismatches(schema, conn) + (samplingValues ? StorageCheck.valueMismatches(schema, conn) : [])
        if !mismatches.isEmpty { throw MigrationError.storageMismatch(mismatches) }
    }

    /// - Throws: `MigrationError.adoptionRefused` listing every difference and storage mismatch (declared types,
    ///   and a sample of each confusable column's values), when the unversioned file does not match the schema
    ///   exactly (extra tables, indexes and nullable columns aside).
    private func checkAdoptable(_ conn: Connection) throws {
        let blocking = try schema.differences(conn).filter { !$0.isTolerated }
        let mismatches = try StorageCheck.mismatches(schema, conn) + StorageCheck.valueMismatches(schema, conn)
        if !blocking.isEmpty || !mismatches.isEmpty {
            throw MigrationError.adoptionRefused(differences: blocking, storage: mismatches)
        }
    }

    /// For each pending version: the additive changes its steps do not conflict with, then its steps;
    /// finally every remaining additive change.
    private func upgrade(from start: Int, _ conn: Connection) throws {
        let pending = schema.migrations.filter { $0.version > start && $0.version <= schema.version }
        for (offset, migration) in pending.enumerated() {
            try run("additive changes", version: migration.version, on: conn) {
                try AdditiveChanges(schema: schema, before: pending[offset...]).apply(conn)
            }
            let runner = StepRunner(schema: schema, hooks: hooks, version: migration.version)
            for (number, step) in migration.steps.enumerated() {
                try run("step \(number + 1) (\(step.summary))", version: migration.version, on: conn) { try runner.apply(step, conn) }
            }
        }
        try run("additive changes", version: schema.version, on: conn) { try AdditiveChanges(schema: schema).apply(conn) }
    }

    /// Runs `body`, wrapping any error that is not already a `MigrationError` with the version and step.
    private func run(_ what: String, version: Int, on conn: Connection, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError.stepFailed(version: version, step: what, underlying: error)
        }
        if checksEachStep { try MigrationTransaction.checkForeignKeys(conn, after: "migration \(version), \(what)") }
    }

    /// - Throws: `MigrationError.missingHooks` naming every hook a pending step needs and `hooks` lacks.
    private func checkHooks(after current: Int) throws {
        guard current > 0 else { return }
        try schema.migrations.checkHooks(after: current, upTo: schema.version, registered: hooks)
    }

    /// `PRAGMA user_version`: the schema version recorded by the last migration (0 for a new database).
    static func version(_ conn: Connection) throws -> Int {
        Int(try conn.migrationInteger("PRAGMA user_version"))
    }
}

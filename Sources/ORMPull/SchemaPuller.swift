import Foundation
#if PostgreSQLTools
import ORMKitPostgres
#endif

/// The whole pull in memory: open the database read-only, introspect, sample, map, write YAML. Only the
/// command touches the output directory.
public enum SchemaPuller {
    /// What a pull produced.
    public struct Result: Sendable {
        /// The text of `schema.yaml`.
        public var yaml: String
        /// How many models it declares.
        public var modelCount: Int
        /// Notes for standard error, in the order found.
        public var notes: [String]
    }

    /// Pulls the schema of the database at `path`, at the version `migrate` recorded in it (1 when none).
    ///
    /// - Throws: `PullFailure` naming the path when it is missing, a directory, unreadable or not a database.
    public static func pull(databaseAt path: String, schemaName: String, naming: NamingStrategy) throws -> Result {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PullFailure("no such file: '\(path)'")
        }
        guard !isDirectory.boolValue else { throw PullFailure("'\(path)' is a directory, not a database file") }
        guard FileManager.default.isReadableFile(atPath: path) else { throw PullFailure("cannot read '\(path)': permission denied") }
        let database = try ReadOnlyDatabase(path: path)
        var notes = PullNotes()
        let contents = try SchemaIntrospector.contents(of: database, notes: &notes)
        let tables = try ValueSampler.sample(contents.tables, from: database)
        // The version `migrate` recorded (PRAGMA user_version), or 1 for a file no migration stamped.
        let version = try database.rows("PRAGMA user_version").first?.first?.integer.map { Int(max($0, 1)) } ?? 1
        return result(
            tables, fullTextTables: contents.fullTextTables, schemaName: schemaName, naming: naming, version: version, notes: notes)
    }

    /// Whether `location` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than a file.
    public static func isPostgresURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    #if PostgreSQLTools
    /// Pulls the schema of the PostgreSQL database at `url` (its current schema, `public` by default), at the version
    /// `migrate` recorded in it (1 when none). Reads the catalog only, plus up to 1,000 values of each JSON column.
    ///
    /// - Throws: `PullFailure` naming the database (never its password) when it cannot be reached or read.
    public static func pull(postgresURL url: String, schemaName: String, naming: NamingStrategy) async throws -> Result {
        let db: PostgresDatabase
        do {
            db = try PostgresDatabase(url: url)
        } catch {
            throw PullFailure("cannot read '\(redacted(url))': \(error)")
        }
        do {
            var notes = PullNotes()
            let tables = try await PostgresCatalog.tables(of: db, notes: &notes)
            let version = try await PostgresCatalog.version(of: db)
            await db.close()
            return result(tables, schemaName: schemaName, naming: naming, version: version, notes: notes)
        } catch {
            await db.close()
            throw PullFailure("cannot read '\(redacted(url))': \(error)")
        }
    }
    #endif

    /// `url` without its password.
    public static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }

    /// `tables` (and `fullTextTables`, as `search:`) mapped and written as YAML.
    private static func result(
        _ tables: [LiveTable], fullTextTables: [LiveFullTextTable] = [], schemaName: String, naming: NamingStrategy, version: Int,
        notes: PullNotes
    ) -> Result {
        var notes = notes
        let schema = SchemaMapper.map(tables, fullTextTables: fullTextTables, name: schemaName, naming: naming, notes: &notes)
        return Result(yaml: SchemaYAML.document(for: schema, version: version), modelCount: schema.models.count, notes: notes.lines)
    }
}

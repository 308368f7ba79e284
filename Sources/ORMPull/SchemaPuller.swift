import Foundation

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
        let tables = try ValueSampler.sample(SchemaIntrospector.tables(of: database, notes: &notes), from: database)
        let schema = SchemaMapper.map(tables, name: schemaName, naming: naming, notes: &notes)
        // The version `migrate` recorded (PRAGMA user_version), or 1 for a file no migration stamped.
        let version = try database.rows("PRAGMA user_version").first?.first?.integer.map { Int(max($0, 1)) } ?? 1
        return Result(yaml: SchemaYAML.document(for: schema, version: version), modelCount: schema.models.count, notes: notes.lines)
    }
}

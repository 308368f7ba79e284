import ArgumentParser
import ORMGenCLI
import ORMGenCore
import ORMPull

struct PullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Write a schema (YAML) describing the tables of an existing SQLite or PostgreSQL database.",
        discussion: """
            Opens DATABASE read-only (the file is never changed) and writes one file, <output>/schema.yaml \
            (replaced if present): a model per table with a primary key, sorted by name, fields in column \
            order, with the column types, date and UUID storages read off the data, defaults, unique \
            constraints, indexes and foreign keys (belongsTo with the inverse hasMany; a table that only links \
            two others becomes a manyToMany). Views, virtual tables, tables without a primary key and what \
            the schema cannot express are skipped with a note on standard error \
            (`ormgen: note: <table>.<column>: message`).

            A PostgreSQL database is named by its URL (postgres://user:password@host:5432/name?sslmode=…), \
            in an ormgen built with the PostgreSQLTools trait (swift run --traits PostgreSQLTools ormgen pull …): its current schema is \
            read from the catalog, with PostgreSQL's types as field types (sqlType where ormgen would declare \
            another), identity and serial keys, CHECK constraints SQLite can also read, and the version migrate \
            recorded; enum, array and other types without an exact field are skipped with a note.

            Examples: ormgen pull chinook.db --output schema --naming asIs
                      ormgen pull postgres://app@localhost/shop --output schema --naming snake_case
            """
    )

    @Argument(help: "The SQLite database file, or the PostgreSQL URL, to read.")
    var database: String

    @Option(name: .shortAndLong, help: "The directory to write schema.yaml into (created if missing).")
    var output: String

    @Option(help: """
        How names map to tables and columns: asIs (fields keep the column names, made into identifiers) \
        or snake_case (lowerCamel fields of snake_case columns). Models are the UpperCamelCase of the \
        table names either way; table:/column: are written wherever the default would not give the exact name.
        """)
    var naming: NamingStrategy = .asIs

    @Option(help: "The schema's name (default: from the file name, chinook.db -> ChinookSchema).")
    var name: String?

    @Flag(name: .shortAndLong, help: "Print only notes, no summary line.")
    var quiet = false

    func validate() throws {
        if let name, name.isEmpty || PullNames.identifier(name) != name || Naming.reservedTypeNames.contains(name) {
            throw ValidationError("--name takes a Swift type name (letters, digits, _; not starting with a digit): '\(name)'")
        }
    }

    func run() async throws {
        do {
            let pulled = try await Self.pull(
                database, schemaName: name ?? SchemaMapper.defaultSchemaName(forDatabase: database), naming: naming)
            try SchemaFileWriter.write(pulled.yaml, into: output)
            for note in pulled.notes { DiagnosticPrinter.note(note) }
            let models = "\(pulled.modelCount) model\(pulled.modelCount == 1 ? "" : "s")"
            DiagnosticPrinter.summary("pulled \(models) from \(SchemaPuller.redacted(database)) into \(output)", diagnostics: [], quiet: quiet)
        } catch let failure as PullFailure {
            DiagnosticPrinter.fail(failure.message)
            throw ExitCode.failure
        }
    }

    /// The pull of a SQLite file or a PostgreSQL URL.
    ///
    /// - Throws: `PullFailure`, also for a URL given to an ormgen built without the PostgreSQL trait.
    static func pull(_ database: String, schemaName: String, naming: NamingStrategy) async throws -> SchemaPuller.Result {
        guard SchemaPuller.isPostgresURL(database) else {
            return try SchemaPuller.pull(databaseAt: database, schemaName: schemaName, naming: naming)
        }
        #if PostgreSQLTools
        return try await SchemaPuller.pull(postgresURL: database, schemaName: schemaName, naming: naming)
        #else
        throw PullFailure("this ormgen reads SQLite files only; build it with `--traits PostgreSQLTools` to read a PostgreSQL URL")
        #endif
    }
}

extension NamingStrategy: ExpressibleByArgument {}

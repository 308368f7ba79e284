import ArgumentParser
import ORMGenCLI
import Foundation
import ORMGenCore
import ORMPull

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print the SQL plan of the migration from an older schema to a newer one, for review.",
        discussion: """
            Prints the explicit steps of every version after the older schema's, then the additive changes \
            (new tables, columns, indexes) that migrate applies automatically, then the version update. \
            Warns about fields removed without a dropColumn step (their columns stay in the database) and \
            about new required fields without a default. Writes nothing.

            With --dialect postgresql, prints the PostgreSQL plan: ALTER TABLE in place of SQLite's table rebuilds \
            (ALTER COLUMN TYPE … USING, SET/DROP NOT NULL, SET/DROP DEFAULT, constraints); sql steps as written.

            Either side may be a SQLite database file or a PostgreSQL URL: its schema is pulled first (as ormgen pull \
            would write it, at the version migrate recorded in it), so the plan shows what migrate would change there.

            Examples: ormgen diff old-schema --to schema
                      ormgen diff old-schema --to schema --dialect postgresql
                      ormgen diff library.db --to schema
                      ormgen diff postgres://app@localhost/library --to schema --dialect postgresql
            """
    )

    @Argument(help: "The older schema: files (.yaml, .yml) or directories holding them, a SQLite database file or a PostgreSQL URL.")
    var old: [String]

    @Option(parsing: .upToNextOption, help: "The newer schema: files or directories, a SQLite database file or a PostgreSQL URL.")
    var to: [String]

    @Option(help: "The SQL dialect: sqlite (default) or postgresql.")
    var dialect: DialectOption = .sqlite

    @Flag(name: .shortAndLong, help: "Print only diagnostics and the plan, no summary line.")
    var quiet = false

    func run() async throws {
        let oldInputs = try await Self.collect(old)
        let newInputs = try await Self.collect(to)
        let plan = MigrationPlanner.plan(from: oldInputs.inputs, to: newInputs.inputs, dialect: dialect.dialect)
        let diagnostics = oldInputs.diagnostics + newInputs.diagnostics + plan.diagnostics
        DiagnosticPrinter.print(diagnostics)
        guard !plan.hasErrors, oldInputs.diagnostics.isEmpty, newInputs.diagnostics.isEmpty else {
            DiagnosticPrinter.summary("no plan", diagnostics: diagnostics, quiet: quiet)
            throw ExitCode.failure
        }
        print(plan.sql, terminator: "")
        DiagnosticPrinter.summary("migration plan printed", diagnostics: diagnostics, quiet: quiet)
    }

    /// The schema inputs of one side: a database (SQLite file, PostgreSQL URL) pulled in memory, or YAML files and
    /// directories.
    private static func collect(_ paths: [String]) async throws -> InputCollector.Collected {
        guard paths.count == 1, let path = paths.first, SchemaPuller.isPostgresURL(path) || isSQLiteDatabase(path) else {
            return try InputCollector.collect(paths)
        }
        do {
            let pulled = try await PullCommand.pull(
                path, schemaName: SchemaMapper.defaultSchemaName(forDatabase: path), naming: .asIs)
            for note in pulled.notes { DiagnosticPrinter.note(note) }
            return InputCollector.Collected(inputs: [SchemaInput(path: SchemaPuller.redacted(path), contents: pulled.yaml)])
        } catch let failure as PullFailure {
            DiagnosticPrinter.fail(failure.message)
            throw ExitCode.failure
        }
    }

    /// Whether `path` is a file that starts with SQLite's header ("SQLite format 3" and a NUL).
    private static func isSQLiteDatabase(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return header == Data("SQLite format 3\u{0}".utf8)
    }
}

import ArgumentParser
import ORMGenCore

struct DiffCommand: ParsableCommand {
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

            Examples: ormgen diff old-schema --to schema
                      ormgen diff old-schema --to schema --dialect postgresql
            """
    )

    @Argument(help: "The older schema: files (.yaml, .yml) or directories holding them.")
    var old: [String]

    @Option(parsing: .upToNextOption, help: "The newer schema: files or directories.")
    var to: [String]

    @Option(help: "The SQL dialect: sqlite (default) or postgresql.")
    var dialect: DialectOption = .sqlite

    @Flag(name: .shortAndLong, help: "Print only diagnostics and the plan, no summary line.")
    var quiet = false

    func run() throws {
        let oldInputs = try InputCollector.collect(old)
        let newInputs = try InputCollector.collect(to)
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
}

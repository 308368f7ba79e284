import ArgumentParser
import ORMGenCLI
import ORMGenCore

struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Print the full DDL (CREATE TABLE and CREATE INDEX statements) to standard output.",
        discussion: """
            With --dialect postgresql, prints the PostgreSQL DDL (identity keys, BOOLEAN, NUMERIC, TIMESTAMPTZ, UUID, \
            BYTEA, JSONB, named constraints); names PostgreSQL cannot take (over 63 bytes) are errors at their YAML line.

            Examples: ormgen sql schema | sqlite3 library.sqlite
                      ormgen sql schema --dialect postgresql | psql -v ON_ERROR_STOP=1 library
            """
    )

    @OptionGroup var options: InputOptions

    @Option(help: "The SQL dialect: sqlite (default) or postgresql.")
    var dialect: DialectOption = .sqlite

    func run() throws {
        let inputs = try InputCollector.collect(options.inputs)
        let result = Generator.ddl(inputs: inputs.inputs, dialect: dialect.dialect)
        DiagnosticPrinter.print(inputs.diagnostics + result.diagnostics)
        guard !result.hasErrors, inputs.diagnostics.isEmpty else { throw ExitCode.failure }
        print(result.statements.map { $0 + ";" }.joined(separator: "\n\n"))
    }
}

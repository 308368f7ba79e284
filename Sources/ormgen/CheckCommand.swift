import ArgumentParser
import ORMGenCLI
import ORMGenCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a schema and print its diagnostics; write nothing.",
        discussion: """
            With --previous, also compares with the schema the app shipped before and warns about fields \
            removed without a dropColumn step (see ormgen diff).

            Examples: ormgen check schema
                      ormgen check schema --previous old-schema
            """
    )

    @OptionGroup var options: InputOptions

    @Option(parsing: .upToNextOption, help: "The previous schema version's files or directories, to check the migration.")
    var previous: [String] = []

    func run() throws {
        let inputs = try InputCollector.collect(options.inputs)
        let previousInputs = try InputCollector.collect(previous)
        let diagnostics = previous.isEmpty
            ? inputs.diagnostics + Generator.check(inputs: inputs.inputs)
            : inputs.diagnostics + previousInputs.diagnostics + MigrationPlanner.check(inputs.inputs, previous: previousInputs.inputs)
        DiagnosticPrinter.print(diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        DiagnosticPrinter.summary(hasErrors ? "schema has errors" : "schema is valid", diagnostics: diagnostics, quiet: options.quiet)
        if hasErrors { throw ExitCode.failure }
    }
}

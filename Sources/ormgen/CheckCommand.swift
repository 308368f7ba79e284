import ArgumentParser
import ORMGenCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a schema and print its diagnostics; write nothing.",
        discussion: "Example: ormgen check schema"
    )

    @OptionGroup var options: InputOptions

    func run() throws {
        let inputs = try InputCollector.collect(options.inputs)
        let diagnostics = inputs.diagnostics + Generator.check(inputs: inputs.inputs)
        DiagnosticPrinter.print(diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        DiagnosticPrinter.summary(hasErrors ? "schema has errors" : "schema is valid", diagnostics: diagnostics, quiet: options.quiet)
        if hasErrors { throw ExitCode.failure }
    }
}

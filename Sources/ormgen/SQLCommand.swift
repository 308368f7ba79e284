import ArgumentParser
import ORMGenCore

struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Print the full DDL (CREATE TABLE and CREATE INDEX statements) to standard output.",
        discussion: "Example: ormgen sql schema | sqlite3 library.sqlite"
    )

    @OptionGroup var options: InputOptions

    func run() throws {
        let inputs = try InputCollector.collect(options.inputs)
        let result = Generator.generate(inputs: inputs.inputs)
        DiagnosticPrinter.print(inputs.diagnostics + result.diagnostics)
        guard !result.hasErrors, inputs.diagnostics.isEmpty else { throw ExitCode.failure }
        print(result.createStatements.map { $0 + ";" }.joined(separator: "\n\n"))
    }
}

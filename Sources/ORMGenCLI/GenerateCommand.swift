import ArgumentParser
import ORMGenCore

package struct GenerateCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write one Swift file per model and embeddable, and the schema file, into the output directory.",
        discussion: """
            Writes only files whose bytes changed and removes stale files in the output directory that carry the \
            ormgen header (files without it, like hand-written support code, are never touched).

            Example: ormgen generate schema --output Generated --access public
            """
    )

    @OptionGroup var options: InputOptions

    @Option(name: .shortAndLong, help: "The directory to write into (created if missing).")
    var output: String

    @Option(help: "Access level of generated declarations: public, package or internal (over the schema's access:).")
    var access: GeneratorOptions.AccessLevel?

    @Option(help: "Access level when neither --access nor the schema's access: gives one (default: public).")
    var defaultAccess: GeneratorOptions.AccessLevel = .public

    @Option(help: "Write all declarations into this one file (e.g. ORMGen.swift) instead of one file per model.")
    var singleFile: String?

    package init() {}

    package func validate() throws {
        if let singleFile, !singleFile.hasSuffix(".swift") || singleFile.contains("/") || singleFile == ".swift" {
            throw ValidationError("--single-file takes a file name ending in .swift, without a directory: '\(singleFile)'")
        }
    }

    package func run() throws {
        let inputs = try InputCollector.collect(options.inputs)
        let result = Generator.generate(inputs: inputs.inputs, options: GeneratorOptions(accessLevel: access, defaultAccessLevel: defaultAccess))
        DiagnosticPrinter.print(inputs.diagnostics + result.diagnostics)
        guard !result.hasErrors, inputs.diagnostics.isEmpty else {
            DiagnosticPrinter.summary("nothing written", diagnostics: inputs.diagnostics + result.diagnostics, quiet: options.quiet)
            throw ExitCode.failure
        }
        let files = singleFile.map { name in
            [SingleFileLayout.merge(result.files, into: name, sources: inputs.inputs.map(\.path).sorted())]
        }
        let report = try OutputWriter.write(files ?? result.files, to: output)
        let summary = "wrote \(report.written) file\(report.written == 1 ? "" : "s"), \(report.unchanged) unchanged"
            + (report.removed > 0 ? ", removed \(report.removed) stale" : "")
        DiagnosticPrinter.summary(summary, diagnostics: result.diagnostics, quiet: options.quiet)
    }
}

extension GeneratorOptions.AccessLevel: ExpressibleByArgument {}

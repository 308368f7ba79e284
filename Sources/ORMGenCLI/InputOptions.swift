import ArgumentParser

/// Options every subcommand shares.
package struct InputOptions: ParsableArguments {
    @Argument(help: "Schema files (.yaml, .yml) or directories holding them.")
    package var inputs: [String]

    @Flag(name: .shortAndLong, help: "Print only diagnostics, no summary line.")
    package var quiet = false

    package init() {}
}

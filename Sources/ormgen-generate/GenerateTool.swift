import ArgumentParser
import ORMGenCLI

/// The build plugins' tool: `ormgen generate` and nothing else.
///
/// The plugins cannot run `ormgen` itself: with the `PostgreSQLTools` trait it links ORMPull's PostgreSQL catalog
/// reader, so every build that runs a plugin would compile SwiftNIO, swift-crypto and postgres-nio a second time for
/// the tool. This executable links the generator only; its arguments are those of `ormgen generate`.
@main
struct GenerateTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ormgen-generate",
        abstract: "ormgen's generate command, for the build plugins (same arguments as `ormgen generate`).",
        subcommands: [GenerateCommand.self]
    )
}

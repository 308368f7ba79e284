import ArgumentParser
import ORMGenCLI

@main
struct ORMGenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ormgen",
        abstract: "Generate typed Swift models and SQLite DDL from a YAML schema.",
        discussion: """
            A schema is one or more .yaml/.yml files (or directories of them), merged into one. Problems are \
            reported as `path:line:column: error: message`; any error exits non-zero and writes nothing.

            Examples:
              ormgen generate schema --output Generated
              ormgen generate schema/shop.yaml --output Sources/Shop --access internal
              ormgen check schema
              ormgen sql schema > schema.sql
              ormgen diff old-schema --to schema
              ormgen pull chinook.db --output schema
              ormgen pull postgres://user@localhost/shop --output schema   (built with the PostgreSQLTools trait)
            """,
        version: "0.1.0",
        subcommands: [GenerateCommand.self, CheckCommand.self, SQLCommand.self, DiffCommand.self, PullCommand.self]
    )
}

import Foundation
import PackagePlugin

/// Build tool plugin: runs `ormgen generate` (the `ormgen-generate` tool) on the target's `schema/*.yaml` files before compiling it.
///
/// One build command per target. Its inputs are the schema files and the `ormgen` executable;
/// its single output is `ORMGen.swift` in the plugin work directory (the only place a plugin may
/// write under the macOS sandbox). Because the output is declared exactly, SwiftPM and Xcode skip
/// the generator when no input changed and always rerun it when one did.
@main
struct ORMGenPlugin {
    /// The one file the generator writes for a target: every model, embeddable and the schema enum.
    static let outputFileName = "ORMGen.swift"

    func createBuildCommands(
        workDirectory: URL,
        tool: PluginContext.Tool,
        schemaFiles: [URL],
        targetName: String,
        isExecutable: Bool
    ) -> [Command] {
        guard !schemaFiles.isEmpty else {
            Diagnostics.warning(PluginError.noSchemaFiles(targets: [targetName]).description)
            return []
        }
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources", isDirectory: true)
        let outputFile = outputDirectory.appendingPathComponent(Self.outputFileName)
        let arguments =
            ["generate"] + schemaFiles.map(\.path)
            + ["--output", outputDirectory.path, "--single-file", Self.outputFileName, "--quiet"]
            // An executable's types are internal: its models are too, unless the schema says `access:`.
            + ["--default-access", isExecutable ? "internal" : "public"]
        return [
            .buildCommand(
                displayName: "Generating \(Self.outputFileName) for \(targetName) from \(schemaFiles.count) schema file(s)",
                executable: tool.url,
                arguments: arguments,
                environment: [:],
                inputFiles: schemaFiles + [tool.url],
                outputFiles: [outputFile]
            )
        ]
    }
}

extension ORMGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            throw PluginError.notASwiftTarget(target.name)
        }
        return createBuildCommands(
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "ormgen-generate"),
            schemaFiles: SchemaFiles.select(from: target.sourceFiles.map(\.url), targetDirectory: target.directoryURL),
            targetName: target.name,
            isExecutable: target.kind == .executable
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension ORMGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        createBuildCommands(
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "ormgen-generate"),
            schemaFiles: SchemaFiles.select(from: target.inputFiles.map(\.url), targetDirectory: nil),
            targetName: target.displayName,
            // An Xcode target's kind is not told apart here: public unless the schema says `access:`.
            isExecutable: false
        )
    }
}
#endif

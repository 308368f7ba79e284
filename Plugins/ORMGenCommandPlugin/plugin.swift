import Foundation
import PackagePlugin

/// Command plugin `generate-orm`: writes the generated Swift files into the package, one file per
/// model (the layout of `ormgen generate`), for teams that commit generated code.
///
///     swift package --allow-writing-to-package-directory generate-orm [--target T]... [--output DIR] [ormgen options]
///
/// Without `--target` it handles every Swift target that has a `schema/` folder and excludes it from its
/// sources (`exclude: ["schema"]`); targets whose schema files are build-plugin inputs are skipped. The output defaults
/// to `<target directory>/Generated`; `--output` (relative to the package) needs exactly one target.
/// Other arguments, such as `--access public`, are passed on to `ormgen generate`.
@main
struct ORMGenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let passThrough = extractor.remainingArguments
        if arguments.last == "--output" || arguments.last == "--target" {
            throw PluginError.missingValue(option: arguments.last ?? "")
        }

        let candidates = try selectTargets(named: targetNames, in: context.package)
        var jobs = candidates.map { ($0, SchemaFiles.onDisk(targetDirectory: $0.directoryURL)) }
            .filter { !$0.1.isEmpty }
        let withoutSchema = targetNames.filter { name in !jobs.contains { $0.0.name == name } }
        if !withoutSchema.isEmpty || jobs.isEmpty {
            throw PluginError.noSchemaFiles(targets: targetNames.isEmpty ? candidates.map(\.name) : withoutSchema)
        }
        if targetNames.isEmpty {
            // A target whose schema files are among its sources feeds them to the build plugin: generating
            // into it too would declare every model twice. Committed-code targets exclude their schema/.
            for (target, _) in jobs where compilesSchema(target) {
                print("generate-orm: skipping \(target.name): its schema/ files are build inputs (ORMGenPlugin); pass --target \(target.name) to generate anyway")
            }
            jobs.removeAll { compilesSchema($0.0) }
            guard !jobs.isEmpty else { throw PluginError.onlyBuildPluginTargets }
        }
        if outputs.count > 1 || (!outputs.isEmpty && jobs.count > 1) {
            throw PluginError.outputNeedsOneTarget
        }

        let tool = try context.tool(named: "ormgen-generate")
        for (target, schemaFiles) in jobs {
            let output =
                outputs.first.map { resolve($0, against: context.package.directoryURL) }
                ?? target.directoryURL.appendingPathComponent("Generated", isDirectory: true)
            print("generate-orm: \(target.name): \(schemaFiles.count) schema file(s) -> \(output.path)")
            let status = try run(
                tool.url,
                ["generate"] + schemaFiles.map(\.path) + ["--output", output.path] + passThrough
            )
            guard status == 0 else { throw PluginError.generatorFailed(target: target.name, status: status) }
        }
    }

    private func selectTargets(named names: [String], in package: Package) throws -> [SwiftSourceModuleTarget] {
        guard !names.isEmpty else { return package.targets.compactMap { $0 as? SwiftSourceModuleTarget } }
        let found = try package.targets(named: names)
        return try found.map { target in
            guard let swiftTarget = target as? SwiftSourceModuleTarget else {
                throw PluginError.notASwiftTarget(target.name)
            }
            return swiftTarget
        }
    }

    /// Whether the target's own source files include its schema files (they are not excluded).
    private func compilesSchema(_ target: SwiftSourceModuleTarget) -> Bool {
        !SchemaFiles.select(from: target.sourceFiles.map(\.url), targetDirectory: target.directoryURL).isEmpty
    }

    private func resolve(_ path: String, against directory: URL) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path, isDirectory: true)
            : directory.appendingPathComponent(path, isDirectory: true)
    }

    private func run(_ executable: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

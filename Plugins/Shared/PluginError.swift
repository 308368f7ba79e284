import Foundation

/// Errors the ORMGen plugins report to SwiftPM or Xcode.
enum PluginError: Error, CustomStringConvertible, LocalizedError {
    case notASwiftTarget(String)
    case noTargetsNamed([String])
    case noSchemaFiles(targets: [String])
    case generatorFailed(target: String, status: Int32)
    case missingValue(option: String)
    case outputNeedsOneTarget
    case onlyBuildPluginTargets

    var description: String {
        switch self {
        case .notASwiftTarget(let name):
            "target '\(name)' is not a Swift source target; ORMGen generates Swift code only"
        case .noTargetsNamed(let names):
            "no target named \(names.map { "'\($0)'" }.joined(separator: ", ")) in this package"
        case .noSchemaFiles(let targets):
            "no .yaml or .yml files under the '\(SchemaFiles.folderName)/' folder of "
                + targets.map { "'\($0)'" }.joined(separator: ", ")
                + "; put the schema files in <target directory>/\(SchemaFiles.folderName)/"
        case .generatorFailed(let target, let status):
            "ormgen failed for target '\(target)' (exit status \(status)); see the errors above"
        case .missingValue(let option):
            "option '\(option)' needs a value"
        case .outputNeedsOneTarget:
            "--output names one directory: give it once, with exactly one --target"
        case .onlyBuildPluginTargets:
            "every target with a schema/ folder compiles it with the build plugin; add exclude: [\"schema\"] "
                + "to the target that should hold generated files, or name it with --target"
        }
    }

    var errorDescription: String? { description }
}

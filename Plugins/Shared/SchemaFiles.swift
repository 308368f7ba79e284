import Foundation

/// The rule both plugins use to find a target's schema: every `.yaml` / `.yml` file under the
/// target's `schema/` folder, at any depth, sorted by path so the generator sees a stable order.
enum SchemaFiles {
    /// The folder, relative to the target's directory, that holds the YAML schema files.
    static let folderName = "schema"

    /// The file extensions the plugins pass to `ormgen`.
    static let extensions: Set<String> = ["yaml", "yml"]

    /// The schema files among `files`.
    ///
    /// - Parameters:
    ///   - files: candidate files (a target's source files, or the files found on disk).
    ///   - targetDirectory: the target's directory; files must sit under `<targetDirectory>/schema/`.
    ///     Pass `nil` when the target has no directory (an Xcode target): then any file with a
    ///     `schema` folder among its parents qualifies.
    static func select(from files: [URL], targetDirectory: URL?) -> [URL] {
        files
            .filter { extensions.contains($0.pathExtension.lowercased()) && isInSchemaFolder($0, targetDirectory) }
            .sorted { $0.standardizedFileURL.path < $1.standardizedFileURL.path }
    }

    /// Every schema file on disk under `<targetDirectory>/schema/`, including files the target excludes.
    static func onDisk(targetDirectory: URL) -> [URL] {
        let folder = targetDirectory.appendingPathComponent(folderName, isDirectory: true)
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        let files = enumerator.compactMap { $0 as? URL }
        return select(from: files, targetDirectory: targetDirectory)
    }

    private static func isInSchemaFolder(_ file: URL, _ targetDirectory: URL?) -> Bool {
        let parents = file.standardizedFileURL.deletingLastPathComponent().pathComponents
        guard let targetDirectory else { return parents.contains(folderName) }
        let root = targetDirectory.standardizedFileURL.pathComponents + [folderName]
        return parents.starts(with: root)
    }
}

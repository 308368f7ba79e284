import Foundation

/// Writes the pulled `schema.yaml` into the output directory (created if missing), replacing it atomically.
public enum SchemaFileWriter {
    /// The one file a pull writes.
    public static let fileName = "schema.yaml"

    /// Writes `yaml` to `<directory>/schema.yaml`, only when its bytes change.
    ///
    /// - Throws: `PullFailure` naming the path when the directory cannot be created or the file written.
    public static func write(_ yaml: String, into directory: String) throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw PullFailure("cannot create output directory '\(directory)': \(reason(error))")
        }
        let path = (directory as NSString).appendingPathComponent(fileName)
        let data = Data(yaml.utf8)
        guard manager.contents(atPath: path) != data else { return }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PullFailure("cannot write '\(path)': \(reason(error))")
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

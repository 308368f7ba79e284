import Foundation

/// A fresh directory under the system temporary directory, removed when the value is released.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    ///
    /// - Throws: The file manager's error when it cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ORMGenTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` (relative) inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `path` (relative), creating directories.
    ///
    /// - Throws: The file manager's error when a directory or the file cannot be written.
    public func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The UTF-8 text of `path` (relative).
    ///
    /// - Throws: When the file cannot be read or is not UTF-8.
    public func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether `path` (relative) exists.
    public func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    /// The modification date of `path` (relative).
    ///
    /// - Throws: When the file's attributes cannot be read.
    public func modificationDate(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(path).path)[.modificationDate] as? Date
    }
}

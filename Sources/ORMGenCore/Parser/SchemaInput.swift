/// One schema file handed to the generator: its path (as the user gave it) and its text.
public struct SchemaInput: Sendable, Hashable {
    /// The path shown in diagnostics and in generated headers; keep it relative for reproducible output.
    public let path: String
    /// The file's YAML text.
    public let contents: String

    /// Creates an input from a path and the file's text.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

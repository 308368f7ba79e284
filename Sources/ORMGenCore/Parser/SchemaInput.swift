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

extension SchemaInput {
    /// Why a schema file's bytes are not an input: they are not UTF-8 text.
    public struct NotUTF8: Error, Sendable, Hashable {
        /// The error to report: `path:line:column` of the first invalid byte sequence.
        public let diagnostic: Diagnostic
    }

    /// Decodes a schema file's bytes as UTF-8 (a leading byte order mark is dropped).
    ///
    /// - Returns: the input, or `NotUTF8` whose diagnostic points at the line and column (1-based, counted as
    ///   for YAML errors: see `YAMLPosition`) where the first invalid byte sequence starts.
    public static func decoding(path: String, bytes: some Collection<UInt8>) -> Result<SchemaInput, NotUTF8> {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if let (line, column) = firstInvalidUTF8(in: text) {
            return .failure(NotUTF8(diagnostic: Diagnostic(
                .error, "file is not UTF-8 text (an invalid byte sequence starts here); schema files must be UTF-8 YAML",
                at: SchemaLocation(path: path, line: line, column: column))))
        }
        return .success(SchemaInput(path: path, contents: String(decoding: text, as: UTF8.self)))
    }

    /// The line and column (YAML's, see `YAMLPosition`) where `bytes` stop being valid UTF-8, or nil when they are.
    private static func firstInvalidUTF8(in bytes: some Sequence<UInt8>) -> (line: Int, column: Int)? {
        var position = YAMLPosition()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): position.advance(over: scalar)
            case .emptyInput: return nil
            case .error: return (position.line, position.column)
            }
        }
    }
}

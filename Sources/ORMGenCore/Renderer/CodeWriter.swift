/// Builds source text line by line, tracking indentation (4 spaces per level).
struct CodeWriter {
    private var lines: [String] = []
    private var level = 0

    /// Appends one line at the current indentation (an empty string makes an empty line).
    mutating func line(_ text: String = "") {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: level) + text)
    }

    /// `opener`, then `body` one level deeper, then `closer`.
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opener)
        level += 1
        body(&self)
        level -= 1
        line(closer)
    }

    /// The text with a final newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// A position in a schema file: the file's path as given, and a 1-based line and column.
public struct SchemaLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The input path exactly as it was passed to the generator (relative paths stay relative).
    public let path: String
    /// 1-based line number.
    public let line: Int
    /// 1-based column number.
    public let column: Int

    /// Creates a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the prefix compilers and editors understand.
    public var description: String { "\(path):\(line):\(column)" }

    /// Orders by path, then line, then column.
    public static func < (lhs: SchemaLocation, rhs: SchemaLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// One problem found in a schema: what is wrong, where, and usually how to fix it.
public struct Diagnostic: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How serious a diagnostic is. Only errors stop generation.
    public enum Severity: String, Sendable, Hashable {
        /// A problem that stops generation; `ormgen` exits non-zero and writes nothing.
        case error
        /// A problem worth fixing that does not stop generation.
        case warning
        /// Context for the diagnostic before it (for example where a duplicate was first declared).
        case note
    }

    /// Whether this stops generation, warns, or adds context to the diagnostic before it.
    public let severity: Severity
    /// Where the problem is.
    public let location: SchemaLocation
    /// What is wrong, followed by a fix hint where one is known. Always one line: see `init`.
    public let message: String

    /// Creates a diagnostic.
    ///
    /// Control characters and line or paragraph separators in `message`, which come from the schema's own text
    /// (a plain scalar folded over several lines, a `"\n"` escape), are written as escapes (`\n`, `\u{2028}`),
    /// so the diagnostic stays one line that editors and CI logs can read.
    public init(_ severity: Severity, _ message: String, at location: SchemaLocation) {
        self.severity = severity
        self.message = Self.oneLine(message)
        self.location = location
    }

    private static func oneLine(_ message: String) -> String {
        func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
        guard message.unicodeScalars.contains(where: mustEscape) else { return message }
        var result = ""
        for scalar in message.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where mustEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `path:line:column: error: message`, the format SwiftPM and Xcode show inline.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }

    /// Orders by location, then errors before warnings before notes, then message.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.severity != rhs.severity { return lhs.severity.rank < rhs.severity.rank }
        return lhs.message < rhs.message
    }
}

extension Diagnostic.Severity {
    fileprivate var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}

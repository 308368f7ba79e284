/// A `CREATE VIRTUAL TABLE … USING <module>(<arguments>)` statement as `sqlite_master` keeps it, split the way
/// SQLite hands the arguments to the module (https://www.sqlite.org/vtab.html#xcreate): by the commas outside
/// quotes and parentheses.
struct VirtualTableDeclaration: Equatable {
    /// The module name as written (`fts5`, `FTS5`, `rtree`).
    var module: String
    /// Each argument's tokens, in order; empty when the statement has no argument list.
    var arguments: [[SQLToken]]

    /// The module name lowercased, for comparing (SQLite finds modules ignoring case).
    var moduleKey: String { module.lowercased() }

    /// The declaration in `sql`, nil when `sql` is not a `CREATE VIRTUAL TABLE … USING …` statement.
    init?(sql: String) {
        let tokens = SQLToken.tokens(of: sql)
        let keywords = tokens.prefix(3).compactMap(\.word).map { $0.uppercased() }
        guard keywords == ["CREATE", "VIRTUAL", "TABLE"],
            let using = tokens.indices.dropFirst(3).first(where: { tokens[$0].word?.uppercased() == "USING" }),
            let module = tokens.dropFirst(using + 1).first?.name
        else { return nil }
        self.module = module
        let rest = tokens.dropFirst(using + 2)
        guard let open = rest.first else {
            arguments = []
            return
        }
        guard open == .symbol("("), let split = Self.split(rest.dropFirst()) else { return nil }
        arguments = split
    }

    /// The tokens after `(` split at top-level commas, up to the matching `)`; nil when it is missing or
    /// something follows it.
    private static func split(_ tokens: ArraySlice<SQLToken>) -> [[SQLToken]]? {
        var arguments: [[SQLToken]] = [[]]
        var depth = 0
        for (offset, token) in tokens.enumerated() {
            switch token {
            case .symbol(")") where depth == 0:
                let trailing = tokens.dropFirst(offset + 1)
                guard trailing.allSatisfy({ $0 == .symbol(";") }) else { return nil }
                return arguments == [[]] ? [] : arguments
            case .symbol(",") where depth == 0:
                arguments.append([])
                continue
            case .symbol("("):
                depth += 1
            case .symbol(")"):
                depth -= 1
            default:
                break
            }
            arguments[arguments.count - 1].append(token)
        }
        return nil
    }
}

/// A token of SQL text, enough to read a `CREATE VIRTUAL TABLE` statement; comments and whitespace are dropped.
enum SQLToken: Equatable {
    /// A bareword: a keyword, an unquoted name or a number (`fts5`, `content`, `2`).
    case word(String)
    /// A quoted string or name without its quotes, doubled quotes undone: `'it''s'` → `it's`, `"a""b"` → `a"b`,
    /// `[a b]` → `a b`.
    case quoted(String)
    /// Any other character: `(`, `)`, `,`, `=`, `.`.
    case symbol(Unicode.Scalar)

    /// The text of a bareword, nil for every other token.
    var word: String? {
        if case .word(let text) = self { text } else { nil }
    }

    /// The name a bareword or a quoted token spells, nil for a symbol.
    var name: String? {
        switch self {
        case .word(let text), .quoted(let text): text
        case .symbol: nil
        }
    }

    /// The token's text: a name's, or the symbol's character.
    var text: String {
        switch self {
        case .word(let text), .quoted(let text): text
        case .symbol(let scalar): String(scalar)
        }
    }

    /// The tokens of `sql`. An unterminated quote or comment runs to the end of the text.
    static func tokens(of sql: String) -> [SQLToken] {
        let scalars = Array(sql.unicodeScalars)
        var tokens: [SQLToken] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "-", index + 1 < scalars.count, scalars[index + 1] == "-" {
                index = scalars[index...].firstIndex(of: "\n") ?? scalars.count
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index = endOfBlockComment(in: scalars, from: index + 2)
            } else if let close = closingQuote[scalar] {
                let (text, end) = quoted(in: scalars, from: index + 1, closing: close, doubles: scalar != "[")
                tokens.append(.quoted(text))
                index = end
            } else if isWordScalar(scalar) {
                let end = scalars[index...].firstIndex { !isWordScalar($0) } ?? scalars.count
                tokens.append(.word(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
            } else {
                tokens.append(.symbol(scalar))
                index += 1
            }
        }
        return tokens
    }

    /// The quote that closes each opening quote SQLite accepts.
    private static let closingQuote: [Unicode.Scalar: Unicode.Scalar] = ["'": "'", "\"": "\"", "`": "`", "[": "]"]

    /// Letters, digits, `_`, `$` and every non-ASCII character, as in SQLite's identifiers.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII || scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// The text up to the closing quote (a doubled one stands for itself when `doubles`) and the index after it.
    private static func quoted(
        in scalars: [Unicode.Scalar], from start: Int, closing: Unicode.Scalar, doubles: Bool
    ) -> (text: String, end: Int) {
        var text = String.UnicodeScalarView()
        var index = start
        while index < scalars.count {
            if scalars[index] == closing {
                guard doubles, index + 1 < scalars.count, scalars[index + 1] == closing else {
                    return (String(text), index + 1)
                }
                index += 1
            }
            text.append(scalars[index])
            index += 1
        }
        return (String(text), index)
    }

    /// The index after the `*/` that ends a block comment starting at `start`.
    private static func endOfBlockComment(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "*", scalars[index + 1] == "/" { return index + 2 }
            index += 1
        }
        return scalars.count
    }
}

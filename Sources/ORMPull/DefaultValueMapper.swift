import Foundation

/// A field default as the YAML holds it.
enum DefaultLiteral: Equatable {
    /// A number in plain decimal notation (`-3`, `0.5`), written unquoted.
    case number(String)
    /// Text, written quoted.
    case text(String)
    case bool(Bool)
    /// `default: now` (PostgreSQL's `now()` or `CURRENT_TIMESTAMP` on a timestamp column).
    case now
}

/// Turns a column's `DEFAULT` expression into a field default, when it is a literal that fits the field.
enum DefaultValueMapper {
    /// The default for a field of `kind` from the `DEFAULT` SQL text `sql`; nil with a note when it cannot be
    /// written, nil without one for `NULL`. `writesNow`: the current time on a date column is `default: now` (on
    /// PostgreSQL, where the column holds a timestamp; SQLite's `CURRENT_TIMESTAMP` is text in one format).
    static func literal(fromSQL sql: String, kind: ColumnKind, writesNow: Bool = false) -> (literal: DefaultLiteral?, note: String?) {
        let parsed = SQLLiteral(sql)
        if case .null = parsed { return (nil, nil) }
        if case .currentTime = parsed, kind == .date, writesNow { return (.now, nil) }
        if let literal = fit(parsed, to: kind) { return (literal, nil) }
        let reason = switch parsed {
        case .currentTime where kind == .date: "the schema's defaults are literals (or `default: now`, in the field's storage)"
        case .currentTime: "the schema's defaults are literals"
        case .other: "only literal defaults can be written"
        default: "it does not fit a field of type \(kind.swiftType)"
        }
        return (nil, "default \(sql) is not written; \(reason)")
    }

    private static func fit(_ literal: SQLLiteral, to kind: ColumnKind) -> DefaultLiteral? {
        switch (kind, literal) {
        case (.bool, .bool(let value)): .bool(value)
        case (.bool, .integer(let value)) where value == "0" || value == "1": .bool(value == "1")
        case (.integer, .integer(let value)): .number(value)
        case (.integer, .bool(let value)): .number(value ? "1" : "0")
        case (.integer, .string(let text)): Int64(text).map { .number(String($0)) }
        case (.real, .integer(let value)), (.real, .real(let value)): .number(value)
        case (.real, .string(let text)): SQLLiteral.number(text).map { .number($0) }
        case (.numeric, .integer(let value)), (.numeric, .real(let value)): .text(value)
        case (.numeric, .string(let text)): SQLLiteral.number(text).map { .text($0) }
        case (.text, .string(let text)), (.text, .integer(let text)), (.text, .real(let text)): .text(text)
        case (.text, .bool(let value)): .text(value ? "1" : "0")
        case (.date, .string(let text)): isoDate(text).map { .text($0) }
        case (.uuid, .string(let text)): UUIDStorageClassifier.storage(of: .text(text)) == nil ? nil : .text(text)
        default: nil
        }
    }

    /// `2024-01-01` as is; `2024-01-01 12:00:00(.fff)` (SQLite's UTC text) as `2024-01-01T12:00:00(.fff)Z`;
    /// ISO 8601 text with seconds and a zone as is; nil for anything else.
    private static func isoDate(_ text: String) -> String? {
        guard let shape = DateTextShape(text) else { return nil }
        if shape.pattern == "YYYY-MM-DD" { return text }
        guard shape.pattern.contains(":SS"), !shape.pattern.hasSuffix("±HHMM") else { return nil }
        let iso = shape.usesT ? text : text.replacingOccurrences(of: " ", with: "T")
        return shape.pattern.hasSuffix("Z") || shape.pattern.hasSuffix("±HH:MM") ? iso : iso + "Z"
    }
}

/// A `DEFAULT` expression, classified (https://www.sqlite.org/lang_createtable.html#the_default_clause).
enum SQLLiteral {
    case null
    /// `CURRENT_TIMESTAMP`, `CURRENT_DATE` or `CURRENT_TIME`.
    case currentTime
    case bool(Bool)
    /// An integer in plain decimal notation (hexadecimal converted).
    case integer(String)
    /// A real in plain decimal notation.
    case real(String)
    /// A string literal, quotes removed.
    case string(String)
    /// Any other expression.
    case other

    init(_ sql: String) {
        let text = Self.unparenthesized(sql.trimmingCharacters(in: .whitespacesAndNewlines))
        let upper = text.uppercased()
        if upper == "NULL" {
            self = .null
        } else if ["CURRENT_TIMESTAMP", "CURRENT_DATE", "CURRENT_TIME", "NOW()", "LOCALTIMESTAMP"].contains(upper) {
            self = .currentTime
        } else if upper == "TRUE" || upper == "FALSE" {
            self = .bool(upper == "TRUE")
        } else if let string = Self.string(text) {
            self = .string(string)
        } else if let number = Self.number(text) {
            self = number.contains(".") ? .real(number) : .integer(number)
        } else {
            self = .other
        }
    }

    /// `text` in plain decimal notation when it is an SQL numeric literal that fits (`+5` → `5`, `0x1F` → `31`,
    /// `.5` → `0.5`, `1.2500` kept); nil for anything else, and for exponents or integers beyond 64 bits.
    static func number(_ text: String) -> String? {
        var body = Substring(text)
        var sign = ""
        if let first = body.first, first == "+" || first == "-" {
            sign = first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        if body.lowercased().hasPrefix("0x") {
            return Int64(body.dropFirst(2), radix: 16).map { sign + String($0) }
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !body.isEmpty, body != ".", parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        let whole = String(parts[0].drop { $0 == "0" })
        if parts.count == 1 {
            return Int64(sign + (whole.isEmpty ? "0" : whole)).map { String($0) }
        }
        let fraction = parts[1].isEmpty ? "0" : String(parts[1])
        return sign + (whole.isEmpty ? "0" : whole) + "." + fraction
    }

    /// The content of an SQL string literal (`'it''s'` → `it's`), nil when `text` is not exactly one.
    static func string(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") else { return nil }
        let inner = String(text.dropFirst().dropLast())
        // A lone quote inside means more than one literal (`'a' || 'b'`).
        guard !inner.replacingOccurrences(of: "''", with: "").contains("'") else { return nil }
        return inner.replacingOccurrences(of: "''", with: "'")
    }

    /// `sql` without PostgreSQL's casts outside string literals, as `pg_get_expr` writes defaults:
    /// `'USA'::character varying` → `'USA'`, `(0)::numeric` → `(0)`.
    static func withoutCasts(_ sql: String) -> String {
        var result = ""
        var inString = false
        var index = sql.startIndex
        while index < sql.endIndex {
            let character = sql[index]
            if character == "'" { inString.toggle() }
            if !inString, sql[index...].hasPrefix("::") {
                index = sql.index(index, offsetBy: 2)
                let rest = sql[index...]
                let typeName = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "\"" }
                index = typeName.endIndex
                if sql[index...].hasPrefix("("), let close = sql[index...].firstIndex(of: ")") { index = sql.index(after: close) }
                if sql[index...].hasPrefix("[]") { index = sql.index(index, offsetBy: 2) }
                continue
            }
            result.append(character)
            index = sql.index(after: index)
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    /// `text` without parentheses around all of it: `((0))` → `0`.
    static func unparenthesized(_ text: String) -> String {
        var text = text
        while text.hasPrefix("("), text.hasSuffix(")"), enclosesAll(text) {
            text = String(text.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    /// Whether the opening parenthesis of `text` closes at its last character (quotes ignored).
    private static func enclosesAll(_ text: String) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }
}

/// The kind of JSON scalar a typed path leads to, which decides how the engine compares it: text, an integer, a
/// real number or a boolean.
public enum JSONScalarKind: String, Sendable, Hashable {
    case text, integer, real, boolean
}

/// How an engine reads and writes inside JSON columns: the SQL of a typed path (`Book.metadata.publisher.city`),
/// of array membership and iteration, and of `updateAll`'s path assignment. Paths are keys from the document's root;
/// keys are written as literals (so an index on a path and a query on it render the same expression).
public protocol JSONSyntax: Sendable {
    /// The scalar at `keys` in `document` (SQL text), as SQL compares `kind`; the JSON value itself (an object or
    /// an array) when `kind` is nil. `document` is a JSON array element from ``arrayElements(of:keys:alias:)``
    /// when `isElement`.
    func value(in document: String, keys: [String], kind: JSONScalarKind?, isElement: Bool) -> String
    /// A `FROM` item naming the elements of the array at `keys` as `alias`, each readable by ``element(alias:)``.
    func arrayElements(of document: String, keys: [String], alias: String) -> String
    /// The document of the current element of ``arrayElements(of:keys:alias:)``.
    func element(alias: String) -> String
    /// The value under the key bound at `placeholder` in the object at `keys`, read as ``element(alias:)`` reads
    /// an element; NULL when the key is absent.
    func entry(of document: String, keys: [String], placeholder: String) -> String
    /// Whether the array at `keys` holds the value bound at `placeholder`: the scalar as SQLite stores it, or, for an
    /// engine that binds wire values, a one-element JSON array (PostgreSQL's `@>`).
    func arrayContains(_ document: String, keys: [String], placeholder: String) -> String
    /// A document with the value at `keys` replaced by a bound JSON text: parts in the order they are written, the
    /// document as often as the syntax needs it (each written afresh, so positional parameters stay in order). An
    /// absent object on the way stays absent or becomes JSON null (both read as nil): a path never creates a
    /// partial object.
    func setting(keys: [String]) -> [SQLTemplatePart]
}

/// A piece of SQL a syntax returns when the caller writes some parts (a document, a bound value) itself.
public enum SQLTemplatePart: Sendable, Hashable {
    case text(String)
    /// The JSON document the statement works on.
    case document
    /// The bound value's placeholder.
    case value
}

/// SQLite's JSON functions: `json_extract` with `$.key` paths, `json_each`, `json_set`.
public struct SQLiteJSON: JSONSyntax {
    /// SQLite's JSON syntax.
    public init() {}

    /// `json_extract(document, '$.a.b')`; a scalar element of `json_each` as it is.
    public func value(in document: String, keys: [String], kind: JSONScalarKind?, isElement: Bool) -> String {
        // A scalar element of `json_each` is already an SQL value; an object element is JSON text.
        if isElement && keys.isEmpty { return document }
        var sql = "json_extract("
        sql.reserveCapacity(document.utf8.count + 20 + keys.reduce(0) { $0 + $1.utf8.count + 3 })
        sql += document
        sql += ", "
        Self.appendPath(keys, to: &sql)
        sql += ")"
        return sql
    }

    /// `json_each(document, '$.a') AS "alias"`.
    public func arrayElements(of document: String, keys: [String], alias: String) -> String {
        "json_each(\(document), \(Self.path(keys))) AS \(quoteIdentifier(alias))"
    }

    /// `"alias"."value"`.
    public func element(alias: String) -> String {
        quoteIdentifier(alias) + ".\"value\""
    }

    /// `(SELECT "value" FROM json_each(document, '$.a') WHERE "key" = ?)`: `json_each` decodes the keys, which a
    /// `$."key"` path would compare as the document's escaped text.
    public func entry(of document: String, keys: [String], placeholder: String) -> String {
        "(SELECT \"value\" FROM json_each(\(document), \(Self.path(keys))) WHERE \"key\" = \(placeholder))"
    }

    /// `EXISTS (SELECT 1 FROM json_each(…) WHERE "value" = ?)`.
    public func arrayContains(_ document: String, keys: [String], placeholder: String) -> String {
        "(EXISTS (SELECT 1 FROM json_each(\(document), \(Self.path(keys))) WHERE \"value\" = \(placeholder)))"
    }

    /// `json_set(document, '$.a.b', json(?))`, only when the object holding the last key is there.
    public func setting(keys: [String]) -> [SQLTemplatePart] {
        let set: [SQLTemplatePart] = [.text("json_set("), .document, .text(", \(Self.path(keys)), json("), .value, .text("))")]
        guard keys.count > 1 else { return set }
        // `json_set` would create the missing objects on the way; only set when the last key's object is there.
        return [.text("(CASE WHEN json_type("), .document, .text(", \(Self.path(keys.dropLast()))) = 'object' THEN ")]
            + set + [.text(" ELSE "), .document, .text(" END)")]
    }

    /// `'$.a.b'`, a key that is not a plain name double-quoted (`$."a b"`).
    static func path(_ keys: some Collection<String>) -> String {
        var path = ""
        appendPath(keys, to: &path)
        return path
    }

    /// Appends ``path(_:)`` to `sql`, written in place: a query renders it each time it runs.
    static func appendPath(_ keys: some Collection<String>, to sql: inout String) {
        sql += "'$"
        for key in keys {
            let isPlain = !key.isEmpty && key.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
            if isPlain {
                sql += "."
                sql += key
            } else {
                // Only such a key can hold a quote: doubled inside the literal.
                sql += ".\""
                sql += SQLLiteral.string(key).dropFirst().dropLast()
                sql += "\""
            }
        }
        sql += "'"
    }
}

/// PostgreSQL's `jsonb` operators: `#>>` with a cast for typed scalars, `jsonb_array_elements`, `@>`, `jsonb_set`.
public struct PostgreSQLJSON: JSONSyntax {
    /// PostgreSQL's JSON syntax.
    public init() {}

    /// `(document #>> '{"a","b"}')`, cast for numbers and booleans; `#>` for an object or an array.
    public func value(in document: String, keys: [String], kind: JSONScalarKind?, isElement: Bool) -> String {
        let text = "(\(document) #>> \(Self.path(keys)))"
        return switch kind {
        case nil: container(document, keys)
        case .text: text
        case .integer: "(\(text)::bigint)"
        case .real: "(\(text)::double precision)"
        case .boolean: "(\(text)::boolean)"
        }
    }

    /// `jsonb_array_elements(document #> '{"a"}') AS "alias"("value")`.
    public func arrayElements(of document: String, keys: [String], alias: String) -> String {
        "jsonb_array_elements(\(container(document, keys))) AS \(quoteIdentifier(alias))(\"value\")"
    }

    /// `"alias"."value"`.
    public func element(alias: String) -> String {
        quoteIdentifier(alias) + ".\"value\""
    }

    /// `((document #> '{"a"}') -> $n)`.
    public func entry(of document: String, keys: [String], placeholder: String) -> String {
        "(\(container(document, keys)) -> \(placeholder))"
    }

    /// `(document #> '{"a"}') @> $n`, the element bound as a one-element JSON array.
    public func arrayContains(_ document: String, keys: [String], placeholder: String) -> String {
        "(\(container(document, keys)) @> \(placeholder))"
    }

    /// `jsonb_set(document, '{"a","b"}', $n)`.
    public func setting(keys: [String]) -> [SQLTemplatePart] {
        // `jsonb_set` leaves the document as it is when an object on the way is missing.
        [.text("jsonb_set("), .document, .text(", \(Self.path(keys)), "), .value, .text(")")]
    }

    private func container(_ document: String, _ keys: [String]) -> String {
        keys.isEmpty ? document : "(\(document) #> \(Self.path(keys)))"
    }

    /// `'{a,b}'`: a `text[]` literal, each key double-quoted with `"` and `\` escaped.
    static func path(_ keys: [String]) -> String {
        var path = "{"
        for (position, key) in keys.enumerated() {
            path += position == 0 ? "\"" : ",\""
            for character in key.unicodeScalars {
                if character == "\"" || character == "\\" { path.unicodeScalars.append("\\") }
                path.unicodeScalars.append(character)
            }
            path += "\""
        }
        return SQLLiteral.string(path + "}")
    }
}

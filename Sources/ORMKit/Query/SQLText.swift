import ORMSchema

/// What ``SQLRenderer`` writes a statement to: its SQL text, or the statement's shape — the pieces the text would
/// be made of, with identifiers and a column's JSON paths kept as their parts, and no string built. The renderer
/// binds values the same way in both, so a shape names one SQL text and one order of placeholders:
/// `Connection.renderedSQL(for:)` keeps the text of each shape a connection has run (ORMKitPostgres's
/// `QueryStatementCache` the statement of each shape the process has run), and a repeated query finds it without
/// writing it again (`QueryRequest.fetchAll`).
@usableFromInline
package struct SQLText {
    /// The SQL written, when not recording a shape.
    package private(set) var text = ""
    /// The shape's pieces, when recording one (nil: writing text).
    private(set) var shape: [String]?

    /// Marks an identifier in a shape (the next piece is the name, unquoted). SQL text never holds a NUL byte, so no
    /// piece of text is a mark.
    private static let identifierMark = "\u{0}identifier"
    /// Marks a JSON value of a column in a shape (table, column, kind, key count, keys follow).
    private static let jsonValueMark = "\u{0}json"

    /// Writes SQL text.
    package init() {}

    /// Records a shape instead of text.
    init(recordingShape: Void) {
        shape = []
        shape?.reserveCapacity(32)
    }

    /// Appends a piece of SQL text.
    static func += (sql: inout SQLText, piece: String) {
        if sql.shape != nil { sql.shape?.append(piece) } else { sql.text += piece }
    }

    /// Appends `name` as a double-quoted identifier.
    mutating func appendIdentifier(_ name: String) {
        if shape != nil {
            shape?.append(Self.identifierMark)
            shape?.append(name)
        } else {
            appendQuotedIdentifier(name, to: &text)
        }
    }

    /// In a shape, records the JSON value at `keys` of column `table.name` compared as `kind`, which stands for the
    /// SQL the dialect writes for it; returns false (and records nothing) when writing text.
    mutating func recordJSONValue(table: String, name: String, keys: [String], kind: JSONScalarKind?) -> Bool {
        guard shape != nil else { return false }
        shape?.append(Self.jsonValueMark)
        shape?.append(table)
        shape?.append(name)
        shape?.append(kind?.rawValue ?? "")
        shape?.append(String(keys.count))
        shape?.append(contentsOf: keys)
        return true
    }

    /// The recorded shape as a cache key (empty when writing text).
    var shapeKey: SQLShape { SQLShape(pieces: shape ?? []) }
}

/// A statement's shape (``SQLText``) as a key: pieces compared byte by byte, as SQLite compares names (Swift's
/// `String ==` would equate canonically equivalent names that SQLite tells apart). Built and looked up on every
/// run of a query, so both are cheap: the hash takes each piece's length, not its bytes (pieces of the same
/// lengths are told apart by `==`), and `==` first tries the pieces' representations (the literals and schema
/// names a query is made of are the same strings each run) before their bytes.
package struct SQLShape: Hashable, Sendable {
    let pieces: [String]

    package static func == (lhs: SQLShape, rhs: SQLShape) -> Bool {
        guard lhs.pieces.count == rhs.pieces.count else { return false }
        for (left, right) in zip(lhs.pieces, rhs.pieces) {
            guard Self.sameRepresentation(left, right) || left.utf8.elementsEqual(right.utf8) else { return false }
        }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        // The lengths folded into one integer first: one round of the hasher instead of one per piece.
        var lengths = pieces.count
        for piece in pieces { lengths = lengths &* 31 &+ piece.utf8.count }
        hasher.combine(lengths)
    }

    /// Whether `left` and `right` are one string value (the same storage, or the same small-string bits): then
    /// their bytes are equal. Compared a word at a time.
    private static func sameRepresentation(_ left: String, _ right: String) -> Bool {
        withUnsafeBytes(of: left) { leftBits in
            withUnsafeBytes(of: right) { rightBits in
                var offset = 0
                while offset + 8 <= leftBits.count {
                    guard leftBits.load(fromByteOffset: offset, as: UInt64.self) == rightBits.load(fromByteOffset: offset, as: UInt64.self)
                    else { return false }
                    offset += 8
                }
                return leftBits[offset...].elementsEqual(rightBits[offset...])
            }
        }
    }
}

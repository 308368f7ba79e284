/// `name` as a double-quoted SQL identifier, embedded quotes doubled: the standard quoting that SQLite and
/// PostgreSQL both take, used by the generator, `ormgen pull` and the runtime alike.
///
/// ```swift
/// quoteIdentifier(#"odd "name""#)   // "odd ""name"""
/// ```
public func quoteIdentifier(_ name: String) -> String {
    var quoted = ""
    quoted.reserveCapacity(name.utf8.count + 2)
    appendQuotedIdentifier(name, to: &quoted)
    return quoted
}

/// Appends `name` double-quoted, embedded quotes doubled, to `sql`: ``quoteIdentifier(_:)`` written into a buffer
/// that already holds the statement so far.
public func appendQuotedIdentifier(_ name: String, to sql: inout String) {
    // By UTF-8 byte, not by Character: a quote followed by a combining mark is one Character, and its quote must
    // still be doubled. The quote is the byte 0x22, which no other scalar's encoding contains.
    let quote = UInt8(ascii: "\"")
    sql += "\""
    guard name.utf8.contains(quote) else {
        // Most names: no quote to double, appended whole.
        sql += name
        sql += "\""
        return
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count * 2 + 1)
    for byte in name.utf8 {
        if byte == quote { bytes.append(quote) }
        bytes.append(byte)
    }
    bytes.append(quote)
    sql += String(decoding: bytes, as: UTF8.self)
}

/// A name as SQLite compares table, column and index names: ASCII letters without case, every other byte as it
/// is. Swift's `==` on `String` is not that comparison: it equates `café` spelled with U+00E9 and with `e` and
/// U+0301, and `lowercased()` folds `É` to `é`, though SQLite tells both pairs apart, so the runtime matches
/// live names to the schema's with this key.
package struct SQLName: Hashable, Comparable, Sendable {
    /// The name's UTF-8 bytes, `A`–`Z` folded to `a`–`z`.
    package let bytes: [UInt8]

    package init(_ name: String) {
        bytes = name.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    package static func < (lhs: SQLName, rhs: SQLName) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

extension String {
    /// This name as SQLite compares names (``SQLName``).
    package var sqlName: SQLName { SQLName(self) }
}

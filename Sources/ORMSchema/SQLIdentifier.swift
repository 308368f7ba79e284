/// `name` as a double-quoted SQL identifier, embedded quotes doubled: the standard quoting that SQLite and
/// PostgreSQL both take, used by the generator, `ormgen pull` and the runtime alike.
///
/// ```swift
/// quoteIdentifier(#"odd "name""#)   // "odd ""name"""
/// ```
public func quoteIdentifier(_ name: String) -> String {
    // By Unicode scalar, not by Character: a quote followed by a combining mark is one Character, and its quote
    // must still be doubled.
    var quoted = String.UnicodeScalarView()
    quoted.append("\"")
    for scalar in name.unicodeScalars {
        if scalar == "\"" { quoted.append("\"") }
        quoted.append(scalar)
    }
    quoted.append("\"")
    return String(quoted)
}

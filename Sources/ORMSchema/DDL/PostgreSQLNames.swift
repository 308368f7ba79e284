/// PostgreSQL's identifier rules: names longer than 63 bytes are cut (NAMEDATALEN - 1), so ormgen reports the
/// names a schema chooses and shortens the constraint names it makes up itself.
public enum PostgreSQLNames {
    /// The longest identifier PostgreSQL keeps, in bytes of UTF-8.
    public static let maximumLength = 63

    /// The system columns every PostgreSQL table has; a table cannot declare a column with one of these names
    /// (`oid` is no longer one since PostgreSQL 12).
    public static let systemColumns: Set<String> = ["tableoid", "xmin", "cmin", "xmax", "cmax", "ctid"]

    /// Whether PostgreSQL keeps `name` as it is.
    public static func fits(_ name: String) -> Bool { name.utf8.count <= maximumLength }

    /// The name of a constraint ormgen declares on `column` of `table`: PostgreSQL's own convention
    /// (`books_isbn_key`, `books_rating_check`, `books_author_id_fkey`), or, when that passes 63 bytes, its
    /// start followed by a hash of the whole name and the label, so the name stays unique and deterministic.
    public static func constraint(table: String, column: String, label: String) -> String {
        let full = "\(table)_\(column)_\(label)"
        guard !fits(full) else { return full }
        let suffix = "_" + hash(full) + "_" + label
        return prefix(of: "\(table)_\(column)", bytes: maximumLength - suffix.utf8.count) + suffix
    }

    /// The labels of the constraints ormgen names, by what they constrain.
    public enum Label {
        public static let unique = "key"
        public static let check = "check"
        public static let enumeration = "enum_check"
        public static let foreignKey = "fkey"
    }

    /// The longest start of `text` that fits in `bytes` bytes of UTF-8 without splitting a character.
    private static func prefix(of text: String, bytes: Int) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            guard count + length <= bytes else { break }
            result.unicodeScalars.append(scalar)
            count += length
        }
        return result
    }

    /// FNV-1a of the UTF-8 bytes, as 8 lowercase hex digits.
    private static func hash(_ text: String) -> String {
        var value: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 16_777_619
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

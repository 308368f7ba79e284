/// SQL expressions that convert a column's stored values from one storage to another, for the warnings of
/// `ormgen diff` and `ormgen check --previous` (migrate never converts values on its own).
enum StorageConversion {
    /// The expression that turns `column` stored as `from` into `to`, or nil when none is known.
    static func sql(from: String, to: String, column: String) -> String? {
        if let seconds = unixSeconds(from: from, column) { return date(to: to, unixSeconds: seconds) }
        switch (from, to) {
        case ("integer", "text"): return "CASE WHEN \(column) THEN 'true' ELSE 'false' END"
        case ("text", "integer"): return "CASE WHEN lower(\(column)) = 'true' THEN 1 ELSE 0 END"
        case ("text", "real"): return "CAST(\(column) AS REAL)"
        default: return nil
        }
    }

    /// Seconds since 1970 of a date column in storage `from`.
    private static func unixSeconds(from: String, _ column: String) -> String? {
        switch from {
        case "referenceSeconds": "(\(column) + 978307200.0)"
        case "unixSeconds": column
        case "unixMilliseconds": "(\(column) / 1000.0)"
        case "julianDay": "((\(column) - 2440587.5) * 86400.0)"
        case "sqliteText", "iso8601Text": "((julianday(\(column)) - 2440587.5) * 86400.0)"
        default: nil
        }
    }

    /// A date given as seconds since 1970, written in storage `to`.
    private static func date(to: String, unixSeconds seconds: String) -> String? {
        switch to {
        case "referenceSeconds": "(\(seconds) - 978307200.0)"
        case "unixSeconds": seconds
        case "unixMilliseconds": "CAST(\(seconds) * 1000.0 AS INTEGER)"
        case "julianDay": "(\(seconds) / 86400.0 + 2440587.5)"
        case "sqliteText": "strftime('%Y-%m-%d %H:%M:%f', \(seconds), 'unixepoch')"
        case "iso8601Text": "strftime('%Y-%m-%dT%H:%M:%fZ', \(seconds), 'unixepoch')"
        default: nil
        }
    }
}

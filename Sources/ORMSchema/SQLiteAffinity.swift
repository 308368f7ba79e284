/// SQLite's column affinity of a declared type, by the rules of https://www.sqlite.org/datatype3.html (section
/// 3.1, applied in their order): what the generator checks storages against, what `ormgen pull` maps types by,
/// and what the runtime's schema checks compare.
public enum SQLiteAffinity: String, Sendable, Hashable, CaseIterable {
    case integer = "INTEGER", text = "TEXT", blob = "BLOB", real = "REAL", numeric = "NUMERIC"

    /// The affinity SQLite gives a column declared with `declaredType` (case-insensitive; an empty type is BLOB).
    public init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }
}

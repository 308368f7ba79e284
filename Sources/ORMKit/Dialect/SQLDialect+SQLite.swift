extension SQLDialect {
    /// SQLite: `?` parameters bound as each column's storage, `LIKE` (which ignores ASCII case), `1`/`0`, the
    /// limit as a parameter, `LIMIT -1 OFFSET` for an offset alone, integer ranges checked by `updateAll` (SQLite
    /// stores any 64-bit integer in any integer column), SQLite's DDL.
    public static let sqlite = SQLDialect(
        name: "sqlite", placeholder: .questionMark, valueForm: .storage, caseInsensitiveLike: "LIKE",
        trueLiteral: "1", falseLiteral: "0", limitForm: .parameter, offsetWithoutLimit: "LIMIT -1 OFFSET",
        checksIntegerRanges: false, ddl: SQLiteDDL()
    )
}

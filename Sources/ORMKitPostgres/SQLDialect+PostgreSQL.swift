#if PostgreSQL  // the package trait that enables ORMKitPostgres (Package.swift)
import ORMKit

extension SQLDialect {
    /// PostgreSQL: `$1, $2, …` parameters bound as wire values, `ILIKE` for SQLite's case-blind `LIKE` (`GLOB` has
    /// no equivalent and the server refuses it), `TRUE`/`FALSE`, the limit as a literal (see
    /// `SQLDialect.LimitForm.literal`), `OFFSET` alone, integer ranges checked by the server, PostgreSQL's DDL.
    public static let postgresql = SQLDialect(
        name: "postgresql", placeholder: .numbered(prefix: "$"), valueForm: .wire, caseInsensitiveLike: "ILIKE",
        trueLiteral: "TRUE", falseLiteral: "FALSE", limitForm: .literal, offsetWithoutLimit: "OFFSET",
        checksIntegerRanges: true, ddl: PostgreSQLDDL()
    )
}
#endif

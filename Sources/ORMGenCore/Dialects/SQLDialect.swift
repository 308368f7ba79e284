/// The SQL engine a DDL or migration plan is written for.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// SQLite, the default: what `Generated/` code and `ormgen sql` have always used.
    case sqlite
    /// PostgreSQL 10 or later (tested with 15): identity keys, `BOOLEAN`, `NUMERIC`, `TIMESTAMPTZ`, `UUID`, `BYTEA`, `JSONB`, and
    /// `ALTER TABLE` migrations instead of table rebuilds.
    case postgresql
}

import ORMSchema

/// The SQL engine a DDL or migration plan is written for.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// SQLite, the default: what `Generated/` code and `ormgen sql` have always used.
    case sqlite
    /// PostgreSQL 10 or later (tested with 15): identity keys, `BOOLEAN`, `NUMERIC`, `TIMESTAMPTZ`, `UUID`, `BYTEA`, `JSONB`, and
    /// `ALTER TABLE` migrations instead of table rebuilds.
    case postgresql
}

extension SQLDialect {
    /// How the migration planner writes this engine's steps.
    var planning: any PlanningDialect {
        switch self {
        case .sqlite: SQLitePlanning()
        case .postgresql: PostgreSQLPlanning()
        }
    }

    /// The `CREATE TABLE` and `CREATE INDEX` statements of `schema`, in dependency order.
    func statements(for schema: Schema) -> [String] {
        ddl.statements(for: schema.tables.map(\.definition))
    }

    /// How this engine writes DDL: the same value the runtime derives its DDL from.
    var ddl: any SchemaDialect {
        switch self {
        case .sqlite: SQLiteDDL()
        case .postgresql: PostgreSQLDDL()
        }
    }

    /// Whether the schema's PostgreSQL issues (`Schema.postgresqlIssues`) concern this dialect.
    var checksPostgreSQLIssues: Bool { self == .postgresql }
}

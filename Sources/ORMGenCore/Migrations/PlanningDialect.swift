import ORMSchema

/// What the migration planner writes differently per engine: one value per `SQLDialect` (`SQLDialect.planning`).
/// The planner calls it at each point where engines differ and never asks which engine it plans for; a new
/// engine is one new conforming type.
protocol PlanningDialect: Sendable {
    /// The engine's DDL (indexes: a JSON path index is an expression in each engine's syntax).
    var ddl: any SchemaDialect { get }

    /// The plan's first lines: what it is, and how `migrate` runs it.
    func header(from old: Int, to new: Int) -> [String]

    /// A `dropColumn` step on the column `column` of `planner.tables[table]`, which exists.
    func dropColumn(_ planner: inout Planner, table: Int, column: String)

    /// An `alterColumn` step: the column to its definition in the newer schema.
    func alterColumn(_ planner: inout Planner, table: String, column: String)

    /// A new table's `CREATE TABLE` (its indexes follow, written by the planner).
    func createTable(_ planner: inout Planner, _ table: Table)

    /// Which of `missing`, the columns `table` lacks, `ALTER TABLE … ADD COLUMN` can add; the others need the
    /// table rebuilt.
    func addable(_ missing: [ColumnDefinition], in table: Table) -> [ColumnDefinition]

    /// `ALTER TABLE … ADD COLUMN` of `column` to `planner.tables[position]`.
    func addColumn(_ planner: inout Planner, _ column: ColumnDefinition, to table: Table, at position: Int)

    /// Removes the `UNIQUE` constraints of `columns` of `planner.tables[position]`, whose uniqueness the newer schema
    /// holds for live rows only (partial unique indexes, created next by the planner).
    func dropUniqueConstraints(_ planner: inout Planner, of columns: [String], in table: Table, at position: Int)

    /// After a table's additive changes in a section (`isLast`: the section after every version's steps).
    func finishTable(_ planner: inout Planner, _ table: Table, isLast: Bool)

    /// After a section of additive changes.
    func finishSection(_ planner: inout Planner)

    /// After every step and additive change: the plan's last lines, and warnings about what the plan does not
    /// convert (`lastVersion`: the newest pending version, if any).
    func finish(_ planner: inout Planner, lastVersion: Int?)
}

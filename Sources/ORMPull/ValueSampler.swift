import ORMSchema
import ORMKitSQLite

/// Reads values of the columns whose Swift type depends on the data (dates and UUIDs: how are they stored?).
enum ValueSampler {
    /// How many non-NULL values of a column are read at most.
    static let limit = 1000

    /// `tables` with `sample` filled for every column whose declared type needs it (`ColumnKind.needsSample`).
    ///
    /// - Throws: `PullFailure` when SQLite cannot read a table.
    static func sample(_ tables: [LiveTable], from database: ReadOnlyDatabase) throws -> [LiveTable] {
        try tables.map { table in
            var table = table
            for index in table.columns.indices
                where ColumnKind(declaredType: table.columns[index].declaredType).needsSample && table.columns[index].nameProblem == nil {
                let column = quoteIdentifier(table.columns[index].name)
                let rows = try database.rows(
                    "SELECT \(column) FROM \(quoteIdentifier(table.name)) WHERE \(column) IS NOT NULL LIMIT \(limit)")
                table.columns[index].sample = rows.compactMap(\.first)
            }
            return table
        }
    }
}

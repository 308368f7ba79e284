import ORMKitSQLite
import ORMSchema

/// The storage format of a database ORMGen manages, kept in `PRAGMA application_id` (SQLite's header field
/// for "which application's file is this").
///
/// Format 2 (`application_id` 0x4F524D32, "ORM2") stores `Date` fields without a declared storage as REAL
/// seconds since 2001 (bit-exact). Databases written before it (`application_id` 0 and a schema version)
/// stored them as REAL seconds since 1970: `migrate` converts those columns in its transaction, rebuilding a
/// table whose date `DEFAULT` was written for 1970, and stamps the format. Dates declared with `storage:` are
/// never touched.
enum FileFormat {
    /// `'ORM2'`.
    static let applicationID: Int64 = 0x4F52_4D32
    /// Seconds from 1970-01-01 to 2001-01-01.
    static let referenceOffset = 978_307_200

    /// `PRAGMA application_id`.
    static func applicationID(_ conn: Connection) throws -> Int64 {
        try conn.migrationInteger("PRAGMA application_id")
    }

    /// Stamps format 2.
    static func stamp(_ conn: Connection) throws {
        try conn.run(sql: "PRAGMA application_id = \(applicationID)", arguments: [])
    }

    /// Whether a database at `version` with `applicationID` was written before format 2.
    static func isFormat1(version: Int, applicationID: Int64) -> Bool {
        version > 0 && applicationID == 0
    }

    /// Converts every native `Date` column of `schema`'s tables from seconds since 1970 to seconds since 2001, in
    /// the file as it is at version `start`: names are traced back through the pending versions' `renameTable`
    /// and `renameColumn` steps. Columns the file does not have yet (added by this upgrade) are left alone.
    static func convertFormat1Dates(_ schema: SchemaDefinition, from start: Int, _ conn: Connection) throws {
        let renames = schema.migrations.filter { $0.version > start }.flatMap(\.steps).reversed()
        for table in schema.tables {
            var tableName = table.name
            var columnNames = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.name) })
            for step in renames {
                switch step {
                case let .renameTable(from, to) where to.sqlName == tableName.sqlName:
                    tableName = from
                case let .renameColumn(stepTable, from, to) where stepTable.sqlName == table.name.sqlName:
                    for (current, old) in columnNames where old.sqlName == to.sqlName { columnNames[current] = from }
                default:
                    break
                }
            }
            guard let live = try SQLiteTable.read(tableName, conn) else { continue }
            for column in table.columns where column.storage == "referenceSeconds" {
                guard let name = columnNames[column.name], live.column(name) != nil else { continue }
                let quoted = quoteIdentifier(name)
                try conn.run(
                    sql: "UPDATE \(quoteIdentifier(tableName)) SET \(quoted) = \(quoted) - \(referenceOffset).0 WHERE typeof(\(quoted)) IN ('real', 'integer')",
                    arguments: [])
            }
        }
    }

    /// Rebuilds the tables whose native `Date` columns still have a `DEFAULT` counted from 1970 (run after the
    /// upgrade, when every table has its current name).
    static func rebuildStaleDateDefaults(_ schema: SchemaDefinition, _ conn: Connection) throws {
        let expected = try schema.expectedLiveSchema()
        for table in schema.tables {
            guard let live = try SQLiteTable.read(table.name, conn) else { continue }
            let isStale = table.columns.contains { column in
                column.storage == "referenceSeconds" && live.column(column.name) != nil
                    && live.column(column.name)?.defaultSQL != expected.table(table.name)?.column(column.name)?.defaultSQL
            }
            if isStale { try TableRebuild.rebuild(table, conn) }
        }
    }
}

import ORMGenCore
import Testing

/// `ormgen diff` plans what `migrate` does when a model gets `softDelete:`: its unique column loses its `UNIQUE`
/// constraint (SQLite rebuilds the table, PostgreSQL drops the constraint), and its unique indexes are made again
/// for live rows only.
@Suite struct SoftDeletePlanTests {
    static let before = """
        version: 1
        models:
          Note:
            table: notes
            fields: { title: { type: String, unique: true }, slug: String, folder: String, deletedAt: Date? }
            indexes: [{ columns: [slug, folder], unique: true, name: notes_slug_folder }]
        """
    static let after = """
        version: 2
        models:
          Note:
            table: notes
            fields: { title: { type: String, unique: true }, slug: String, folder: String, deletedAt: Date? }
            indexes: [{ columns: [slug, folder], unique: true, name: notes_slug_folder }]
            softDelete: deletedAt
        """

    static func plan(_ dialect: SQLDialect) -> String {
        MigrationPlanner.plan(
            from: [SchemaInput(path: "old.yaml", contents: before)], to: [SchemaInput(path: "new.yaml", contents: after)], dialect: dialect).sql
    }

    @Test func eachEngineDropsTheConstraintAndRemakesTheIndexes() {
        let sqlite = Self.plan(.sqlite)
        #expect(sqlite.contains("-- title of notes: unique among live rows only now (softDelete), not by a UNIQUE constraint: rebuild"))
        #expect(sqlite.contains("CREATE TABLE \"ormkit_rebuild_notes\" (") && !sqlite.contains("\"title\" TEXT NOT NULL UNIQUE"))
        #expect(sqlite.contains("DROP INDEX IF EXISTS \"notes_slug_folder\";"))
        #expect(sqlite.contains("CREATE UNIQUE INDEX IF NOT EXISTS \"notes_slug_folder\" ON \"notes\" (\"slug\", \"folder\") WHERE \"deleted_at\" IS NULL;"))
        #expect(sqlite.contains("CREATE UNIQUE INDEX IF NOT EXISTS \"notes_title_live\" ON \"notes\" (\"title\") WHERE \"deleted_at\" IS NULL;"))
        let postgres = Self.plan(.postgresql)
        #expect(postgres.contains("ALTER TABLE \"notes\" DROP CONSTRAINT \"notes_title_key\";"))
        #expect(postgres.contains("DROP INDEX IF EXISTS \"notes_slug_folder\";"))
        #expect(postgres.contains("CREATE UNIQUE INDEX IF NOT EXISTS \"notes_title_live\" ON \"notes\" (\"title\") WHERE \"deleted_at\" IS NULL;"))
        #expect(!postgres.contains("ormkit_rebuild"))
    }
}

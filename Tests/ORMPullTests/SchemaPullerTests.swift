import Foundation
import ORMKit
import ORMPull
import TestSupport
import Testing

/// `ORMPull` as a library: the pull `ormgen pull` runs, called in process, with its result as values.
@Suite("Schema puller")
struct SchemaPullerTests {
    /// A database built from a fixture script (`Tests/Fixtures/ExistingDatabases/<name>.sql`) in a fresh directory.
    static func fixture(_ name: String) throws -> (path: String, directory: TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let path = directory.path(name + ".db")
        try SQLiteScript.makeDatabase(from: SQLiteScript.fixture(name + ".sql"), at: path)
        return (path, directory)
    }

    /// In process, the pull gives byte for byte the schemas the `Existing…Tests` targets hold, which the CLI wrote.
    @Test(arguments: [("music", "ExistingMusicTests"), ("events", "ExistingEventsTests"), ("odd-names", "ExistingOddNamesTests")])
    func theLibraryPullsWhatTheCommandWrote(_ name: String, _ target: String) throws {
        let (path, directory) = try Self.fixture(name)
        _ = directory
        let pulled = try SchemaPuller.pull(
            databaseAt: path, schemaName: SchemaMapper.defaultSchemaName(forDatabase: path), naming: .asIs
        )
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("\(target)/schema/schema.yaml")
        #expect(pulled.yaml == (try String(contentsOf: committed, encoding: .utf8)))
        let modelLines = pulled.yaml.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        #expect(pulled.modelCount == modelLines.count)
    }

    @Test func whatCannotBeExpressedComesBackAsNotesNotOutput() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let db = try Database(path: path)
        try await db.execute(sql: """
            CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE audit_log (at TEXT, what TEXT);
            CREATE VIEW author_names AS SELECT name FROM authors;
            """)
        try db.close()
        let pulled = try SchemaPuller.pull(databaseAt: path, schemaName: "AppSchema", naming: .snakeCase)
        #expect(pulled.modelCount == 1)
        #expect(pulled.yaml.hasPrefix("version: 1\nname: AppSchema\nnaming: snake_case\nmodels:\n"))
        #expect(!pulled.yaml.contains("audit_log") && !pulled.yaml.contains("author_names"))
        #expect(pulled.notes.contains { $0.hasPrefix("audit_log") && $0.contains("primary key") }, "\(pulled.notes)")
        #expect(pulled.notes.contains("skipped view 'author_names'"), "\(pulled.notes)")
        #expect(!pulled.notes.contains { $0.hasPrefix("ormgen:") })
    }

    /// A day the month does not have is not a well-formed text date: the pull says so instead of counting it.
    @Test func anImpossibleCalendarDateIsCountedAsUnrecognized() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("events.sqlite")
        let db = try Database(path: path)
        try await db.execute(sql: """
            CREATE TABLE events (id INTEGER PRIMARY KEY, at DATETIME NOT NULL);
            INSERT INTO events (at) VALUES ('2024-01-01 10:00:00'), ('2024-01-02 10:00:00'), ('2024-02-30 10:00:00');
            """)
        try db.close()
        let pulled = try SchemaPuller.pull(databaseAt: path, schemaName: "EventsSchema", naming: .asIs)
        #expect(pulled.notes.contains("events.at: sampled values in mixed forms (2 sqliteText, 1 unrecognized such as '2024-02-30 10:00:00'); using sqliteText"), "\(pulled.notes)")
    }

    /// A PostgreSQL URL is told from a file by its scheme, names its schema after the database, and is printed
    /// without its password.
    @Test func aPostgreSQLURLIsNamedByItsDatabaseAndPrintedWithoutItsPassword() {
        let url = "postgres://app:s3cret@db.internal:5432/store_front?sslmode=require"
        #expect(SchemaPuller.isPostgresURL(url) && SchemaPuller.isPostgresURL("postgresql://h/x") && !SchemaPuller.isPostgresURL("store.db"))
        #expect(SchemaMapper.defaultSchemaName(forDatabase: url) == "StoreFrontSchema")
        #expect(SchemaPuller.redacted(url) == "postgres://app:***@db.internal:5432/store_front?sslmode=require")
        #expect(SchemaPuller.redacted("postgres://app@h/x") == "postgres://app@h/x")
    }

    @Test func aMissingFileADirectoryOrNotADatabaseIsAPullFailureNamingThePath() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: PullFailure("no such file: '\(directory.path("nope.db"))'")) {
            try SchemaPuller.pull(databaseAt: directory.path("nope.db"), schemaName: "S", naming: .asIs)
        }
        try directory.write("", to: "folder/placeholder")
        #expect(throws: PullFailure("'\(directory.path("folder"))' is a directory, not a database file")) {
            try SchemaPuller.pull(databaseAt: directory.path("folder"), schemaName: "S", naming: .asIs)
        }
        try directory.write("notes, not a database\n", to: "notes.db")
        #expect(throws: PullFailure("cannot read '\(directory.path("notes.db"))': file is not a database")) {
            try SchemaPuller.pull(databaseAt: directory.path("notes.db"), schemaName: "S", naming: .asIs)
        }
    }

    @Test func theSchemaIsNamedAfterTheFile() {
        #expect(SchemaMapper.defaultSchemaName(forDatabase: "data/chinook.db") == "ChinookSchema")
        #expect(SchemaMapper.defaultSchemaName(forDatabase: "music_store.sqlite") == "MusicStoreSchema")
        #expect(SchemaMapper.defaultSchemaName(forDatabase: "EventsSchema.db") == "EventsSchema")
    }
}

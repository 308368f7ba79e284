import Foundation
import TestSupport
import Testing

/// `ormgen diff` and `ormgen check --previous` through the real binary.
@Suite("ormgen diff and check --previous")
struct DiffCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static let oldNotes = """
        version: 1
        models:
          Note:
            fields:
              title: String
              body: String?
              color: { type: String, default: red, index: true }
        """

    @Test func diffOfTheExampleSchemaPrintsEachVersionInOrder() throws {
        let output = try CLI.run(["diff", try Fixtures.url("schema-v1").path, "--to", "schema"], in: Self.repository)
        #expect(output.status == 0, "\(output.stderr)")
        let expectedInOrder = [
            "-- ormgen diff: schema version 1 → 3",
            "-- version 2: additive changes first",
            "ALTER TABLE \"authors\" ADD COLUMN \"website\" TEXT;",
            "-- version 2: steps",
            "ALTER TABLE \"authors\" RENAME COLUMN \"full_name\" TO \"name\";",
            "ALTER TABLE \"patron\" RENAME TO \"readers\";",
            "CREATE TABLE \"ormkit_rebuild_books\" (",
            "DROP TABLE \"books\";",
            "CREATE INDEX IF NOT EXISTS \"books_genre_format\" ON \"books\" (\"genre\", \"format\");",
            "-- version 3: additive changes first",
            "ALTER TABLE \"readers\" ADD COLUMN \"level\" TEXT NOT NULL DEFAULT 'basic';",
            "-- version 3: steps",
            "ALTER TABLE \"lists\" RENAME TO \"reading_lists\";",
            "-- alterColumn books.price: rebuild to the current definition",
            "UPDATE authors SET rating = 0 WHERE rating IS NULL;",
            "-- alterColumn authors.rating: rebuild to the current definition",
            "CREATE INDEX IF NOT EXISTS \"readers_level\" ON \"readers\" (\"level\");",
            "DROP INDEX IF EXISTS \"series_is_complete\";",
            "-- hook backfillReaderTokens: the Swift closure registered as \"backfillReaderTokens\" in migrate(_:hooks:)",
            "PRAGMA user_version = 3;",
        ]
        var remaining = output.stdout[...]
        for line in expectedInOrder {
            let found = remaining.range(of: line)
            #expect(found != nil, "missing or out of order: \(line)")
            if let found { remaining = remaining[found.upperBound...] }
        }
        #expect(!output.stdout.contains("books_legacy_code"))
        #expect(output.stderr.hasSuffix("ormgen: migration plan printed (1 warning)\n"))
    }

    @Test func removedFieldAndRequiredFieldWithoutDefaultAreWarnedAbout() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.oldNotes, to: "old/notes.yaml")
        try directory.write("""
            version: 2
            models:
              Note:
                fields:
                  title: String
                  color: { type: String, default: red, index: true }
                  rank: Int
            """, to: "new/notes.yaml")
        let diff = try CLI.run(["diff", "old", "--to", "new"], in: directory.url)
        #expect(diff.status == 0)
        #expect(diff.stderr == """
            new/notes.yaml:7:7: warning: new field 'Note.rank' is required and has no default; migrating a table that has rows fails — give it a default or make it optional
            old/notes.yaml:6:7: warning: field 'Note.body' was removed without a dropColumn step; its column stays in the database
            ormgen: migration plan printed (2 warnings)

            """)
        #expect(diff.stdout.contains("-- new columns of note that ALTER TABLE ADD COLUMN cannot add"))

        let check = try CLI.run(["check", "new", "--previous", "old"], in: directory.url)
        #expect(check.status == 0)
        #expect(check.stderr.contains("old/notes.yaml:6:7: warning: field 'Note.body' was removed without a dropColumn step; its column stays in the database\n"))
        #expect(check.stderr.hasSuffix("ormgen: schema is valid (2 warnings)\n"))

        let plainCheck = try CLI.run(["check", "new"], in: directory.url)
        #expect(plainCheck.stderr == "ormgen: schema is valid\n")
    }

    @Test func droppedColumnIsPlannedWithoutWarning() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.oldNotes, to: "old/notes.yaml")
        try directory.write("""
            version: 2
            models:
              Note:
                fields:
                  heading: String
                  color: { type: String, default: red, index: true }
            migrations:
              2:
                - renameColumn: { model: Note, from: title, to: heading }
                - dropColumn: { model: Note, column: body }
                - dropColumn: { model: Note, column: color_old }
            """, to: "new/notes.yaml")
        let diff = try CLI.run(["diff", "old", "--to", "new", "--quiet"], in: directory.url)
        #expect(diff.status == 0)
        #expect(diff.stderr == "")
        #expect(diff.stdout.contains("ALTER TABLE \"note\" RENAME COLUMN \"title\" TO \"heading\";\nALTER TABLE \"note\" DROP COLUMN \"body\";\n"))
        #expect(diff.stdout.contains("-- dropColumn note.color_old: no such column in the older schema; nothing to do"))
    }

    @Test func olderSchemaMustNotBeNewer() throws {
        let directory = try TemporaryDirectory()
        try directory.write(Self.oldNotes.replacingOccurrences(of: "version: 1", with: "version: 4"), to: "old/notes.yaml")
        try directory.write(Self.oldNotes, to: "new/notes.yaml")
        let diff = try CLI.run(["diff", "old", "--to", "new"], in: directory.url)
        #expect(diff.status != 0)
        #expect(diff.stdout.isEmpty)
        #expect(diff.stderr.contains("error: the older schema is at version 4, above the newer schema's version 1; swap the arguments"))
    }

    @Test func aStorageChangeIsExplainedWithTheStepThatConvertsIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("""
            version: 1
            models:
              Event:
                fields:
                  at: { type: Date, storage: unixSeconds }
                  price: Decimal
            """, to: "old/schema.yaml")
        try directory.write("""
            version: 2
            models:
              Event:
                fields:
                  at: { type: Date, storage: sqliteText }
                  price: { type: Decimal, storage: real }
            migrations:
              2: []
            """, to: "new/schema.yaml")
        let output = try CLI.run(["diff", "old", "--to", "new"], in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains(#"""
            new/schema.yaml:5:7: warning: field 'Event.at' changes storage from 'unixSeconds' to 'sqliteText'; migrate does not convert its stored values; add to migration 2: - sql: UPDATE "event" SET "at" = strftime('%Y-%m-%d %H:%M:%f', "at", 'unixepoch') WHERE "at" IS NOT NULL
            """#), "\(output.stderr)")
        #expect(output.stderr.contains(#"field 'Event.price' changes storage from 'text' to 'real'; migrate does not convert its stored values; add to migration 2: - sql: UPDATE "event" SET "price" = CAST("price" AS REAL)"#))
        #expect(output.stdout.contains("-- Date fields without storage: are REAL seconds since 2001.") == false)
    }
}

import ORMGenCore
import Testing

/// `ormgen diff --dialect postgresql`: ALTER TABLE in place where SQLite rebuilds tables.
@Suite("PostgreSQL dialect: migration plans")
struct PostgreSQLMigrationTests {
    static let version1 = """
        version: 1
        models:
          Book:
            fields:
              title: String
              price: Double?
              code: { type: String, unique: true }
              rating: { type: Int, check: "rating >= 0" }
              genre: { enum: [fiction, poetry], default: fiction }
              legacy: { type: String, index: true }
              shelf: String?
          Patron:
            fields:
              name: String
        """

    static let version2 = """
        version: 2
        models:
          Book:
            fields:
              title: String
              price: { type: Decimal, default: "0.00" }
              code: String
              rating: { type: Int, check: "rating BETWEEN 0 AND 5" }
              genre: { enum: [fiction, poetry, drama], default: fiction }
              shelf: String?
              addedAt: { type: Date, default: now }
              isbn: { type: String?, unique: true }
            relations:
              reader: { belongsTo: Reader, optional: true }
          Reader:
            fields:
              name: String
        migrations:
          2:
            - renameModel: { from: Patron, to: Reader }
            - dropColumn: { model: Book, column: legacy }
            - alterColumn: { model: Book, column: price }
            - alterColumn: { model: Book, column: code }
            - alterColumn: { model: Book, column: rating }
            - alterColumn: { model: Book, column: shelf }
            - sql: "UPDATE book SET title = upper(title)"
            - hook: fill
        """

    static func plan(_ old: String, _ new: String, dialect: SQLDialect = .postgresql) -> MigrationPlan {
        MigrationPlanner.plan(
            from: [SchemaInput(path: "old.yaml", contents: old)], to: [SchemaInput(path: "new.yaml", contents: new)], dialect: dialect)
    }

    /// Every step as PostgreSQL runs it: new columns of any kind added in place (SQLite rebuilds for a UNIQUE or a
    /// CURRENT_TIMESTAMP default), an indexed column dropped in place, alterColumn as the ALTER statements that change
    /// something, a foreign key to a table a step renames added once it exists, enum values as a CHECK that follows
    /// the schema without a step, sql steps as written.
    @Test func stepsAndAdditiveChangesAlterInPlace() {
        let plan = Self.plan(Self.version1, Self.version2)
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.sql == """
            -- ormgen diff --dialect postgresql: schema version 1 → 2
            -- migrate runs all of this in one transaction (PostgreSQL's DDL is transactional); sql steps run as written.

            -- version 2: additive changes first
            ALTER TABLE "book" ADD COLUMN "added_at" TIMESTAMPTZ NOT NULL DEFAULT CURRENT_TIMESTAMP;
            ALTER TABLE "book" ADD COLUMN "isbn" TEXT CONSTRAINT "book_isbn_key" UNIQUE;
            ALTER TABLE "book" ADD COLUMN "reader_id" BIGINT;
            ALTER TABLE "book" DROP CONSTRAINT "book_genre_enum_check";

            -- version 2: steps
            ALTER TABLE "patron" RENAME TO "reader";
            ALTER TABLE "book" DROP COLUMN "legacy";
            -- alterColumn book.price: ALTER TABLE to the current definition
            -- (DOUBLE PRECISION to NUMERIC: the USING cast converts the stored values; write a sql step where they need more)
            ALTER TABLE "book" ALTER COLUMN "price" TYPE NUMERIC USING "price"::NUMERIC;
            ALTER TABLE "book" ALTER COLUMN "price" SET DEFAULT 0;
            ALTER TABLE "book" ALTER COLUMN "price" SET NOT NULL;
            -- alterColumn book.code: ALTER TABLE to the current definition
            ALTER TABLE "book" DROP CONSTRAINT "book_code_key";
            -- alterColumn book.rating: ALTER TABLE to the current definition
            ALTER TABLE "book" DROP CONSTRAINT "book_rating_check";
            ALTER TABLE "book" ADD CONSTRAINT "book_rating_check" CHECK (rating BETWEEN 0 AND 5);
            -- alterColumn book.shelf: already its current definition on PostgreSQL; nothing to do
            UPDATE book SET title = upper(title);
            -- hook fill: the Swift closure registered as "fill" in migrate(_:hooks:)

            -- remaining additive changes
            ALTER TABLE "book" ADD CONSTRAINT "book_genre_enum_check" CHECK ("genre" IN ('fiction', 'poetry', 'drama'));
            ALTER TABLE "book" ADD CONSTRAINT "book_reader_id_fkey" FOREIGN KEY ("reader_id") REFERENCES "reader" ("id");

            -- migrate records schema version 2.

            """)
    }

    /// The SQLite plan of the same migration is unchanged: it rebuilds the table where SQLite must.
    @Test func theSQLitePlanStillRebuilds() {
        let plan = Self.plan(Self.version1, Self.version2, dialect: .sqlite)
        #expect(plan.sql.contains("-- dropColumn book.legacy: the column is in a key, UNIQUE, indexed or a foreign key, so the table is rebuilt"))
        #expect(plan.sql.contains(#"CREATE TABLE "ormkit_rebuild_book" ("#))
        #expect(plan.sql.hasSuffix("PRAGMA user_version = 2;\n"))
        #expect(!plan.sql.contains("CONSTRAINT"))
    }

    /// Renaming a table or column keeps its constraints' names on PostgreSQL: a later step drops them by the name
    /// they were created with.
    @Test func constraintsKeepTheirNamesAcrossRenames() {
        let plan = Self.plan(
            """
            version: 1
            models:
              Patron:
                fields:
                  email: { type: String, unique: true }
            """,
            """
            version: 2
            models:
              Reader:
                fields:
                  mail: String
            migrations:
              2:
                - renameModel: { from: Patron, to: Reader }
                - renameColumn: { model: Reader, from: email, to: mail }
                - alterColumn: { model: Reader, column: mail }
            """)
        #expect(plan.sql.contains("""
            ALTER TABLE "patron" RENAME TO "reader";
            ALTER TABLE "reader" RENAME COLUMN "email" TO "mail";
            -- alterColumn reader.mail: ALTER TABLE to the current definition
            ALTER TABLE "reader" DROP CONSTRAINT "patron_email_key";

            """))
    }

    /// A type change drops the old default first (it may not cast) and sets the new one after; nullability and the
    /// identity key are left alone when they do not change.
    @Test func typeChangesMoveTheDefaultAround() {
        let plan = Self.plan(
            "version: 1\nmodels:\n  Item:\n    fields:\n      flag: { type: Int, default: 1 }\n",
            "version: 2\nmodels:\n  Item:\n    fields:\n      flag: { type: Bool, default: true }\nmigrations:\n  2:\n    - alterColumn: { model: Item, column: flag }\n")
        #expect(plan.sql.contains("""
            -- alterColumn item.flag: ALTER TABLE to the current definition
            -- (BIGINT to BOOLEAN: the USING cast converts the stored values; write a sql step where they need more)
            ALTER TABLE "item" ALTER COLUMN "flag" DROP DEFAULT;
            ALTER TABLE "item" ALTER COLUMN "flag" TYPE BOOLEAN USING "flag"::BOOLEAN;
            ALTER TABLE "item" ALTER COLUMN "flag" SET DEFAULT TRUE;

            """))
    }

    /// A name PostgreSQL cannot take in the newer schema is an error of the PostgreSQL plan, and no plan is printed;
    /// the SQLite plan only has the schema's own diagnostics.
    @Test func longNamesStopThePostgreSQLPlan() {
        let long = String(repeating: "n", count: 64)
        let new = "version: 2\nmodels:\n  Item:\n    fields:\n      title: String\n      extra: { type: String?, column: \(long) }\n"
        let old = "version: 1\nmodels:\n  Item:\n    fields:\n      title: String\n"
        let plan = Self.plan(old, new)
        #expect(plan.hasErrors && plan.sql.isEmpty)
        #expect(plan.diagnostics.map(\.description) == [
            "new.yaml:6:39: error: column '\(long)' of table 'item' is 64 bytes long; PostgreSQL cuts identifiers to 63 bytes, so the database would not match the generated code; set a shorter 'column:'",
        ])
        #expect(Self.plan(old, new, dialect: .sqlite).diagnostics.isEmpty)
        #expect(MigrationPlanner.check([SchemaInput(path: "new.yaml", contents: new)], previous: [SchemaInput(path: "old.yaml", contents: old)])
            .map(\.description).allSatisfy { $0.contains(": warning: ") })
    }
}

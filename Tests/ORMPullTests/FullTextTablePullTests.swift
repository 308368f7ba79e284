import Foundation
import ORMKit
import ORMPull
import TestSupport
import Testing

/// FTS5 tables in a pulled file: an external-content one over a pulled table becomes that model's `search:`, and
/// neither it nor its shadow tables become models; every other full-text table is skipped with a note that says why.
@Suite("Full-text tables in a pull")
struct FullTextTablePullTests {
    /// The pull of a new file on which `sql` ran.
    static func pull(_ sql: String, naming: NamingStrategy = .asIs) async throws -> SchemaPuller.Result {
        let directory = try TemporaryDirectory()
        let path = directory.path("library.db")
        let db = try Database(path: path)
        try await db.execute(sql: sql)
        try db.close()
        return try SchemaPuller.pull(databaseAt: path, schemaName: "LibrarySchema", naming: naming)
    }

    /// A `books` table with an INTEGER PRIMARY KEY and three text columns, one of them named with a space.
    static let books = """
        CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, sub_title TEXT, "Blurb Text" TEXT);

        """

    /// The note for an FTS5 table that does not map, as the pull words its start.
    static func skipNote(_ table: String, _ reason: String) -> String {
        "skipped FTS5 table '\(table)': \(reason)"
    }

    /// The four shadow-table notes of a skipped FTS5 table, plus `_content` when it keeps its own copy of the text.
    static func shadowNotes(_ table: String, content: Bool) -> [String] {
        (content ? ["config", "content", "data", "docsize", "idx"] : ["config", "data", "docsize", "idx"])
            .map { "skipped shadow table '\(table)_\($0)' of virtual table '\(table)'" }
    }

    /// What the runtime creates, with its triggers and some rows: `search:` with the pulled field names in the FTS
    /// column order, and not a word about the FTS table or its shadow tables.
    @Test func anExternalContentTableWithTriggersBecomesSearch() async throws {
        let pulled = try await Self.pull(Self.books + """
            CREATE VIRTUAL TABLE "books_search" USING fts5("Blurb Text", "sub_title", "title", content='books',
                content_rowid='rowid', tokenize='porter unicode61 remove_diacritics 2');
            CREATE TRIGGER "books_search_insert" AFTER INSERT ON "books" BEGIN
                INSERT INTO "books_search"(rowid, "Blurb Text", "sub_title", "title")
                VALUES (new.rowid, new."Blurb Text", new."sub_title", new."title");
            END;
            CREATE TRIGGER "books_search_delete" AFTER DELETE ON "books" BEGIN
                INSERT INTO "books_search"("books_search", rowid, "Blurb Text", "sub_title", "title")
                VALUES ('delete', old.rowid, old."Blurb Text", old."sub_title", old."title");
            END;
            CREATE TRIGGER "books_search_update" AFTER UPDATE ON "books" BEGIN
                INSERT INTO "books_search"("books_search", rowid, "Blurb Text", "sub_title", "title")
                VALUES ('delete', old.rowid, old."Blurb Text", old."sub_title", old."title");
                INSERT INTO "books_search"(rowid, "Blurb Text", "sub_title", "title")
                VALUES (new.rowid, new."Blurb Text", new."sub_title", new."title");
            END;
            INSERT INTO books (title, sub_title, "Blurb Text") VALUES ('Dune', 'A novel', 'Sand'), ('Emma', NULL, NULL);
            """, naming: .snakeCase)
        #expect(pulled.yaml == """
            version: 1
            name: LibrarySchema
            naming: snake_case
            models:
              Books:
                fields:
                  id: Int64
                  title: String
                  subTitle: String?
                  blurbText: { type: String?, column: "Blurb Text" }
                search: { fields: [blurbText, subTitle, title], language: english }

            """)
        #expect(pulled.modelCount == 1)
        #expect(pulled.notes.isEmpty, "\(pulled.notes)")
    }

    /// A table that keeps its own copy of the text, and a contentless one, are full-text tables `search:` cannot
    /// declare: each is skipped with its reason, its shadow tables with it, and the content table is still pulled.
    @Test func internalContentAndContentlessTablesAreSkippedWithTheirShadowTables() async throws {
        let pulled = try await Self.pull(Self.books + """
            CREATE VIRTUAL TABLE own_copy USING fts5(title);
            CREATE VIRTUAL TABLE no_copy USING fts5(title, content='');
            """)
        #expect(pulled.modelCount == 1)
        #expect(!pulled.yaml.contains("search") && !pulled.yaml.contains("own_copy") && !pulled.yaml.contains("no_copy"))
        let externalOnly = "search: maps only an external-content table (content='<table>')"
        #expect(pulled.notes == [Self.skipNote("no_copy", "it is contentless (content=''); " + externalOnly)]
            + Self.shadowNotes("no_copy", content: false)
            + [Self.skipNote("own_copy", "it keeps its own copy of the text (no content= option); " + externalOnly)]
            + Self.shadowNotes("own_copy", content: true))
    }

    /// FTS3 and FTS4 tables are named as such in their note; their shadow tables are skipped too.
    @Test func fts3AndFTS4TablesAreSkipped() async throws {
        let pulled = try await Self.pull(Self.books + """
            CREATE VIRTUAL TABLE old_index USING FTS4(title, content="books");
            CREATE VIRTUAL TABLE older_index USING fts3(title);
            """)
        #expect(pulled.modelCount == 1)
        #expect(!pulled.yaml.contains("search") && !pulled.yaml.contains("old"))
        #expect(pulled.notes.contains("skipped FTS4 table 'old_index': search: declares FTS5 tables only"), "\(pulled.notes)")
        #expect(pulled.notes.contains("skipped FTS3 table 'older_index': search: declares FTS5 tables only"), "\(pulled.notes)")
        for shadow in ["older_index_content", "older_index_segdir", "older_index_segments", "old_index_docsize", "old_index_stat"] {
            #expect(pulled.notes.contains { $0.hasPrefix("skipped shadow table '\(shadow)' of virtual table ") }, "\(shadow)")
        }
        #expect(pulled.notes.count == 2 + 3 + 4, "\(pulled.notes)")
    }

    /// The runtime's two `tokenize` texts (in any case and spacing) are `language: english` and nothing; any other
    /// text is `tokenizer:` as the table has it, and a table without one gets FTS5's own default.
    @Test(arguments: [
        ("tokenize='porter unicode61 remove_diacritics 2'", "language: english"),
        ("TOKENIZE = \"Porter   Unicode61 remove_diacritics 2\"", "language: english"),
        ("tokenize='unicode61 remove_diacritics 2'", nil),
        ("content_rowid=id", "tokenizer: \"unicode61\""),
        ("tokenize=trigram", "tokenizer: \"trigram\""),
        ("tokenize = 'unicode61 tokenchars ''-_'''", "tokenizer: \"unicode61 tokenchars '-_'\""),
        ("tokenize = 'porter ascii'", "tokenizer: \"porter ascii\""),
    ] as [(String, String?)])
    func tokenizeBecomesLanguageOrTokenizer(_ option: String, _ expected: String?) async throws {
        let pulled = try await Self.pull(Self.books + """
            CREATE VIRTUAL TABLE books_search USING fts5(title, content='books', \(option));
            """)
        #expect(pulled.yaml.contains("    search: { fields: [title]\(expected.map { ", " + $0 } ?? "") }\n"), "\(pulled.yaml)")
        #expect(pulled.notes.isEmpty, "\(pulled.notes)")
    }

    /// Quoted and bracketed names, doubled quotes, comments and odd spacing are read as SQLite reads them; the
    /// INTEGER PRIMARY KEY column may stand for the rowid, in any case.
    @Test func quotedNamesAreReadAsSQLiteReadsThem() async throws {
        let pulled = try await Self.pull(#"""
            CREATE TABLE "Book List" ("Book Id" INTEGER PRIMARY KEY, "Short ""Title""" TEXT, [long text] TEXT, plain TEXT);
            CREATE VIRTUAL TABLE "Book List_search" USING FTS5 (
                "Short ""Title""" , -- the short one
                [long text],/* the long one */`PLAIN`,
                Content = "Book List", CONTENT_ROWID = 'book id'
            );
            """#)
        #expect(pulled.yaml.contains(#"""
                fields:
                  BookId: { type: Int64, column: "Book Id" }
                  ShortTitle: { type: String?, column: "Short \"Title\"" }
                  longText: { type: String?, column: "long text" }
                  plain: String?
                search: { fields: [ShortTitle, longText, plain], tokenizer: "unicode61" }

            """#), "\(pulled.yaml)")
        #expect(pulled.notes.isEmpty, "\(pulled.notes)")
    }

    /// What `search:` cannot declare is skipped with the reason, and the content table is pulled without `search:`.
    @Test(arguments: [
        ("fts5(title, content='missing')",
         "its content table 'missing' is not a table pulled as a model (a view, a table skipped above, or none)"),
        ("fts5(title, content='book_titles')",
         "its content table 'book_titles' is not a table pulled as a model (a view, a table skipped above, or none)"),
        ("fts5(title, blurb, content='books')", "column 'blurb' is not a column of 'books' pulled as a field"),
        ("fts5(title, sub_title UNINDEXED, content='books')", "column 'sub_title' is UNINDEXED, which search: cannot declare"),
        ("fts5(title, content='books', prefix='2 3')", "option prefix='2 3' is one search: cannot declare"),
        ("fts5(title, content='books', detail=none)", "option detail='none' is one search: cannot declare"),
        ("fts5(title, content='books', content_rowid='sub_title')",
         "its content_rowid 'sub_title' is not the rowid of 'books', which search: indexes by"),
    ])
    func whatSearchCannotDeclareIsSkippedWithTheReason(_ module: String, _ reason: String) async throws {
        let pulled = try await Self.pull(Self.books + """
            CREATE VIEW book_titles AS SELECT id, title FROM books;
            CREATE VIRTUAL TABLE books_search USING \(module);
            """)
        #expect(pulled.modelCount == 1)
        #expect(!pulled.yaml.contains("search"), "\(pulled.yaml)")
        #expect(pulled.notes == ["skipped view 'book_titles'", Self.skipNote("books_search", reason)]
            + Self.shadowNotes("books_search", content: false))
    }

    /// An index not named as the runtime names it is still read, with a note that `migrate` would build another;
    /// next to one that is, it is the one skipped.
    @Test func anIndexUnderAnotherNameIsReadWithANote() async throws {
        let alone = try await Self.pull(Self.books + "CREATE VIRTUAL TABLE book_fts USING fts5(title, content='books');")
        #expect(alone.yaml.contains("    search: { fields: [title], tokenizer: \"unicode61\" }\n"), "\(alone.yaml)")
        #expect(alone.notes == [
            "books: search: read off FTS5 table 'book_fts', but the runtime keeps the index in 'books_search', so `migrate` "
                + "would build a second one there; rename 'book_fts' to 'books_search', or drop it together with the "
                + "triggers that fill it",
        ])
        let both = try await Self.pull(Self.books + """
            CREATE VIRTUAL TABLE book_fts USING fts5(title, content='books');
            CREATE VIRTUAL TABLE books_search USING fts5(sub_title, content='books', tokenize='unicode61 remove_diacritics 2');
            """)
        #expect(both.yaml.contains("    search: { fields: [sub_title] }\n"), "\(both.yaml)")
        #expect(both.notes == [Self.skipNote("book_fts", "'books' already has search: from 'books_search'")]
            + Self.shadowNotes("book_fts", content: false))
    }
}

import ORMGenCore
import Testing

/// `search:` on a model: checked at its line, generated as a `SearchableRecord` with its `SearchSchema`, written as
/// each engine's DDL, and planned by `ormgen diff` when it comes, changes or goes.
@Suite struct SearchSchemaTests {
    static func schema(search: String, extraFields: String = "") -> String {
        """
        models:
          Article:
            table: articles
            fields:
              id: Int64
              title: String
              body: String?
              views: Int
              secret: { type: String?, transient: true }
        \(extraFields.isEmpty ? "" : "      " + extraFields + "\n")    search: \(search)
        """
    }

    @Test func aSearchableModelConformsAndDescribesItsIndex() throws {
        let result = generate(Self.schema(search: "{ fields: [title, body], language: english }"))
        #expect(result.diagnostics.isEmpty)
        let article = try #require(file("Article.swift", in: result))
        #expect(article.contains("extension Article: ORMKit.Record, ORMKit.SearchableRecord {"))
        #expect(article.contains("search: ORMKit.SearchSchema(columns: [\"title\", \"body\"], language: \"english\")"))
        let plain = try #require(file("Article.swift", in: generate(Self.schema(search: "{ fields: [title] }").replacingOccurrences(of: "    search: { fields: [title] }", with: ""))))
        #expect(!plain.contains("SearchableRecord") && !plain.contains("SearchSchema"))
        let tokenized = try #require(file("Article.swift", in: generate(Self.schema(search: "{ fields: [title], tokenizer: \"trigram\" }"))))
        #expect(tokenized.contains("search: ORMKit.SearchSchema(columns: [\"title\"], tokenizer: \"trigram\")"))
    }

    @Test func mistakesAreReportedAtTheirLine() {
        #expect(diagnostics(Self.schema(search: "{ fields: [titel, views, secret, title, title], language: klingon, tokenizer: \"icu\" }")) == [
            "schema.yaml:10:24: error: search of 'Article' lists 'titel', which is not a field of 'Article'; did you mean 'title'?",
            "schema.yaml:10:31: error: search of 'Article' lists 'views', which must be a stored `String` or `String?` field (full-text search reads text)",
            "schema.yaml:10:38: error: search of 'Article' lists 'secret', which must be a stored `String` or `String?` field (full-text search reads text)",
            "schema.yaml:10:53: error: search of 'Article' lists 'title' twice; list each field once",
            "schema.yaml:10:71: error: unknown search language 'klingon' in 'Article'; use one of PostgreSQL's: "
                + "arabic, armenian, basque, catalan, danish, dutch, english, finnish, french, german, greek, hindi, hungarian, indonesian, "
                + "irish, italian, lithuanian, nepali, norwegian, portuguese, romanian, russian, serbian, simple, spanish, swedish, tamil, turkish, yiddish",
            "schema.yaml:10:91: error: unknown FTS5 tokenizer 'icu' in the search of 'Article'; start with one of unicode61, ascii, porter, trigram",
        ])
        // A field whose type is misspelt has one error, not a second one from `search:`.
        #expect(diagnostics(Self.schema(search: "{ fields: [title, body] }").replacingOccurrences(of: "title: String", with: "title: Strng")) == [
            "schema.yaml:6:14: error: unknown type 'Strng' for field 'Article.title'; did you mean 'String'?",
        ])
        #expect(diagnostics(Self.schema(search: "{ fields: [] }")).contains {
            $0.contains("error: 'search' of model 'Article' must list the text fields it indexes")
        })
        #expect(diagnostics(Self.schema(search: "{ fields: [title], ranking: bm25 }")) == [
            "schema.yaml:10:32: error: unknown key 'ranking' in 'search' of model 'Article'",
        ])
        #expect(diagnostics(Self.schema(search: "{ fields: [title] }", extraFields: "vector: { type: String?, column: search_vector }")) == [
            "schema.yaml:11:5: error: search of 'Article' needs the column name 'search_vector' (PostgreSQL's tsvector); rename that field's column with `column:`",
        ])
    }

    /// `ormgen sql` writes each engine's index after its table; `ormgen diff` plans what `migrate` runs when the
    /// declaration comes, changes or goes.
    @Test func eachEngineWritesAndPlansTheIndex() throws {
        let searched = Self.schema(search: "{ fields: [title, body], language: english }")
        let sqlite = Generator.ddl(inputs: [SchemaInput(path: "schema.yaml", contents: searched)], dialect: .sqlite).statements
        #expect(sqlite.contains(
            "CREATE VIRTUAL TABLE IF NOT EXISTS \"articles_search\" USING fts5(\"title\", \"body\", content='articles', content_rowid='rowid', "
                + "tokenize='porter unicode61 remove_diacritics 2')"))
        #expect(sqlite.contains { $0.hasPrefix("CREATE TRIGGER IF NOT EXISTS \"articles_search_update\" AFTER UPDATE OF \"title\", \"body\", \"id\" ON \"articles\"") })
        let postgres = Generator.ddl(inputs: [SchemaInput(path: "schema.yaml", contents: searched)], dialect: .postgresql).statements
        #expect(postgres.contains(
            "ALTER TABLE \"articles\" ADD COLUMN IF NOT EXISTS \"search_vector\" tsvector GENERATED ALWAYS AS "
                + "(to_tsvector('english'::regconfig, coalesce(\"title\", '') || ' ' || coalesce(\"body\", ''))) STORED"))
        #expect(postgres.contains("CREATE INDEX IF NOT EXISTS \"articles_search\" ON \"articles\" USING GIN (\"search_vector\")"))

        let plain = searched.replacingOccurrences(of: "    search: { fields: [title, body], language: english }", with: "")
        let titles = Self.schema(search: "{ fields: [title] }")
        func plan(_ old: String, _ new: String, _ dialect: SQLDialect) -> String {
            MigrationPlanner.plan(
                from: [SchemaInput(path: "old.yaml", contents: old)], to: [SchemaInput(path: "new.yaml", contents: new)], dialect: dialect).sql
        }
        let added = plan(plain, searched, .sqlite)
        #expect(added.contains("CREATE VIRTUAL TABLE IF NOT EXISTS \"articles_search\"") && added.contains("VALUES ('rebuild');"))
        let changed = plan(searched, titles, .sqlite)
        #expect(changed.contains("DROP TABLE IF EXISTS \"articles_search\";") && changed.contains("USING fts5(\"title\", content='articles'"))
        #expect(plan(searched, plain, .postgresql).contains("ALTER TABLE \"articles\" DROP COLUMN IF EXISTS \"search_vector\";"))
        #expect(!plan(searched, searched, .postgresql).contains("search_vector"))
    }
}

import ORMGenCore
import Testing

@Suite("Validation diagnostics")
struct ValidationDiagnosticsTests {
    @Test func unknownTypeSuggestsTheClosest() {
        let yaml = """
            models:
              Author:
                fields:
                  name: Strng
                  shelf: Shelf
                  book: Book
                  blob: Whatever
              Book: {}
            embeddables:
              Shelf: { fields: { row: Int } }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:13: error: unknown type 'Strng' for field 'Author.name'; did you mean 'String'?",
            "schema.yaml:5:14: error: unknown type 'Shelf' for field 'Author.shelf'; 'Shelf' is an embeddable, add 'embedded: true'",
            "schema.yaml:6:13: error: unknown type 'Book' for field 'Author.book'; to refer to model 'Book', declare a belongsTo relation instead of a field",
            "schema.yaml:7:13: error: unknown type 'Whatever' for field 'Author.blob'; use a scalar type (Bool, Int, Int32, Int64, Double, Float, String, Data, Date, UUID, URL, Decimal), 'enum', 'storage: json', 'embedded' or 'converter'",
        ])
    }

    /// A field whose type does not resolve has one error: the key, index, scope, `softDelete:` and `search:` that
    /// name it add none (they did, each saying the field did not exist).
    @Test func aFieldWithAnUnknownTypeIsReportedOnce() {
        let yaml = """
            models:
              Article:
                primaryKey: [code]
                fields:
                  code: Strin
                  title: Strng
                  deletedAt: Dat?
                indexes:
                  - { on: title }
                scopes:
                  titled: { title: "x" }
                softDelete: deletedAt
                search: { fields: [title] }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:5:13: error: unknown type 'Strin' for field 'Article.code'; did you mean 'String'?",
            "schema.yaml:6:14: error: unknown type 'Strng' for field 'Article.title'; did you mean 'String'?",
            "schema.yaml:7:18: error: unknown type 'Dat?' for field 'Article.deletedAt'; did you mean 'Data'?",
        ])
        // A name no field declares is still reported where it is written.
        #expect(diagnostics(yaml.replacingOccurrences(of: "titled: { title:", with: "titled: { titel:")).contains {
            $0.hasPrefix("schema.yaml:11:17: error: scope 'Article.titled' filters on 'titel', which is not a field of 'Article'")
        })
    }

    @Test func duplicateModelsAcrossFilesPointAtBothDeclarations() {
        let inputs = [
            SchemaInput(path: "a.yaml", contents: "models:\n  Author: {}\n"),
            SchemaInput(path: "b.yaml", contents: "models:\n  Author: {}\n"),
        ]
        #expect(Generator.check(inputs: inputs).map(\.description) == [
            "a.yaml:2:3: note: model 'Author' first declared here",
            "b.yaml:2:3: error: duplicate model 'Author'; it is already declared at a.yaml:2:3",
        ])
    }

    @Test func namesCollidingAfterCaseConversionAreErrors() {
        let yaml = """
            models:
              Author:
                fields:
                  firstName: String
                  first_name: String
                  Title: String
                  title: String
              BookLoan: {}
              Book_Loan: {}
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:5:7: error: column 'first_name' of field 'Author.first_name' is already used by field 'Author.firstName'; set a different 'column:'",
            "schema.yaml:7:7: error: field 'Author.title' collides with the field declared at schema.yaml:6:7 (names differ only in case)",
            "schema.yaml:9:3: error: table 'book_loan' of model 'Book_Loan' is already used by model 'BookLoan'; set a different 'table:'",
        ])
    }

    @Test func duplicateColumnAndTableNames() {
        let yaml = """
            models:
              A:
                table: things
                fields:
                  x: { type: Int, column: value }
                  y: { type: Int, column: VALUE }
              B: { table: Things }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:6:31: error: column 'VALUE' of field 'A.y' is already used by field 'A.x'; set a different 'column:'",
            "schema.yaml:7:15: error: table 'Things' of model 'B' is already used by model 'A'; set a different 'table:'",
        ])
    }

    @Test func defaultsMustFitTheirType() {
        let yaml = """
            models:
              Thing:
                fields:
                  count: { type: Int, default: many }
                  small: { type: Int32, default: 3000000000 }
                  flag: { type: Bool, default: yes }
                  when: { type: Date, default: yesterday }
                  token: { type: UUID, default: not-a-uuid }
                  amount: { type: Decimal, default: "1,5" }
                  name: { type: String, default: null }
                  tags: { type: "[String]", storage: json, default: x }
                  ok: { type: Double, default: 1.5e3 }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:36: error: default 'many' does not fit type 'Int' of field 'Thing.count'",
            "schema.yaml:5:38: error: default '3000000000' does not fit type 'Int32' of field 'Thing.small'",
            "schema.yaml:6:36: error: default 'yes' does not fit type 'Bool' of field 'Thing.flag'",
            "schema.yaml:7:36: error: default 'yesterday' does not fit type 'Date' of field 'Thing.when'",
            "schema.yaml:8:37: error: default 'not-a-uuid' does not fit type 'UUID' of field 'Thing.token'",
            "schema.yaml:9:41: error: default '1,5' does not fit type 'Decimal' of field 'Thing.amount'",
            "schema.yaml:10:38: error: field 'Thing.name' is not optional, so its default cannot be null; make the type optional ('?') or remove the default",
            "schema.yaml:11:57: error: field 'Thing.tags' cannot have a default: defaults are supported for scalar and enum fields; set the value in code",
        ])
    }

    @Test func enumDefaultMustBeOneOfItsValues() {
        let yaml = """
            models:
              Book:
                fields:
                  genre: { enum: [fiction, science], default: sciense }
                  level: { enum: [low, high], rawType: Float }
                  mood: { enum: [happy, sci-fi] }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:51: error: default 'sciense' of field 'Book.genre' is not one of its enum values (fiction, science); did you mean 'science'?",
            "schema.yaml:5:44: error: the raw type of enum field 'Book.level' must be String or Int, not 'Float'",
            "schema.yaml:6:29: error: enum value 'sci-fi' of field 'Book.mood' is not a valid Swift case name; use the mapping form { caseName: 'sci-fi' }",
        ])
    }

    @Test func relationToUnknownModel() {
        let yaml = """
            models:
              Book:
                relations:
                  author: { belongsTo: Autor }
                  readers: { manyToMany: Raeder }
              Author: {}
              Reader: {}
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:28: error: relation 'Book.author' refers to unknown model 'Autor'; did you mean 'Author'?",
            "schema.yaml:5:30: error: relation 'Book.readers' refers to unknown model 'Raeder'; did you mean 'Reader'?",
        ])
    }

    @Test func inversesMustMatch() {
        let yaml = """
            models:
              Author:
                relations:
                  books: { hasMany: Book, inverse: writer }
                  edited: { hasMany: Book }
                  profile: { hasOne: Profile }
              Book:
                relations:
                  author: { belongsTo: Author }
                  editor: { belongsTo: Author, optional: true }
              Profile: {}
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:40: error: inverse 'writer' of relation 'Author.books' is not a belongsTo relation on 'Book' pointing to 'Author'",
            "schema.yaml:5:7: error: relation 'Author.edited' is ambiguous: 'Book' has several belongsTo relations to 'Author' (author, editor); set 'inverse:'",
            "schema.yaml:6:26: error: relation 'Author.profile' needs a belongsTo relation on 'Profile' pointing to 'Author'; add one to 'Profile' or set 'inverse:'",
        ])
    }

    @Test func relationOptionsAreChecked() {
        let yaml = """
            models:
              Author: {}
              Book:
                relations:
                  author: { belongsTo: Author, onDelete: cascde, through: x }
                  editor: { belongsTo: Author, onDelete: setNull }
                  other: { hasMeny: Author }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:5:46: error: unknown action 'cascde' for relation 'Book.author'; did you mean 'cascade'?",
            "schema.yaml:5:54: error: option 'through' does not apply to a belongsTo relation ('Book.author'); it takes 'optional', 'onDelete', 'onUpdate', 'foreignKey'",
            "schema.yaml:6:46: error: relation 'Book.editor' uses setNull but is not optional; add 'optional: true' or choose another action",
            "schema.yaml:7:7: error: relation 'Book.other' needs one of belongsTo, hasMany, hasOne or manyToMany",
            "schema.yaml:7:16: error: unknown key 'hasMeny' in relation 'Book.other'; did you mean 'hasMany'?",
        ])
    }

    @Test func compositeKeyNamingUnknownFields() {
        let yaml = """
            models:
              Loan:
                primaryKey: [bookID, redaer]
                fields:
                  bookID: Int64
                  reader: Int64
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:3:26: error: primary key of model 'Loan' names unknown field 'redaer'; did you mean 'reader'?"
        ])
    }

    @Test func indexOnUnknownOrTransientField() {
        let yaml = """
            models:
              Author:
                fields:
                  name: String
                  badge: { type: String?, transient: true }
                indexes:
                  - nmae
                  - { columns: [name, badge], unique: true }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:7:9: error: index on model 'Author' names unknown field 'nmae'; did you mean 'name'?",
            "schema.yaml:8:27: error: index on model 'Author' names transient field 'badge'; transient fields are not stored",
        ])
    }

    @Test func invalidIdentifiers() {
        let yaml = """
            models:
              Book-Loan: {}
              Author:
                fields:
                  first-name: String
                  2nd: Int
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:2:3: error: 'Book-Loan' is not a valid model name; use letters, digits and underscores, starting with a letter",
            "schema.yaml:5:7: error: 'first-name' is not a valid field name in 'Author'; use letters, digits and underscores, not starting with a digit",
            "schema.yaml:6:7: error: '2nd' is not a valid field name in 'Author'; use letters, digits and underscores, not starting with a digit",
        ])
    }

    @Test func keywordsAreAcceptedAndSelfIsRenamedWithAWarning() {
        let yaml = """
            models:
              Order:
                fields:
                  default: Int
                  self: String
                  class: { enum: [default, static] }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:5:7: warning: field 'Order.self' is named 'self_' in Swift, because 'self' cannot be a property there; its column keeps the name"
        ])
    }

    @Test func reservedTypeNamesAreRejected() {
        #expect(diagnostics("models:\n  Swift: {}\n  Self: {}\n") == [
            "schema.yaml:2:3: error: 'Swift' cannot be a model name: the generated code needs that name",
            "schema.yaml:3:3: error: 'Self' cannot be a model name: the generated code needs that name",
        ])
    }

    @Test func transientFieldsNeedADefaultAndNoStorageOptions() {
        let yaml = """
            models:
              Author:
                fields:
                  badge: { type: String, transient: true, unique: true }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:4:41: error: transient field 'Author.badge' must be optional or have a default, because rows never store it",
            "schema.yaml:4:55: error: transient field 'Author.badge' is not stored, so 'unique' does not apply; remove it",
        ])
    }

    @Test func migrationStepsNamingUnknownModelsOrColumns() {
        let yaml = """
            version: 2
            models:
              Author:
                fields: { name: String }
            migrations:
              2:
                - renameColumn: { model: Autor, from: full_name, to: name }
                - renameColumn: { model: Author, from: full_name, to: nmae }
                - dropColumn: { model: Author, column: name }
                - alterColumn: { model: Author, column: born }
                - addIndex: { model: Author, columns: [nam] }
                - renameTable: { from: writers, to: writer }
                - renameColum: { model: Author }
              3:
                - sql: "SELECT 1"
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:7:30: error: renameColumn step names unknown model 'Autor'; did you mean 'Author'?",
            "schema.yaml:8:59: error: renameColumn 'to' names 'nmae', which is not a column of 'Author'; did you mean 'name'?",
            "schema.yaml:9:44: error: dropColumn names 'name', which is still a column of 'Author'; remove the field first, or drop a column that no longer exists",
            "schema.yaml:10:45: error: alterColumn 'column' names 'born', which is not a column of 'Author'",
            "schema.yaml:11:44: error: addIndex 'columns' names 'nam', which is not a column of 'Author'; did you mean 'name'?",
            "schema.yaml:12:41: error: renameTable 'to' names 'writer', which is not the table of any model",
            "schema.yaml:13:7: error: unknown migration step 'renameColum'; did you mean 'renameColumn'?",
            "schema.yaml:14:3: error: migration 3 is newer than the schema version 2; raise 'version' to 3",
        ])
    }

    @Test func seedRowsWithUnknownFieldsOrWrongTypes() {
        let yaml = """
            models:
              Author:
                fields:
                  name: String
                  rating: { type: Double, default: 0 }
                  born: Date?
            seed:
              Author:
                - { nam: Ann }
                - { name: Bob, rating: high }
                - { name: Cy, born: 1990-02-30 }
              Autor:
                - { name: Dee }
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:9:7: error: seed row for 'Author' is missing required field 'name', which has no default",
            "schema.yaml:9:9: error: seed row for 'Author' has unknown field 'nam'; did you mean 'name'?",
            "schema.yaml:10:28: error: seed value 'high' for field 'Author.rating' does not fit type 'Double'",
            "schema.yaml:11:25: error: seed value '1990-02-30' for field 'Author.born' does not fit type 'Date'",
            "schema.yaml:12:3: error: seed names unknown model 'Autor'; did you mean 'Author'?",
        ])
    }

    @Test func warningsDoNotStopGeneration() {
        let yaml = """
            models:
              Author:
                fields:
                  email: { type: String, unique: true, index: true }
            """
        let result = generate(yaml)
        #expect(result.diagnostics.map(\.description) == [
            "schema.yaml:4:38: warning: field 'Author.email' is both 'unique' and 'index'; the unique constraint already creates an index, drop 'index: true'"
        ])
        #expect(result.files.map(\.name) == ["AppSchema.swift", "Author.swift"])
    }
}

@Suite("Validation diagnostics: file names")
struct FileNameCollisionTests {
    @Test func typesWhoseFileNamesDifferOnlyInCaseAreErrors() {
        let yaml = """
            models:
              Author: {}
              author: {}
              AppSchema: {}
            """
        #expect(diagnostics(yaml) == [
            "schema.yaml:3:3: error: model 'author' and model 'Author' would both generate 'author.swift' (file names compare case-insensitively); rename one",
            "schema.yaml:4:3: error: model 'AppSchema' and the schema enum would both generate 'AppSchema.swift' (file names compare case-insensitively); rename one",
        ])
    }
}

@Suite("Validation diagnostics: options, keys and merging")
struct OptionAndMergeDiagnosticsTests {
    @Test func optionsThatDoNotFitTheirFieldAndConflictsAcrossFiles() {
        let first = """
            name: Shop
            version: 2
            models:
              Item:
                primaryKey: [a, b]
                fields:
                  a: Int
                  b: Int
                  shelf: { type: Shelf?, embedded: true }
                  data: { type: "[String]", storage: jsn }
                  color: { type: Color, converter: true, sqlType: TEXTY }
                  plain: { type: String, sqlType: "VARCHAR(20)" }
              Tag:
                relations:
                  item: { belongsTo: Item }
                  items: { manyToMany: Item }
            embeddables:
              Shelf:
                fields:
                  row: { type: Int, unique: true }
            migrations:
              2: []
            """
        let second = """
            name: Store
            version: 3
            migrations:
              2:
                - sql: "SELECT 1"
            """
        let inputs = [SchemaInput(path: "b.yaml", contents: second), SchemaInput(path: "a.yaml", contents: first)]
        #expect(Generator.check(inputs: inputs).map(\.description) == [
            "a.yaml:9:22: error: embedded field 'Item.shelf' cannot be optional; give its embeddable fields optional types instead",
            "a.yaml:10:42: error: unknown storage 'jsn' for field 'Item.data' of type '[String]'; did you mean 'json'?",
            "a.yaml:11:55: error: unknown sqlType 'TEXTY' for field 'Item.color'; use INTEGER, REAL, TEXT or BLOB; did you mean 'TEXT'?",
            "a.yaml:15:26: error: belongsTo relation 'Tag.item' needs model 'Item' to have a single-field primary key",
            "a.yaml:16:28: error: manyToMany relation 'Tag.items' needs 'Tag' and 'Item' to have single-field primary keys",
            "a.yaml:20:33: error: option 'unique' is not supported for embeddable field 'Shelf.row'; embeddable fields take 'type' and 'default'",
            "a.yaml:22:3: warning: migration 2 has no steps",
            "b.yaml:1:7: error: schema name 'Store' conflicts with 'Shop' declared at a.yaml:1:7",
            "b.yaml:2:10: error: version 3 conflicts with version 2 declared at a.yaml:2:10",
            "b.yaml:4:3: error: duplicate migration 2; it is already declared at a.yaml:22:3",
        ])
    }
}

@Suite("Validation diagnostics: storage, naming and existing join tables")
struct StorageDiagnosticsTests {
    private func check(_ yaml: String) -> [String] {
        Generator.check(inputs: [SchemaInput(path: "s.yaml", contents: yaml)]).map(\.description)
    }

    @Test func storagesThatDoNotFitTheirFields() {
        #expect(check("""
            naming: camel
            models:
              Item:
                fields:
                  a: { type: Date, storage: unixSecond }
                  b: { type: Decimal, storage: scaledInteger }
                  c: { type: Decimal, scale: 13 }
                  d: { type: Double, scale: 2 }
                  e: { type: Int, storage: text }
                  f: { type: Decimal, scale: 2, storage: real }
                  g: { type: Date, storage: unixMilliseconds, sqlType: VARCHAR(30) }
                  h: { type: Decimal, sqlType: "NUMERIC(10,2)" }
                  i: { type: Decimal, scale: 2, default: "1.234" }
            """) == [
            "s.yaml:1:9: error: unknown naming 'camel'; use snake_case or asIs",
            "s.yaml:5:33: error: unknown storage 'unixSecond' for Date field 'Item.a'; use one of referenceSeconds, unixSeconds, unixMilliseconds, iso8601Text, sqliteText, julianDay; did you mean 'unixSeconds'?",
            "s.yaml:6:36: error: field 'Item.b' is stored as a scaled INTEGER; add 'scale:' with its number of fraction digits (2 for cents)",
            "s.yaml:7:34: error: 'scale' of field 'Item.c' must be 0 to 12 fraction digits, not 13",
            "s.yaml:8:33: error: option 'scale' of field 'Item.d' applies to Decimal fields only",
            "s.yaml:9:32: error: field 'Item.e' of type Int takes no 'storage:' (only Date, Decimal, UUID, Bool and json fields do)",
            "s.yaml:10:34: error: field 'Item.f' declares 'scale', which stores a scaled INTEGER, and 'storage: real'; remove one of them",
            "s.yaml:11:60: error: sqlType 'VARCHAR(30)' of field 'Item.g' has TEXT affinity, which stores the INTEGER values of this field as text; use a numeric sqlType or another storage",
            "s.yaml:12:36: warning: sqlType 'NUMERIC(10,2)' of Decimal field 'Item.h' has NUMERIC affinity, so SQLite stores its values as numbers; declare 'storage: real' (or 'scale:') to compare and sort them",
            "s.yaml:13:46: error: default '1.234' does not fit type 'Decimal' of field 'Item.i'",
        ])
    }

    /// A declared type that names text the storage does not write: the Chinook case (`DATETIME` text dates under
    /// a `Date` without `storage:`) and its UUID cousin are warned about; a storage that matches is not.
    @Test func anSQLTypeThatImpliesAnotherStorageIsAWarning() {
        #expect(check("""
            models:
              Item:
                fields:
                  hired: { type: Date, sqlType: DATETIME }
                  born: { type: Date?, sqlType: DATE, storage: unixSeconds }
                  uid: { type: UUID, sqlType: "CHAR(36)" }
                  texted: { type: Date, sqlType: DATETIME, storage: sqliteText }
                  uidText: { type: UUID, sqlType: "CHAR(36)", storage: text }
                  count: { type: Int, sqlType: BIGINT }
            """) == [
            "s.yaml:4:37: warning: sqlType 'DATETIME' of Date field 'Item.hired' usually holds text dates ('YYYY-MM-DD HH:MM:SS'), but the field is stored as REAL seconds since 2001 (no 'storage:'); if the column holds text, declare 'storage: sqliteText' (or 'iso8601Text') (migrate refuses to adopt a file whose values are of another kind than the storage)",
            "s.yaml:5:37: warning: sqlType 'DATE' of Date field 'Item.born' usually holds text dates ('YYYY-MM-DD HH:MM:SS'), but the field is stored as numbers (unixSeconds); if the column holds text, declare 'storage: sqliteText' (or 'iso8601Text') (migrate refuses to adopt a file whose values are of another kind than the storage)",
            "s.yaml:6:35: warning: sqlType 'CHAR(36)' of UUID field 'Item.uid' usually holds UUID text, but the field is stored as a 16-byte BLOB (no 'storage:'); if the column holds text, declare 'storage: text' (or 'uppercaseText') (migrate refuses to adopt a file whose values are of another kind than the storage)",
        ])
    }

    /// A `manyToMany` declares its join table's own indexes by column name; they replace the default index on the
    /// target column and reach the DDL.
    @Test func aJoinTableDeclaresItsOwnIndexes() {
        let yaml = """
            models:
              Book:
                relations:
                  tags: { manyToMany: Tag, indexes: [[tag_id, book_id], { columns: [book_id], unique: true, name: one_tag_per_book }] }
              Tag:
                fields: { label: String }
            """
        let result = Generator.ddl(inputs: [SchemaInput(path: "s.yaml", contents: yaml)], dialect: .sqlite)
        #expect(result.diagnostics.isEmpty)
        #expect(result.statements.contains(#"CREATE INDEX IF NOT EXISTS "book_tags_tag_id_book_id" ON "book_tags" ("tag_id", "book_id")"#))
        #expect(result.statements.contains(#"CREATE UNIQUE INDEX IF NOT EXISTS "one_tag_per_book" ON "book_tags" ("book_id")"#))
        #expect(!result.statements.contains { $0.contains("\"book_tags_tag_id\"") })
    }

    @Test func aJoinTableIndexMustNameItsColumns() {
        #expect(check("""
            models:
              Book:
                relations:
                  tags: { manyToMany: Tag, indexes: [tagId, { columns: [book_id], name: book } ] }
                  shelves: { manyToMany: Shelf, through: BookShelf, ownerColumn: book_id, targetColumn: shelf_id, indexes: [shelf_id] }
              Tag:
                fields: { label: String }
              Shelf:
                fields: { room: String }
              BookShelf:
                primaryKey: [book_id, shelf_id]
                fields: { book_id: Int64, shelf_id: Int64 }
            """) == [
            "s.yaml:4:42: error: an index of relation 'Book.tags' names 'tagId', which is not a column of join table 'book_tags' (book_id, tag_id); did you mean 'tag_id'?",
            "s.yaml:4:77: error: index name 'book' of join table 'book_tags' is also a table name; set a different 'name:'",
            "s.yaml:5:113: error: 'indexes' of relation 'Book.shelves' do not apply when 'through' names a model; declare them in the indexes of model 'BookShelf'",
        ])
    }

    @Test func aThroughModelMustHaveTheNamedColumns() {
        #expect(check("""
            naming: asIs
            models:
              Playlist:
                primaryKey: PlaylistId
                fields: { PlaylistId: Int64 }
                relations:
                  tracks: { manyToMany: Track, through: PlaylistTrack, ownerColumn: Playlist_Id, targetColumn: TrackId }
                  others: { manyToMany: Track, through: PlaylistTrack, ownerColumn: TrackId, targetColumn: PlaylistId }
                  more: { manyToMany: Track, through: PlaylistTrack }
              Track:
                primaryKey: TrackId
                fields: { TrackId: Int64 }
              PlaylistTrack:
                primaryKey: [PlaylistId, TrackId]
                relations:
                  playlist: { belongsTo: Playlist, foreignKey: PlaylistId }
                  track: { belongsTo: Track, foreignKey: TrackId }
            """) == [
            "s.yaml:7:73: error: 'ownerColumn' of relation 'Playlist.tracks' names 'Playlist_Id', which is not a column of model 'PlaylistTrack' (table 'PlaylistTrack'); its columns are PlaylistId, TrackId; did you mean 'PlaylistId'?",
            "s.yaml:8:73: error: 'ownerColumn' of relation 'Playlist.others' names 'TrackId', which references 'Track', not 'Playlist'",
            "s.yaml:9:43: error: manyToMany relation 'Playlist.more' goes through model 'PlaylistTrack'; name its column pointing to 'Playlist' with 'ownerColumn:'",
        ])
    }

    @Test func asIsNamingKeepsModelAndFieldNames() throws {
        let result = Generator.generate(inputs: [SchemaInput(path: "s.yaml", contents: """
            naming: asIs
            models:
              InvoiceLine:
                fields:
                  UnitPrice: { type: Decimal, storage: real, sqlType: "NUMERIC(10,2)" }
                  PaidAt: { type: Date, storage: sqliteText, sqlType: DATETIME }
            """)], options: GeneratorOptions())
        #expect(result.diagnostics.isEmpty)
        let sql = result.files.map(\.contents).joined()
        #expect(result.createStatements.contains("""
            CREATE TABLE IF NOT EXISTS "InvoiceLine" (
                "id" INTEGER PRIMARY KEY,
                "UnitPrice" NUMERIC(10,2) NOT NULL,
                "PaidAt" DATETIME NOT NULL
            )
            """))
        #expect(sql.contains("ORMKit.StoredColumn<ORMKit.DateStorage.SQLiteText>(\"PaidAt\", table: \"InvoiceLine\")"))
    }
}

@Suite("Key and foreign-key field names")
struct KeyNamingTests {
    @Test func aGeneratedForeignKeySpellsItsSuffixLikeTheTargetsKey() {
        let result = Generator.generate(inputs: [SchemaInput(path: "s.yaml", contents: """
            models:
              UserModel:
                primaryKey: userId
                fields: { userId: Int64, name: String }
              Card:
                fields: { number: String }
                relations:
                  owner: { belongsTo: UserModel }
                  author: { belongsTo: Author }
              Author:
                fields: { name: String }
            """)])
        #expect(result.diagnostics.isEmpty)
        let card = result.files.first { $0.name == "Card.swift" }?.contents ?? ""
        #expect(card.contains("public var ownerId: Swift.Int64"))
        #expect(card.contains("public var authorID: Swift.Int64"))
    }
}

@Suite("Codable payload diagnostics")
struct PayloadDiagnosticsTests {
    @Test func payloadKeyPathsMustBeWellFormedUniqueAndOnACodableModel() {
        let diagnostics = Generator.check(inputs: [SchemaInput(path: "s.yaml", contents: """
            models:
              Plain:
                fields:
                  a: { type: Int, payload: x.a }
              Person:
                codable: true
                fields:
                  a: { type: Int, payload: "info..a" }
                  b: { type: Int, payload: info.b }
                  c: { type: Int, payload: info.b }
                  d: { type: Int, payload: info }
            """)]).map(\.description)
        #expect(diagnostics == [
            "s.yaml:4:32: error: field 'Plain.a' has a payload key path but model 'Plain' is not codable; add 'codable: true' to the model or the schema",
            "s.yaml:8:32: error: payload 'info..a' of field 'Person.a' is not a key path; write keys separated by dots, like info.age",
            "s.yaml:10:7: error: the payload key path of field 'Person.c' ('info.b') runs through the value of field 'Person.d' ('info'); move one of them",
            "s.yaml:10:32: error: fields 'Person.b' and 'Person.c' have the same payload key path 'info.b'; give one another 'payload:'",
        ])
    }
}

/// `check:` expressions are compiled by SQLite at `check`/`generate` time, and names must fit in file names.
@Suite struct GeneratorLimitTests {
    @Test func checksThatAreNotSQLFailAtTheirLine() {
        let yaml = """
            models:
              Item:
                fields:
                  copies: { type: Int, check: "copies >= 0" }
                  price: { type: Double, check: "price >" }
                  stock: { type: Int, check: "stok > 0" }
                  code: { type: String, check: "nosuchfn(code) = 1" }
                  name: { type: String, check: "(SELECT 1) = 1" }
                  note: { type: String, check: "1)); DROP TABLE x; --" }
            """
        #expect(diagnostics(yaml) == [
            #"schema.yaml:5:37: error: check of field 'Item.price' is not valid SQL: near ")": syntax error; write an SQL expression over the table's columns, such as "copies >= 0""#,
            #"schema.yaml:6:34: error: check of field 'Item.stock' is not valid SQL: no such column: stok; write an SQL expression over the table's columns, such as "copies >= 0""#,
            #"schema.yaml:7:36: error: check of field 'Item.code' is not valid SQL: no such function: nosuchfn; write an SQL expression over the table's columns, such as "copies >= 0""#,
            #"schema.yaml:8:36: error: check of field 'Item.name' is not valid SQL: subqueries prohibited in CHECK constraints; write an SQL expression over the table's columns, such as "copies >= 0""#,
            #"schema.yaml:9:36: error: check of field 'Item.note' is not valid SQL: it closes the CHECK's parentheses and adds more SQL after them; write an SQL expression over the table's columns, such as "copies >= 0""#,
        ])
    }

    @Test func aModelNameTooLongForAFileNameIsAnError() {
        let long = "M" + String(repeating: "x", count: 260)
        let fits = "N" + String(repeating: "y", count: 248)   // 249 + ".swift" = 255 bytes
        #expect(diagnostics("models:\n  \(long): { fields: { a: Int } }\n  \(fits): { fields: { a: Int } }\n") == [
            "schema.yaml:2:3: error: model name 'Mxxxxxxxxxxxxxxxxxxxxxxx…' is 261 characters long; its file '<name>.swift' would pass the 255-byte limit of file names, so use at most 249 characters",
        ])
    }
}

import Foundation
import ORMGenCore
import TestSupport
import Testing

/// `ormgen pull`: the real binary reading databases built from `Tests/Fixtures/ExistingDatabases/*.sql`.
@Suite("ormgen pull")
struct PullCommandTests {
    /// A database built from a fixture script, in a fresh temporary directory that the pulls write into too.
    struct Fixture {
        let directory: TemporaryDirectory
        /// The database's file name inside `directory`.
        let file: String

        /// Builds `<name>.db` from `<name>.sql`.
        init(_ name: String) throws {
            directory = try TemporaryDirectory()
            file = name + ".db"
            try SQLiteScript.makeDatabase(from: SQLiteScript.fixture(name + ".sql"), at: directory.path(file))
        }

        /// Runs `ormgen pull <file> --output <output> <options>`.
        func pull(_ options: [String] = [], into output: String = "Out") throws -> CLI.Output {
            try CLI.run(["pull", file, "--output", output] + options, in: directory.url)
        }

        /// The pulled `schema.yaml` in `output`.
        func yaml(in output: String = "Out") throws -> String {
            try directory.read(output + "/schema.yaml")
        }
    }

    /// The lines of model `name` in `yaml` (its name line and everything indented under it).
    static func model(_ name: String, in yaml: String) -> String {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "  \(name):") else { return "" }
        let end = lines[(start + 1)...].firstIndex { !$0.hasPrefix("    ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n") + "\n"
    }

    /// Diagnostics that say `yaml` is not well-formed YAML (whatever the generator thinks of its keys).
    static func yamlSyntaxErrors(_ yaml: String) -> [String] {
        Generator.check(inputs: [SchemaInput(path: "schema.yaml", contents: yaml)])
            .map(\.description)
            .filter { $0.contains("invalid YAML") || $0.contains("duplicate key") }
    }

    @Test func musicStore() throws {
        let music = try Fixture("music")
        let result = try music.pull()
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = try music.yaml()
        #expect(yaml.hasPrefix("version: 1\nname: MusicSchema\nnaming: asIs\nmodels:\n"))
        #expect(Self.yamlSyntaxErrors(yaml).isEmpty)
        let models = yaml.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(models == [
            "  Album:", "  Artist:", "  Customer:", "  Employee:", "  Genre:", "  Invoice:", "  InvoiceLine:",
            "  MediaType:", "  Playlist:", "  Track:",
        ])
        #expect(Self.model("Artist", in: yaml) == """
              Artist:
                primaryKey: ArtistId
                fields:
                  ArtistId: Int64
                  Name: { type: String?, sqlType: "NVARCHAR(120)" }
                relations:
                  albums: { hasMany: Album, inverse: artist }

            """)
        #expect(Self.model("Track", in: yaml) == """
              Track:
                primaryKey: TrackId
                fields:
                  TrackId: Int64
                  Name: { type: String, sqlType: "NVARCHAR(200)" }
                  AlbumId: Int64?
                  MediaTypeId: Int64
                  GenreId: Int64?
                  Composer: { type: String?, sqlType: "NVARCHAR(220)" }
                  Milliseconds: Int64
                  Bytes: Int64?
                  UnitPrice: { type: Decimal, sqlType: "NUMERIC(10,2)", storage: real }
                indexes:
                  - { columns: [AlbumId], unique: false, name: IFK_TrackAlbumId }
                  - { columns: [GenreId], unique: false, name: IFK_TrackGenreId }
                  - { columns: [MediaTypeId], unique: false, name: IFK_TrackMediaTypeId }
                relations:
                  album: { belongsTo: Album, foreignKey: AlbumId, optional: true, onDelete: setNull }
                  mediaType: { belongsTo: MediaType, foreignKey: MediaTypeId }
                  genre: { belongsTo: Genre, foreignKey: GenreId, optional: true }
                  invoiceLines: { hasMany: InvoiceLine, inverse: track }

            """)
        let employee = Self.model("Employee", in: yaml)
        #expect(employee.contains("      BirthDate: { type: Date?, sqlType: \"DATETIME\", storage: sqliteText }\n"))
        #expect(employee.contains("      - { columns: [FirstName, LastName], unique: true }\n"))
        #expect(employee.contains("      reportsTo: { belongsTo: Employee, foreignKey: ReportsTo, optional: true }\n"))
        #expect(employee.contains("      employees: { hasMany: Employee, inverse: reportsTo }\n"))
        #expect(employee.contains("      customers: { hasMany: Customer, inverse: supportRep }\n"))
        let invoice = Self.model("Invoice", in: yaml)
        #expect(invoice.contains("      InvoiceDate: { type: Date, sqlType: \"DATETIME\", storage: sqliteText }\n"))
        #expect(invoice.contains("      Total: { type: Decimal, sqlType: \"NUMERIC(10,2)\", storage: real, default: \"0\" }\n"))
        #expect(invoice.contains("      customer: { belongsTo: Customer, foreignKey: CustomerId }\n"))
        #expect(Self.model("Customer", in: yaml).contains("      invoices: { hasMany: Invoice, inverse: customer }\n"))
        #expect(Self.model("Customer", in: yaml).contains("      Email: { type: String, sqlType: \"NVARCHAR(60)\", unique: true }\n"))
        let line = Self.model("InvoiceLine", in: yaml)
        #expect(line.contains("    primaryKey: [InvoiceId, LineNo]\n"))
        #expect(line.contains("      Quantity: { type: Int64, default: 1 }\n"))
        #expect(line.contains("      invoice: { belongsTo: Invoice, foreignKey: InvoiceId, onDelete: cascade }\n"))
        #expect(Self.model("Playlist", in: yaml).contains(
            "      tracks: { manyToMany: Track, through: PlaylistTrack, ownerColumn: PlaylistId, targetColumn: TrackId, onDelete: noAction, "
                + "indexes: [{ columns: [TrackId], unique: false, name: IFK_PlaylistTrackTrackId }] }\n"))
        #expect(result.stderr == """
            ormgen: note: Employee: UNIQUE (FirstName, LastName) is written as a unique index named by ormgen
            ormgen: note: PlaylistTrack: join table written as a manyToMany relation of its first column's table
            ormgen: pulled 10 models from music.db into Out

            """)
    }

    @Test func eventLog() throws {
        let events = try Fixture("events")
        let result = try events.pull(["--name", "EventLog"])
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = try events.yaml()
        #expect(yaml.hasPrefix("version: 1\nname: EventLog\nnaming: asIs\nmodels:\n"))
        #expect(Self.yamlSyntaxErrors(yaml).isEmpty)
        let event = Self.model("Events", in: yaml)
        #expect(event.contains("    table: events\n"))
        #expect(!event.contains("primaryKey"))
        for line in [
            "id: { type: UUID, sqlType: \"UUID\", storage: text }",
            "created_at: Int64",
            "starts_at: { type: Date, sqlType: \"TIMESTAMP\", storage: unixSeconds }",
            "ends_at: { type: Date?, sqlType: \"TIMESTAMP\", storage: unixSeconds }",
            "updated_at_ms: { type: Date?, sqlType: \"DATETIME\", storage: unixMilliseconds }",
            "reminder_day: { type: Date?, sqlType: \"DATE\", storage: julianDay }",
            "is_public: { type: Bool, sqlType: \"BOOLEAN\", default: true }",
            "payload: Data?",
            "- { columns: [event_type, title], unique: true, name: events_type_title }",
            "createdByUser: { belongsTo: Users, foreignKey: created_by_user_id, onDelete: cascade }",
            "assignedUser: { belongsTo: Users, foreignKey: assigned_user_id, optional: true, onDelete: setNull }",
            "eventTags: { hasMany: EventTags, inverse: event }",
        ] {
            #expect(event.contains("      \(line)\n"), "\(line)")
        }
        let users = Self.model("Users", in: yaml)
        #expect(users.contains("      created_at: { type: Date, sqlType: \"TIMESTAMP\", storage: unixSeconds }\n"))
        #expect(users.contains("      user_name: { type: String, unique: true }\n"))
        #expect(users.contains("      eventsAsCreatedByUser: { hasMany: Events, inverse: createdByUser }\n"))
        #expect(users.contains("      eventsAsAssignedUser: { hasMany: Events, inverse: assignedUser }\n"))
        #expect(Self.model("EventTags", in: yaml).contains("    primaryKey: [event_id, tag]\n"))
        #expect(!yaml.contains("audit_log") && !yaml.contains("event_search") && !yaml.contains("sqlite_sequence"))
        #expect(result.stderr == """
            ormgen: note: skipped internal table 'sqlite_sequence'
            ormgen: note: audit_log: no primary key; table skipped, every model needs one
            ormgen: note: events: index 'events_recent' has a WHERE clause; skipped, the schema declares only full indexes
            ormgen: note: skipped FTS5 table 'event_search': it keeps its own copy of the text (no content= option); search: maps only an external-content table (content='<table>')
            ormgen: note: skipped shadow table 'event_search_config' of virtual table 'event_search'
            ormgen: note: skipped shadow table 'event_search_content' of virtual table 'event_search'
            ormgen: note: skipped shadow table 'event_search_data' of virtual table 'event_search'
            ormgen: note: skipped shadow table 'event_search_docsize' of virtual table 'event_search'
            ormgen: note: skipped shadow table 'event_search_idx' of virtual table 'event_search'
            ormgen: pulled 4 models from events.db into Out

            """)
    }

    @Test func oddNames() throws {
        let odd = try Fixture("odd-names")
        let result = try odd.pull()
        #expect(result.status == 0, "\(result.stderr)")
        let yaml = try odd.yaml()
        #expect(yaml.hasPrefix("version: 1\nname: OddNamesSchema\nnaming: asIs\nmodels:\n"))
        #expect(Self.yamlSyntaxErrors(yaml).isEmpty)
        // "OrderDetails" keeps its name; "Order Details" becomes OrderDetails2.
        #expect(Self.model("OrderDetails", in: yaml) == "  OrderDetails:\n    fields:\n      id: Int64\n      note: String?\n")
        #expect(Self.model("OrderDetails2", in: yaml) == #"""
              OrderDetails2:
                table: "Order Details"
                primaryKey: OrderID
                fields:
                  OrderID: { type: Int64, column: "Order ID" }
                  UnitPrice2: { type: Double, column: "Unit Price", default: 0.5 }
                  UnitPrice: Double?
                  group: String?
                  OrderDate: { type: Date?, column: "Order Date", sqlType: "DATETIME", storage: sqliteText }
                  SayHiNow: { type: String?, column: "Say \"hi\": #now", default: "yes" }
                  CustomerId: { type: Int64?, column: "Customer Id" }
                indexes:
                  - { columns: [group, OrderDate], unique: false, name: "Order Details by group" }
                relations:
                  customer: { belongsTo: CustomerList, foreignKey: CustomerId, optional: true, onDelete: setNull }

            """#)
        let customers = Self.model("CustomerList", in: yaml)
        #expect(customers.contains("    table: \"customer-list\"\n"))
        #expect(customers.contains("      name: { type: String, default: \"it's: #1\" }\n"))
        #expect(customers.contains("      eMail: { type: String?, column: \"e-mail\", unique: true }\n"))
        #expect(customers.contains("      _2ndPhone: { type: String?, column: \"2nd Phone\" }\n"))
        let order = Self.model("Order", in: yaml)
        #expect(order.contains("    table: order\n    primaryKey: order\n"))
        #expect(order.contains("      \"true\": { type: Bool?, sqlType: \"BOOLEAN\", default: true }\n"))
        #expect(order.contains("      amount: { type: Decimal?, sqlType: \"DECIMAL(12, 4)\", storage: real, default: \"1.2500\" }\n"))
        #expect(order.contains("      created: String?\n"))
        #expect(Self.model("Type2", in: yaml).contains("    table: Type\n"))
        #expect(!yaml.contains("Big Orders"))
        #expect(result.stderr == """
            ormgen: note: skipped view 'Big Orders'
            ormgen: note: café: column '' skipped: it has an empty name, which a schema cannot declare; inserts leave it to its default
            ormgen: note: skipped table 'café' (c a f U+00E9): it has the name of table 'café' (c a f e U+0301) as Swift compares strings, though SQLite tells the two apart; rename it (ALTER TABLE … RENAME TO …) to pull it
            ormgen: note: Order Details.Order Date: sampled values in mixed forms (3 sqliteText, 1 iso8601Text); using sqliteText
            ormgen: note: Order Details.Order Date: text dates are not all in one canonical form (2 × YYYY-MM-DD HH:MM:SS, 1 × YYYY-MM-DD HH:MM:SS.SS); text dates compare correctly only in one form
            ormgen: note: Order Details: index 'Order Details by group' sorts a column DESC; written in ascending order
            ormgen: note: Order Details: index 'order details lower group' indexes an expression or a generated column; skipped
            ormgen: note: order.created: default CURRENT_TIMESTAMP is not written; the schema's defaults are literals
            ormgen: note: line: composite foreign key (pair a, pair b) to 'pair' skipped; relations have one column; the database keeps enforcing it
            ormgen: note: line.customer e-mail: foreign key to 'customer-list' skipped; it does not reference that table's single-column primary key; the database keeps enforcing it
            ormgen: pulled 8 models from odd-names.db into Out

            """)
    }

    @Test func snakeCaseNaming() throws {
        let music = try Fixture("music")
        let result = try music.pull(["--naming", "snake_case", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("ormgen: pulled"))
        let yaml = try music.yaml()
        #expect(yaml.hasPrefix("version: 1\nname: MusicSchema\nnaming: snake_case\nmodels:\n"))
        let album = Self.model("Album", in: yaml)
        #expect(album.contains("    table: Album\n    primaryKey: albumId\n"))
        #expect(album.contains("      albumId: { type: Int64, column: AlbumId }\n"))
        #expect(album.contains("      title: { type: String, column: Title, sqlType: \"NVARCHAR(160)\" }\n"))
        #expect(album.contains("      artist: { belongsTo: Artist, foreignKey: artistId }\n"))
        let employee = Self.model("Employee", in: yaml)
        #expect(employee.contains("      reportsToEmployee: { belongsTo: Employee, foreignKey: reportsTo, optional: true }\n"))
        #expect(employee.contains("      employees: { hasMany: Employee, inverse: reportsToEmployee }\n"))
        #expect(Self.model("Playlist", in: yaml).contains(
            "      tracks: { manyToMany: Track, through: PlaylistTrack, ownerColumn: PlaylistId, targetColumn: TrackId, onDelete: noAction, "
                + "indexes: [{ columns: [TrackId], unique: false, name: IFK_PlaylistTrackTrackId }] }\n"))

        let events = try Fixture("events")
        #expect(try events.pull(["--naming", "snake_case"]).status == 0)
        let users = Self.model("Users", in: try events.yaml())
        #expect(users.hasPrefix("  Users:\n    fields:\n      id: Int64\n      userName: { type: String, unique: true }\n"))
        #expect(users.contains("      createdAt: { type: Date, sqlType: \"TIMESTAMP\", storage: unixSeconds }\n"))
    }

    @Test func outputIsDeterministicAndTheDatabaseIsUntouched() throws {
        for name in ["music", "events", "odd-names"] {
            let fixture = try Fixture(name)
            let database = fixture.directory.url.appendingPathComponent(fixture.file)
            let bytes = try Data(contentsOf: database)
            let modified = try fixture.directory.modificationDate(fixture.file)
            #expect(try fixture.pull(into: "A").status == 0)
            #expect(try fixture.pull(into: "B").status == 0)
            #expect(try fixture.yaml(in: "A") == fixture.yaml(in: "B"), "\(name)")
            #expect(try Data(contentsOf: database) == bytes, "\(name)")
            #expect(try fixture.directory.modificationDate(fixture.file) == modified, "\(name)")
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path).filter { !$0.hasPrefix(".") }
            #expect(files.sorted() == ["A", "B", fixture.file], "no journal or WAL file was left for \(name)")
        }
    }

    @Test func errorsNameThePathAndWriteNothing() throws {
        let directory = try TemporaryDirectory()
        let missing = try CLI.run(["pull", "nope.db", "--output", "Out"], in: directory.url)
        #expect(missing.status == 1)
        #expect(missing.stderr == "ormgen: error: no such file: 'nope.db'\n")

        try directory.write("These are notes, not an SQLite database.\n", to: "notes.db")
        let notADatabase = try CLI.run(["pull", "notes.db", "--output", "Out"], in: directory.url)
        #expect(notADatabase.status == 1)
        #expect(notADatabase.stderr == "ormgen: error: cannot read 'notes.db': file is not a database\n")

        try directory.write("", to: "folder/placeholder")
        let folder = try CLI.run(["pull", "folder", "--output", "Out"], in: directory.url)
        #expect(folder.status == 1)
        #expect(folder.stderr == "ormgen: error: 'folder' is a directory, not a database file\n")
        #expect(!directory.exists("Out"))

        try SQLiteScript.makeDatabase(from: SQLiteScript.fixture("odd-names.sql"), at: directory.path("odd.db"))
        let blocked = try CLI.run(["pull", "odd.db", "--output", "notes.db/Out"], in: directory.url)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.hasPrefix("ormgen: error: cannot create output directory 'notes.db/Out': "))
    }

    /// Without the `PostgreSQLTools` trait (what the build plugins run), a URL is refused at once, saying how to get
    /// the PostgreSQL pull; the URL's password is never printed. (With the trait, ExistingPostgresTests pull.)
    @Test func aPostgreSQLURLNeedsTheToolsTraitAndItsPasswordIsNeverPrinted() throws {
        #if !PostgreSQLTools
        let directory = try TemporaryDirectory()
        let result = try CLI.run(["pull", "postgres://app:s3cret@127.0.0.1:1/shop", "--output", "Out"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.stderr
            == "ormgen: error: this ormgen reads SQLite files only; build it with `--traits PostgreSQLTools` to read a PostgreSQL URL\n")
        #expect(!result.stderr.contains("s3cret") && !result.stdout.contains("s3cret"))
        #expect(!directory.exists("Out"))
        #endif
    }

    @Test func helpNamesTheOutputFile() throws {
        let directory = try TemporaryDirectory()
        let help = try CLI.run(["pull", "--help"], in: directory.url)
        #expect(help.status == 0)
        #expect(help.stdout.contains("<output>/schema.yaml"))
        #expect(try CLI.run(["--help"], in: directory.url).stdout.contains("ormgen pull chinook.db --output schema"))
        let badName = try CLI.run(["pull", "x.db", "--output", "Out", "--name", "2fast"], in: directory.url)
        #expect(badName.status != 0)
        #expect(badName.stderr.contains("--name takes a Swift type name"))
    }

    /// Every pulled schema, under both namings, passes `ormgen check`.
    @Test func pulledSchemasPassCheck() throws {
        for name in ["music", "events", "odd-names"] {
            for naming in ["asIs", "snake_case"] {
                let fixture = try Fixture(name)
                #expect(try fixture.pull(["--naming", naming]).status == 0)
                let check = try CLI.run(["check", "Out/schema.yaml"], in: fixture.directory.url)
                #expect(check.status == 0, "\(name) \(naming): \(check.stderr)")
            }
        }
    }

    /// The schemas the `Existing…Tests` targets generate their models from are what `ormgen pull` writes today
    /// (regenerate: `swift run ormgen pull <db> --output Tests/Existing<Name>Tests/schema`, the db built from
    /// the fixture script).
    @Test(arguments: [("music", "ExistingMusicTests"), ("events", "ExistingEventsTests"), ("odd-names", "ExistingOddNamesTests")])
    func committedPullsAreCurrent(_ fixture: String, _ target: String) throws {
        let database = try Fixture(fixture)
        #expect(try database.pull().status == 0)
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("\(target)/schema/schema.yaml")
        #expect(try database.yaml() == String(contentsOf: committed, encoding: .utf8))
    }

    /// `ormgen diff` takes a database file as a side: its schema is pulled in memory, at the version `migrate`
    /// recorded in it, so the plan is what migrate would change in that file.
    @Test func diffTakesADatabaseFileAsEitherSide() throws {
        let music = try Fixture("music")
        #expect(try music.pull().status == 0)
        let same = try CLI.run(["diff", music.file, "--to", "Out"], in: music.directory.url)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("-- additive changes\n-- (none)\n"), "\(same.stdout)")
        try music.directory.write(try music.yaml() + "  Label:\n    fields:\n      name: String\n", to: "Newer/schema.yaml")
        let newer = try CLI.run(["diff", music.file, "--to", "Newer"], in: music.directory.url)
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stdout.contains(#"CREATE TABLE IF NOT EXISTS "Label" ("#), "\(newer.stdout)")
        let reverse = try CLI.run(["diff", "Out", "--to", music.file], in: music.directory.url)
        #expect(reverse.status == 0 && reverse.stdout.contains("-- (none)"), "\(reverse.stderr)")
        try music.directory.write("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nPRAGMA user_version = 4;\n", to: "stamped.sql")
        try SQLiteScript.makeDatabase(from: music.directory.url.appendingPathComponent("stamped.sql"), at: music.directory.path("stamped.db"))
        #expect(try CLI.run(["pull", "stamped.db", "--output", "Stamped"], in: music.directory.url).status == 0)
        #expect(try music.directory.read("Stamped/schema.yaml").hasPrefix("version: 4\n"))
    }
}

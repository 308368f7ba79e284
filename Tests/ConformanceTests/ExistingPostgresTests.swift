#if PostgreSQLTools  // the package trait that lets ormgen (ORMPull) read PostgreSQL databases (Package.swift)
import Foundation
import ORMKit
import ORMKitPostgres
import ORMPull
import TestSupport
import Testing

/// Existing PostgreSQL databases, made by PostgreSQL's own DDL from `Tests/Fixtures/ExistingDatabases/postgres-*.sql`:
/// `ormgen pull` gives the committed schema (`ExistingPostgres/<name>/schema`), whose generated models
/// (`ExistingPostgres/<name>/Generated`, compiled into this target) adopt the database with no difference, read every
/// row as PostgreSQL does, filter and order as plain SQL does, insert with database-made keys and migrate further.
@Suite("PostgreSQL: existing databases") struct ExistingPostgresTests {
    /// A fresh database holding the fixture `postgres-<name>.sql`.
    static func database(_ name: String) async throws -> (TestPostgresDatabase, PostgresDatabase)? {
        guard let test = try await TestPostgresDatabase.create() else { return nil }
        let db = try PostgresDatabase(url: test.url)
        // One statement per call (prepared statements hold one); the scripts end each with `;` at the end of a line.
        let script = try String(contentsOf: SQLiteScript.fixture("postgres-\(name).sql"), encoding: .utf8)
        for statement in script.components(separatedBy: ";\n") {
            let sql = statement.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
            if !sql.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { try await db.execute(sql: sql) }
        }
        return (test, db)
    }

    static func committedSchema(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("ExistingPostgres/\(name)/schema/schema.yaml")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// One text of all rows of `sql` (`string_agg` of a text expression), as PostgreSQL writes the values.
    static func text(_ db: PostgresDatabase, _ sql: String) async throws -> String {
        try await String.fetchOne(db, sql: sql) ?? ""
    }

    /// `2009-01-18T07:00:00.250000`: a date in UTC as `to_char(…, 'YYYY-MM-DD"T"HH24:MI:SS.US')` writes it.
    static func utc(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let micros = Int(((seconds - whole) * 1_000_000).rounded())
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: whole)) + "." + String(format: "%06d", micros)
    }

    static let utcText = #"'YYYY-MM-DD"T"HH24:MI:SS.US'"#

    @Test func aPascalCaseStoreIsPulledAdoptedReadAndMigrated() async throws {
        guard let (test, db) = try await Self.database("store") else { return }
        let pulled = try await SchemaPuller.pull(postgresURL: test.url, schemaName: "StoreSchema", naming: .asIs)
        #expect(pulled.yaml == (try Self.committedSchema("store")))
        #expect(pulled.notes == [
            "skipped view 'BigInvoices'",
            "Employee.BirthDate: date keeps the day only: a Date's time of day (UTC) is not stored",
            "Product.Code: character(4) pads shorter values with spaces, and reads them so",
            "ProductTag: join table written as a manyToMany relation of its first column's table",
        ])
        let differences = try await db.schemaDifferences(StoreSchema.self)
        #expect(differences == [], "\(differences)")
        #expect(try await db.migrate(StoreSchema.self, adopting: .ifMatching) == .adopted(version: 1))

        // Every row reads as PostgreSQL writes it.
        let invoices = try await Invoice.order(Invoice.InvoiceId).fetchAll(db)
        #expect(invoices.count == 100)
        let invoiceText = invoices.map { "\($0.InvoiceId ?? 0)|\($0.CustomerId)|\(Self.utc($0.InvoiceDate))|\($0.Total)" }
        let expectedInvoices = try await Self.text(db, """
            SELECT string_agg(concat_ws('|', "InvoiceId", "CustomerId", to_char("InvoiceDate", \(Self.utcText)), "Total"::float8::text), ';' ORDER BY "InvoiceId") FROM "Invoice"
            """)
        #expect(invoiceText.joined(separator: ";") == expectedInvoices)
        let employees = try await Employee.order(Employee.EmployeeId).fetchAll(db)
        let employeeText = employees.map { e in
            [e.LastName, e.FirstName, e.ReportsTo.map { "\($0)" } ?? "-", e.BirthDate.map(Self.utc) ?? "-", e.HireDate.map(Self.utc) ?? "-"]
                .joined(separator: "|")
        }
        #expect(employeeText.joined(separator: ";") == (try await Self.text(db, """
            SELECT string_agg(concat_ws('|', "LastName", "FirstName", coalesce("ReportsTo"::text, '-'),
                coalesce(to_char("BirthDate", \(Self.utcText)), '-'), coalesce(to_char("HireDate", \(Self.utcText)), '-')), ';' ORDER BY "EmployeeId")
            FROM "Employee"
            """)))
        let products = try await Product.order(Product.ProductId).fetchAll(db)
        let productText = products.map { p in
            ["\(p.UnitPrice)", p.Weight.map { $0 == $0.rounded() ? "\(Int($0))" : "\($0)" } ?? "-", "\(p.InStock)", p.Code ?? "-"].joined(separator: "|")
        }
        // (A character(4) value converted to text loses its padding: rpad puts it back.)
        let expectedProducts = try await Self.text(db, """
            SELECT string_agg(concat_ws('|', "UnitPrice"::float8::text, coalesce("Weight"::text, '-'), "InStock"::text, coalesce(rpad("Code", 4), '-')), ';' ORDER BY "ProductId")
            FROM "Product"
            """)
        #expect(productText.joined(separator: ";") == expectedProducts)
        #expect(products[1].Code == "P2  ")
        #expect(try await InvoiceLine.all().count(db) == 300)
        #expect(try await Customer.filter(Customer.Country == "Norway").count(db) == 6)
        let first = try #require(products.first)
        #expect(try await first.tags.fetchAll(db).map(\.Name) == ["sale"])

        // A typed date range and a decimal ordering agree with plain SQL.
        let from = try #require(ISO8601DateFormatter().date(from: "2010-01-01T00:00:00Z"))
        let to = try #require(ISO8601DateFormatter().date(from: "2011-06-30T12:00:00Z"))
        let inRange = try await Invoice.filter(Invoice.InvoiceDate >= from && Invoice.InvoiceDate < to).count(db)
        let sqlInRange = try await Int.fetchOne(db, sql: """
            SELECT count(*) FROM "Invoice" WHERE "InvoiceDate" >= '2010-01-01 00:00:00' AND "InvoiceDate" < '2011-06-30 12:00:00'
            """)
        #expect(inRange == sqlInRange && inRange > 0)
        let byTotal = try await Invoice.order(Invoice.Total.desc, Invoice.InvoiceId).limit(15).fetchAll(db).compactMap(\.InvoiceId)
        let sqlByTotal = try await Int64.fetchAll(db, sql: #"SELECT "InvoiceId" FROM "Invoice" ORDER BY "Total" DESC, "InvoiceId" LIMIT 15"#)
        #expect(byTotal == sqlByTotal)

        // Keys the database makes (identity, serial), and a value the declared type cannot hold is an error.
        var hired = Employee(LastName: "Park", FirstName: "Margaret", ReportsTo: 1, HireDate: from)
        try await hired.insert(db)
        #expect(hired.EmployeeId == 4)
        #expect(try await Self.text(db, #"SELECT to_char("HireDate", \#(Self.utcText)) FROM "Employee" WHERE "EmployeeId" = 4"#)
            == "2010-01-01T00:00:00.000000")
        var tag = Tag(Name: "gift")
        try await tag.insert(db)
        #expect(tag.TagId == 4)
        var long = Customer(FirstName: String(repeating: "x", count: 41), LastName: "L", Email: "long@example.com")
        await #expect(throws: DatabaseError.self) { try await long.insert(db) }

        // A versioned migration on the adopted database.
        let outcome = try await db.migrate(StoreV2.self)
        #expect(outcome == .upgraded(from: 1, to: 2))
        #expect(try await Int.fetchOne(db, sql: #"SELECT count(*) FROM "Product" WHERE "Name" LIKE '% (v2)'"#) == 30)
        #expect(try await db.schemaDifferences(StoreV2.self) == [])
        await db.close()
        try await test.drop()
    }

    /// The store schema with one more version: an SQL step on the adopted tables.
    enum StoreV2: DatabaseSchema {
        static let version = 2
        static let tables = StoreSchema.tables
        static let migrations = StoreSchema.migrations + [
            Migration(version: 2, steps: [.sql(#"UPDATE "Product" SET "Name" = "Name" || ' (v2)'"#)]),
        ]
        static let seed = StoreSchema.seed
    }

    @Test func aSnakeCaseServiceIsPulledAdoptedAndRead() async throws {
        guard let (test, db) = try await Self.database("events") else { return }
        let pulled = try await SchemaPuller.pull(postgresURL: test.url, schemaName: "EventsSchema", naming: .snakeCase)
        #expect(pulled.yaml == (try Self.committedSchema("events")))
        #expect(pulled.notes == [
            "events: CHECK (((ends_at IS NULL) OR (ends_at > starts_at))) not written (it reads several columns; the schema declares one per field); it stays in the database",
            "events.tags: default '[]' is not written; JSON fields take no default",
            "events.price_with_fee: generated column skipped; the schema language cannot declare it",
            "tickets.holder_email: domain email_address read as character varying(120)",
            "tickets.seats: array column (integer[]) skipped; the schema has no array columns",
            "venues.updated_at: timestamp(3) with time zone keeps 3 fractional digits: PostgreSQL rounds a Date's time to them",
            "events: index 'events_lower_title_idx' indexes an expression or a generated column; skipped",
            "events: UNIQUE (venueId, startsAt) is written as a unique index named by ormgen",
            "tickets.id: default gen_random_uuid() is not written; only literal defaults can be written",
        ])
        #expect(try await db.schemaDifferences(EventsSchema.self) == [])
        #expect(try await db.migrate(EventsSchema.self, adopting: .ifMatching) == .adopted(version: 1))

        let venues = try await Venues.order(Venues.id).fetchAll(db)
        #expect(venues.map(\.location) == [["city": "Oslo", "country": "NO"], nil, ["city": "Bergen", "country": "NO"]])
        #expect(venues.map { Self.utc($0.updatedAt) }.joined(separator: ",")
            == (try await Self.text(db, "SELECT string_agg(to_char(updated_at, \(Self.utcText)), ',' ORDER BY id) FROM venues")))
        let events = try await Events.order(Events.id).fetchAll(db)
        #expect(events.count == 40)
        let eventText = events.map { e in
            ["\(e.id ?? 0)", Self.utc(e.startsAt), e.endsAt.map(Self.utc) ?? "-", e.price.map { "\($0)" } ?? "-", e.tags.joined(separator: ",")]
                .joined(separator: "|")
        }
        #expect(eventText.joined(separator: ";") == (try await Self.text(db, """
            SELECT string_agg(concat_ws('|', id, to_char(starts_at, \(Self.utcText)), coalesce(to_char(ends_at, \(Self.utcText)), '-'),
                coalesce(price::float8::text, '-'), (SELECT coalesce(string_agg(t, ','), '') FROM jsonb_array_elements_text(tags) t)), ';' ORDER BY id)
            FROM events
            """)))
        let tickets = try await Tickets.order(Tickets.id).fetchAll(db)
        #expect(tickets.count == 60)
        #expect(tickets.map { $0.id.uuidString.lowercased() }.joined(separator: ",")
            == (try await Self.text(db, "SELECT string_agg(id::text, ',' ORDER BY id) FROM tickets")))
        #expect(tickets.filter { $0.codeHash != nil }.allSatisfy { $0.codeHash?.count == 16 })

        // The enum type's column: every label reads, filters, sorts in the type's order and writes as PostgreSQL does.
        #expect(tickets.map(\.status.rawValue).joined(separator: ",")
            == (try await Self.text(db, "SELECT string_agg(status::text, ',' ORDER BY id) FROM tickets")))
        let voided = try await Tickets.filter(Tickets.status == .void).count(db)
        #expect(voided == 20)
        #expect(try await Tickets.filter(Tickets.status.in([.used, .void])).count(db) == 40)
        let byStatus = try await Tickets.order(Tickets.status.desc, Tickets.id).fetchAll(db).map(\.id)
        #expect(byStatus == (try await UUID.fetchAll(db, sql: "SELECT id FROM tickets ORDER BY status DESC, id")))

        // A typed timestamptz range and a decimal ordering agree with plain SQL.
        let from = try #require(ISO8601DateFormatter().date(from: "2024-02-01T00:00:00Z"))
        let to = try #require(ISO8601DateFormatter().date(from: "2024-04-15T00:00:00Z"))
        let inRange = try await Events.filter(Events.startsAt >= from && Events.startsAt < to).count(db)
        #expect(inRange > 0)
        #expect(inRange == (try await Int.fetchOne(db, sql: """
            SELECT count(*) FROM events WHERE starts_at >= '2024-02-01 00:00:00+00' AND starts_at < '2024-04-15 00:00:00+00'
            """)))
        let byPrice = try await Events.filter(Events.price.isNotNull).order(Events.price.desc, Events.id).fetchAll(db).compactMap(\.id)
        #expect(byPrice == (try await Int64.fetchAll(db, sql: "SELECT id FROM events WHERE price IS NOT NULL ORDER BY price DESC, id")))

        // A serial key, defaults (now(), the enum's 'open'), labels written by insert, update and updateAll, a CHECK
        // and a domain's CHECK.
        var venue = Venues(name: "Park", capacity: 50)
        try await venue.insert(db)
        #expect(venue.id == 4)
        let id = UUID()
        let ticket = Tickets(id: id, eventId: 1, holderEmail: "new@example.com", issuedAt: Date())
        try await ticket.insert(db)
        #expect(try await String.fetchOne(db, sql: "SELECT status::text FROM tickets WHERE id = $1", arguments: [id]) == "open")
        var used = Tickets(id: UUID(), eventId: 2, holderEmail: "used@example.com", status: .used)
        try await used.insert(db)
        used.status = .void
        try await used.update(db)
        #expect(try await String.fetchOne(db, sql: "SELECT status::text FROM tickets WHERE id = $1", arguments: [used.id]) == "void")
        try await Tickets.filter(Tickets.id == id).updateAll(db, Tickets.status.set(to: .used))
        #expect(try await Tickets.find(db, id)?.status == .used)
        var empty = Venues(name: "Nowhere", capacity: 0)
        await #expect(throws: DatabaseError.self) { try await empty.insert(db) }
        let bad = Tickets(id: UUID(), eventId: 1, holderEmail: "not an address", issuedAt: Date())
        await #expect(throws: DatabaseError.self) { try await bad.insert(db) }

        // A versioned migration on the adopted database, through the enum type.
        #expect(try await db.migrate(EventsV2.self) == .upgraded(from: 1, to: 2))
        #expect(try await Tickets.filter(Tickets.scanned).count(db) == (try await Tickets.filter(Tickets.status == .used).count(db)))
        #expect(try await db.schemaDifferences(EventsV2.self) == [])
        await db.close()
        try await test.drop()
    }

    /// The events schema with one more version: an SQL step that reads the enum type's column.
    enum EventsV2: DatabaseSchema {
        static let version = 2
        static let tables = EventsSchema.tables
        static let migrations = EventsSchema.migrations + [
            Migration(version: 2, steps: [.sql("UPDATE tickets SET scanned = (status = 'used')")]),
        ]
        static let seed = EventsSchema.seed
    }

    @Test func migrateCreatesAndCompletesAnEnumTypeAndDriftNamesItsLabels() async throws {
        guard let test = try await TestPostgresDatabase.create() else { return }
        let db = try PostgresDatabase(url: test.url)
        let labels = "SELECT string_agg(enumlabel::text, ',' ORDER BY enumsortorder) FROM pg_enum WHERE enumtypid = 'ticket_status'::regtype"
        // A type that lacks a label in the middle gets it in its place; the tables are created over it.
        try await db.execute(sql: "CREATE TYPE ticket_status AS ENUM ('open', 'void')")
        #expect(try await db.migrate(EventsSchema.self) == .created(version: 1))
        #expect(try await Self.text(db, labels) == "open,used,void")
        #expect(try await db.schemaDifferences(EventsSchema.self) == [])
        var venue = Venues(name: "Hall", capacity: 10)
        try await venue.insert(db)
        var event = Events(venueId: try #require(venue.id), title: "Opening", startsAt: Date(timeIntervalSince1970: 1_700_000_000), tags: [])
        try await event.insert(db)
        let ticket = Tickets(id: UUID(), eventId: try #require(event.id), holderEmail: "a@example.com", status: .used)
        try await ticket.insert(db)
        #expect(try await Tickets.filter(Tickets.status == .used).fetchAll(db).map(\.id) == [ticket.id])

        // A label the schema lacks is a difference, and a row holding it does not read as any case.
        try await db.execute(sql: "ALTER TYPE ticket_status ADD VALUE 'refunded'")
        #expect(try await db.schemaDifferences(EventsSchema.self) == [SchemaDifference(
            kind: .columnType, table: "tickets", name: "status",
            expected: "ticket_status (open, used, void)", actual: "ticket_status (open, used, void, refunded)")])
        try await db.execute(sql: "UPDATE tickets SET status = 'refunded'")
        let error = await #expect(throws: DatabaseError.self) { try await Tickets.fetchAll(db) }
        #expect(error?.message.contains("'refunded' is not a raw value of Status") == true, "\(String(describing: error))")
        await db.close()
        try await test.drop()
    }
}
#endif

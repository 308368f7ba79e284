import BenchSupport
import Foundation
import PostgresNIO

/// Fills the template databases with `Fixture`'s rows through `COPY … FROM STDIN` (text format), which loads a
/// million rows in seconds where row-by-row inserts would take minutes; then checks a few rows against `Fixture`.
enum Seeder {
    /// Rows per `ByteBuffer` handed to the server.
    private static let rowsPerChunk = 2_000

    /// Items 1…count with explicit ids, then the identity sequence moved past them.
    static func items(count: Int, on connection: PostgresConnection) async throws {
        let columns = ["id", "name", "email", "age", "score", "active", "created", "note", "avatar", "visits"]
        try await connection.copyFrom(table: "items", columns: columns, logger: PostgresServer.logger) { writer in
            var buffer = ByteBuffer()
            for id in 1...count {
                appendItem(id, to: &buffer)
                if id % rowsPerChunk == 0 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
        try await connection.query("SELECT setval(pg_get_serial_sequence('items', 'id'), max(id)) FROM items", logger: PostgresServer.logger)
    }

    /// `authors` authors with `booksPerAuthor` books each, ids as the SQLite benchmark assigns them.
    static func library(authors: Int, booksPerAuthor: Int, on connection: PostgresConnection) async throws {
        try await connection.copyFrom(table: "authors", columns: ["id", "name"], logger: PostgresServer.logger) { writer in
            var buffer = ByteBuffer()
            for author in 1...authors {
                buffer.writeString("\(author)\t\(Fixture.authorName(author))\n")
            }
            try await writer.write(buffer)
        }
        try await connection.copyFrom(table: "books", columns: ["id", "title", "pages", "author_id"], logger: PostgresServer.logger) { writer in
            var buffer = ByteBuffer()
            for author in 1...authors {
                for index in 0..<booksPerAuthor {
                    let book = (author - 1) * booksPerAuthor + index + 1
                    buffer.writeString("\(book)\t\(Fixture.bookTitle(book))\t\(Fixture.bookPages(book))\t\(author)\n")
                }
            }
            try await writer.write(buffer)
        }
        try await connection.query("SELECT setval(pg_get_serial_sequence('authors', 'id'), max(id)) FROM authors", logger: PostgresServer.logger)
        try await connection.query("SELECT setval(pg_get_serial_sequence('books', 'id'), max(id)) FROM books", logger: PostgresServer.logger)
    }

    /// Documents 1…count with explicit ids, each `meta` as `JSONEncoder` writes it (sorted keys, as ORMKit stores JSON;
    /// JSONB keeps its own form either way), then the identity sequence moved past them.
    static func documents(count: Int, on connection: PostgresConnection) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try await connection.copyFrom(table: "documents", columns: ["id", "title", "meta"], logger: PostgresServer.logger) { writer in
            var buffer = ByteBuffer()
            for id in 1...count {
                let json = String(decoding: try encoder.encode(PostgresNIOContender.meta(id)), as: UTF8.self)
                // COPY's text format reads a backslash as an escape; the fixture's JSON has none, but stay exact.
                buffer.writeString("\(id)\t\(Fixture.documentTitle(id))\t\(json.replacingOccurrences(of: "\\", with: "\\\\"))\n")
                if id % rowsPerChunk == 0 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
        try await connection.query("SELECT setval(pg_get_serial_sequence('documents', 'id'), max(id)) FROM documents", logger: PostgresServer.logger)
    }

    /// Articles 1…count with explicit ids (the server computes each `search_vector`), then the identity sequence
    /// moved past them. The fixture's text has no tab, newline or backslash, which COPY's text format would escape.
    static func articles(count: Int, on connection: PostgresConnection) async throws {
        try await connection.copyFrom(table: "articles", columns: ["id", "title", "body"], logger: PostgresServer.logger) { writer in
            var buffer = ByteBuffer()
            for id in 1...count {
                buffer.writeString("\(id)\t\(Fixture.articleTitle(id))\t\(Fixture.articleBody(id))\n")
                if id % rowsPerChunk == 0 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
        try await connection.query("SELECT setval(pg_get_serial_sequence('articles', 'id'), max(id)) FROM articles", logger: PostgresServer.logger)
    }

    /// `shelves` shelves with `volumesPerShelf` volumes each in both twins (`shelves`/`volumes`,
    /// `soft_shelves`/`soft_volumes`): the same rows, none deleted.
    static func shelves(shelves: Int, volumesPerShelf: Int, on connection: PostgresConnection) async throws {
        for prefix in ["", "soft_"] {
            try await connection.copyFrom(table: "\(prefix)shelves", columns: ["id", "name"], logger: PostgresServer.logger) { writer in
                var buffer = ByteBuffer()
                for shelf in 1...shelves {
                    buffer.writeString("\(shelf)\t\(Fixture.shelfName(shelf))\n")
                }
                try await writer.write(buffer)
            }
            try await connection.copyFrom(
                table: "\(prefix)volumes", columns: ["id", "title", "pages", "shelf_id"], logger: PostgresServer.logger
            ) { writer in
                var buffer = ByteBuffer()
                for shelf in 1...shelves {
                    for index in 0..<volumesPerShelf {
                        let volume = (shelf - 1) * volumesPerShelf + index + 1
                        buffer.writeString("\(volume)\t\(Fixture.volumeTitle(volume))\t\(Fixture.volumePages(volume))\t\(shelf)\n")
                    }
                    if shelf % 200 == 0 {
                        try await writer.write(buffer)
                        buffer.clear()
                    }
                }
                if buffer.readableBytes > 0 { try await writer.write(buffer) }
            }
            for table in ["shelves", "volumes"] {
                try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT setval(pg_get_serial_sequence('\(prefix)\(table)', 'id'), max(id)) FROM \(prefix)\(table)"),
                    logger: PostgresServer.logger)
            }
        }
    }

    /// Reads back a few seeded documents and compares every value with `Fixture`.
    ///
    /// - Throws: `BenchError` naming the first document that differs.
    static func verifyDocuments(on connection: PostgresConnection) async throws {
        let rows = try await connection.query(
            "SELECT id, title, meta FROM documents WHERE id <= 4 ORDER BY id", logger: PostgresServer.logger)
        var seen = 0
        for try await (id, title, meta) in rows.decode((Int64, String, PostgresNIOContender.Meta).self) {
            let n = Int(id)
            let expected = PostgresNIOContender.meta(n)
            guard title == Fixture.documentTitle(n), meta.publisher.name == expected.publisher.name,
                meta.publisher.city == expected.publisher.city, meta.edition == expected.edition, meta.tags == expected.tags
            else { throw BenchError("seeded document \(n) differs from Fixture") }
            seen += 1
        }
        guard seen == 4 else { throw BenchError("seeded documents: read back \(seen) of 4 rows") }
    }

    /// Reads back a few seeded items and compares every column with `Fixture`, so the text the seeder wrote
    /// provably means the values the contenders write and expect.
    ///
    /// - Throws: `BenchError` naming the first column that differs.
    static func verifyItems(on connection: PostgresConnection) async throws {
        let rows = try await connection.query(
            "SELECT id, name, email, age, score, active, created, note, avatar, visits FROM items WHERE id <= 4 ORDER BY id",
            logger: PostgresServer.logger)
        var seen = 0
        for try await (id, name, email, age, score, active, created, note, avatar, visits) in rows.decode(
            (Int64, String, String, Int, Double, Bool, Date, String?, Data?, Int).self)
        {
            let n = Int(id)
            let expected: [(String, Bool)] = [
                ("name", name == Fixture.name(n)), ("email", email == Fixture.email(n)), ("age", age == Fixture.age(n)),
                ("score", score == Fixture.score(n)), ("active", active == Fixture.active(n)),
                ("created", created == Fixture.created(n)), ("note", note == Fixture.note(n)),
                ("avatar", avatar == Fixture.avatar(n)), ("visits", visits == Fixture.visits(n)),
            ]
            if let column = expected.first(where: { !$0.1 })?.0 {
                throw BenchError("seeded item \(n): column \(column) differs from Fixture")
            }
            seen += 1
        }
        guard seen == 4 else { throw BenchError("seeded items: read back \(seen) of 4 rows") }
    }

    /// One item as a line of `COPY`'s text format: tab-separated, `\N` for NULL, `bytea` in hex (its backslash
    /// escaped for COPY).
    private static func appendItem(_ id: Int, to buffer: inout ByteBuffer) {
        buffer.writeString("\(id)\t\(Fixture.name(id))\t\(Fixture.email(id))\t\(Fixture.age(id))\t")
        // Swift prints the shortest representation that reads back as the same Double; PostgreSQL reads it exactly.
        buffer.writeString("\(Fixture.score(id))\t\(Fixture.active(id) ? "t" : "f")\t")
        writeTimestamp(Fixture.created(id), to: &buffer)
        buffer.writeString("\t\(Fixture.note(id) ?? "\\N")\t")
        if let avatar = Fixture.avatar(id) {
            buffer.writeString("\\\\x")
            for byte in avatar {
                buffer.writeInteger(hexDigits[Int(byte >> 4)])
                buffer.writeInteger(hexDigits[Int(byte & 0xF)])
            }
        } else {
            buffer.writeString("\\N")
        }
        buffer.writeString("\t\(Fixture.visits(id))\n")
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A whole-second `Date` as `YYYY-MM-DD HH:MM:SS+00`.
    private static func writeTimestamp(_ date: Date, to buffer: inout ByteBuffer) {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let text = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d+00",
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        buffer.writeString(text)
    }
}

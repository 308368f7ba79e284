import Foundation
import ORMKit
import Testing

/// Hostile strings go through every API as data: bound, never interpolated.
@Suite("Injection strings")
struct InjectionTests {
    static let hostile: [String] = [
        "'; DROP TABLE authors; --",
        "\"; DROP TABLE \"authors\"; --",
        "Robert'); DELETE FROM books WHERE ('1'='1",
        "it's \"quoted\" `back` [brackets]",
        "nul\u{0}byte\u{0}",
        "emoji 👩‍👩‍👧‍👦🏳️‍🌈 and combining é",
        "% _ * ? [a-z] \\ LIKE wildcards",
        "",
        String(repeating: "x'y\"z", count: 200_000),  // 1.2 MB
    ]

    @Test(arguments: hostile.indices)
    func roundTripsThroughEveryAPI(_ index: Int) async throws {
        let text = Self.hostile[index]
        let (db, directory) = try makeLibrary()
        _ = directory

        // Record insert / find / filter / update / upsert / save / delete.
        var author = Author(name: text)
        try await author.insert(db)
        let id = try #require(author.id)
        #expect(try await Author.find(db, id)?.name == text)
        #expect(try await Author.filter(Author.name == text).fetchAll(db).map(\.id) == [id])
        #expect(try await Author.filter(Author.name.in([text, "other"])).count(db) == 1)
        #expect(try await Author.filter(Author.name != text).count(db) == 0)
        #expect(try await Author.select(Author.name).fetchOne(db) == text)
        author.name = text + "2"
        try await author.update(db)
        try await author.update(db, columns: [Author.name])
        try await author.upsert(db)
        try await author.save(db)
        #expect(try await Author.find(db, id)?.name == text + "2")
        #expect(try await Author.filter(Author.id == id).updateAll(db, Author.name.set(to: text)) == 1)
        #expect(try await Author.fetchOne(db)?.name == text)
        if text.utf8.count < 50_000 {
            #expect(try await Author.filter(Author.name.glob(text)).count(db) <= 1)
            #expect(try await Author.filter(Author.name.like(text)).count(db) <= 1)
        } else {
            // Past SQLITE_LIMIT_LIKE_PATTERN_LENGTH SQLite refuses the pattern: an error, not a crash.
            let error = try await #require(throws: DatabaseError.self) { try await Author.filter(Author.name.like(text)).count(db) }
            #expect(error.message.contains("too complex"))
        }

        // Cursors and pages.
        let viaCursor = try await db.read { conn in try Author.filter(Author.name == text).cursor(conn).next()?.name }
        #expect(viaCursor == text)
        #expect(try await Author.filter(Author.name == text).page(1, size: 5, in: db).totalCount == 1)

        // Raw SQL arguments and scalar fetches.
        #expect(try await Author.fetchAll(db, sql: "SELECT * FROM authors WHERE name = ?", arguments: [text]).map(\.id) == [id])
        #expect(try await String.fetchOne(db, sql: "SELECT ?", arguments: [text]) == text)
        try await db.execute(sql: "UPDATE authors SET name = ? WHERE id = ?", arguments: [text, id])

        // Keys, JSON, and the keyword-named table.
        var select = Select(key: text, default: text)
        try await select.insert(db)
        #expect(try await Select.find(db, text)?.default == text)
        try await select.upsert(db)
        #expect(try await Select.exists(db, key: text))
        var book = Book(authorId: id, title: text, isbn: text, tags: [text, text], metadata: Book.Metadata(edition: 1, translators: [text]))
        try await book.insert(db)
        let stored = try #require(try await Book.fetchOne(db))
        #expect(stored.tags == [text, text])
        #expect(stored.metadata?.translators == [text])
        #expect(try await Book.filter(Book.isbn == text).exists(db))
        _ = book.id

        // Nothing was dropped or deleted by the payload.
        #expect(try await Author.count(db) == 1)
        #expect(try await Book.count(db) == 1)
        #expect(try await Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") == 4)
        #expect(try await Select.delete(db, key: text))
        #expect(try await book.delete(db))
        #expect(try await author.delete(db))
    }
}

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
    func roundTripsThroughEveryAPI(_ index: Int) throws {
        let text = Self.hostile[index]
        let (db, directory) = try makeLibrary()
        _ = directory

        // Record insert / find / filter / update / upsert / save / delete.
        var author = Author(name: text)
        try author.insert(db)
        let id = try #require(author.id)
        #expect(try Author.find(db, id)?.name == text)
        #expect(try Author.filter(Author.name == text).fetchAll(db).map(\.id) == [id])
        #expect(try Author.filter(Author.name.in([text, "other"])).count(db) == 1)
        #expect(try Author.filter(Author.name != text).count(db) == 0)
        #expect(try Author.select(Author.name).fetchOne(db) == text)
        author.name = text + "2"
        try author.update(db)
        try author.update(db, columns: [Author.name])
        try author.upsert(db)
        try author.save(db)
        #expect(try Author.find(db, id)?.name == text + "2")
        #expect(try Author.filter(Author.id == id).updateAll(db, Author.name.set(to: text)) == 1)
        #expect(try Author.fetchOne(db)?.name == text)
        if text.utf8.count < 50_000 {
            #expect(try Author.filter(Author.name.glob(text)).count(db) <= 1)
            #expect(try Author.filter(Author.name.like(text)).count(db) <= 1)
        } else {
            // Past SQLITE_LIMIT_LIKE_PATTERN_LENGTH SQLite refuses the pattern: an error, not a crash.
            let error = try #require(throws: DatabaseError.self) { try Author.filter(Author.name.like(text)).count(db) }
            #expect(error.message.contains("too complex"))
        }

        // Cursors and pages.
        let viaCursor = try db.read { conn in try Author.filter(Author.name == text).cursor(conn).next()?.name }
        #expect(viaCursor == text)
        #expect(try Author.filter(Author.name == text).page(1, size: 5, in: db).totalCount == 1)

        // Raw SQL arguments and scalar fetches.
        #expect(try Author.fetchAll(db, sql: "SELECT * FROM authors WHERE name = ?", arguments: [text]).map(\.id) == [id])
        #expect(try String.fetchOne(db, sql: "SELECT ?", arguments: [text]) == text)
        try db.execute(sql: "UPDATE authors SET name = ? WHERE id = ?", arguments: [text, id])

        // Keys, JSON, and the keyword-named table.
        var select = Select(key: text, default: text)
        try select.insert(db)
        #expect(try Select.find(db, text)?.default == text)
        try select.upsert(db)
        #expect(try Select.exists(db, key: text))
        var book = Book(authorId: id, title: text, isbn: text, tags: [text, text], metadata: Book.Metadata(edition: 1, translators: [text]))
        try book.insert(db)
        let stored = try #require(try Book.fetchOne(db))
        #expect(stored.tags == [text, text])
        #expect(stored.metadata?.translators == [text])
        #expect(try Book.filter(Book.isbn == text).exists(db))
        _ = book.id

        // Nothing was dropped or deleted by the payload.
        #expect(try Author.count(db) == 1)
        #expect(try Book.count(db) == 1)
        #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") == 4)
        #expect(try Select.delete(db, key: text))
        #expect(try book.delete(db))
        #expect(try author.delete(db))
    }
}

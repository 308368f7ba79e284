import ORMGenCore
import Testing

@Suite struct RelationRenderingTests {
    private let yaml = """
        models:
          Author:
            fields:
              name: String
            relations:
              books: { hasMany: Book, inverse: author }
              profile: { hasOne: Profile }
          Book:
            primaryKey: isbn
            fields:
              isbn: String
              count: Int
            relations:
              author: { belongsTo: Author, onDelete: cascade }
              editor: { belongsTo: Author, optional: true, onDelete: setNull, foreignKey: editor }
              readers: { manyToMany: Reader, ordered: true }
          Profile:
            primaryKey: authorID
            fields:
              bio: String
            relations:
              author: { belongsTo: Author, foreignKey: authorID }
          Reader:
            fields:
              name: String
            relations:
              filter: { manyToMany: Book, through: book_readers }
        """

    @Test func everyKindGetsARelationValueAndAccessors() throws {
        let result = generate(yaml)
        let book = try #require(file("Book.swift", in: result))
        let relations = section(of: book, from: "public enum Relations {", to: "    }")
        #expect(relations.contains(
            "public static let author = ORMKit.BelongsTo<Book, Author>(Book.schema.relations[0], ownerKey: { $0.authorID }, targetKey: { $0.id })"))
        #expect(relations.contains(
            "public static let readers = ORMKit.OrderedManyToMany<Book, Reader>(Book.schema.relations[2], ownerKey: { $0.isbn }, targetKey: { $0.id })"))
        #expect(book.contains("public static var author: ORMKit.BelongsTo<Book, Author> { Relations.author }"))
        #expect(book.contains("public var author: ORMKit.QueryRequest<Author> { Relations.author.request(for: self) }"))
        #expect(book.contains(
            "public var readers: ORMKit.OrderedManyToManyRecords<Book, Reader> { ORMKit.OrderedManyToManyRecords(Relations.readers, owner: self) }"))

        let author = try #require(file("Author.swift", in: result))
        #expect(author.contains(
            "public static let books = ORMKit.HasMany<Author, Book>(Author.schema.relations[0], ownerKey: { $0.id }, targetKey: { $0.authorID }, assign: { $0.authorID = $1 })"))
        #expect(author.contains(
            "public static let profile = ORMKit.HasOne<Author, Profile>(Author.schema.relations[1], ownerKey: { $0.id }, targetKey: { $0.authorID }, assign: { $0.authorID = $1 })"))
        #expect(author.contains("public var books: ORMKit.QueryRequest<Book> { Relations.books.request(for: self) }"))
    }

    @Test func namesTakenByAFieldOrTheRuntimeAreNotMirrored() throws {
        let result = generate(yaml)
        // `editor` is also the foreign-key field: the relation stays reachable as `Book.Relations.editor` only.
        let book = try #require(file("Book.swift", in: result))
        #expect(book.contains("public static let editor = ORMKit.OptionalBelongsTo<Book, Author>(Book.schema.relations[1], ownerKey: { $0.editor }, targetKey: { $0.id })"))
        #expect(!book.contains("public static var editor: ORMKit.OptionalBelongsTo"))
        #expect(book.contains("public static var editor: ORMKit.Column<Swift.Int64?>"))
        #expect(!book.contains("public var editor: ORMKit.QueryRequest"))
        // `filter` is runtime API.
        let reader = try #require(file("Reader.swift", in: result))
        // The other side of an ordered join table has its position column too.
        #expect(reader.contains("public static let filter = ORMKit.OrderedManyToMany<Reader, Book>"))
        #expect(!reader.contains("public static var filter"))
        #expect(!reader.contains("public var filter"))
    }

    @Test func internalAccessLevelDropsTheModifier() throws {
        let result = generate(yaml, access: .internal)
        let author = try #require(file("Author.swift", in: result))
        #expect(author.contains("\n    enum Relations {\n        static let books = ORMKit.HasMany<Author, Book>("))
        #expect(author.contains("\n    var books: ORMKit.QueryRequest<Book> { Relations.books.request(for: self) }"))
    }
}

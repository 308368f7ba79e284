import ORMGenCore
import Testing

/// Scopes (`scopes:`, `defaultScope:` of a model): what is rejected, and where; what valid ones generate.
@Suite struct ScopeDiagnosticsTests {
    static let models = """
        models:
          Book:
            fields:
              title: String
              pages: Int32?
              price: Decimal?
              genre: { enum: [fiction, poetry] }
              tags: { type: "[String]", storage: json }
              note: { type: String?, transient: true }
            relations:
              author: { belongsTo: Author }
            scopes:
        %@
          Author:
            fields: { name: String, archived: { type: Bool, default: false } }
            defaultScope: { archived: false }
        """

    /// The schema above with `scopes` as Book's scope lines (indented under `scopes:`).
    static func schema(_ scopes: String) -> String {
        models.replacingOccurrences(of: "%@", with: scopes.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    }

    @Test func validScopesRenderTypedRequests() throws {
        let result = generate(Self.schema("""
            long: { pages: { ">=": 300 } }
            byAuthor: { authorID: $author }
            between: { pages: { ">": $low, "<": $high }, genre: fiction }
            untitled: { pages: null, genre: [fiction, poetry] }
            """))
        #expect(result.diagnostics.isEmpty)
        let book = try #require(file("Book.swift", in: result))
        #expect(book.contains("public static var long: ORMKit.QueryRequest<Book> { all().long }"))
        #expect(book.contains("public var long: Self { filter(Book.Columns.pages >= 300) }"))
        #expect(book.contains("public func byAuthor(_ author: Swift.Int64) -> Self { filter(Book.Columns.authorID == author) }"))
        #expect(book.contains(
            "public static func between(low: Swift.Int32, high: Swift.Int32) -> ORMKit.QueryRequest<Book> { all().between(low: low, high: high) }"))
        #expect(book.contains(
            "filter(Book.Columns.pages > low).filter(Book.Columns.pages < high).filter(Book.Columns.genre == .fiction)"))
        #expect(book.contains("filter(Book.Columns.pages == nil).filter(Book.Columns.genre.`in`([.fiction, .poetry]))"))
        let author = try #require(file("Author.swift", in: result))
        #expect(author.contains("public static var defaultScope: ORMKit.QueryExpression<Swift.Bool>? {\n        Author.Columns.archived == false\n    }"))
        #expect(author.contains("Author.Columns.id == key"))
        #expect(!book.contains("defaultScope"))
    }

    @Test func unknownFieldsComparisonsAndValuesAreReportedAtTheirLine() {
        #expect(diagnostics(Self.schema("""
            a: { pagez: 3 }
            b: { pages: { "~=": 3 } }
            c: { genre: fictoin }
            d: { pages: many }
            e: { price: { "<": 3 } }
            f: { tags: x, note: y }
            g: { title: null, pages: { "<": null } }
            h: { genre: { in: fiction } }
            """)) == [
            "schema.yaml:13:12: error: scope 'Book.a' filters on 'pagez', which is not a field of 'Book'; did you mean 'pages'?",
            "schema.yaml:14:21: error: unknown comparison '~=' on 'pages' in scope 'Book.b'; use ==, !=, <, <=, >, >=, in, notIn; did you mean '!='?",
            "schema.yaml:15:19: error: scope 'Book.c' compares 'genre' with 'fictoin', which does not fit its type 'enum Genre' (fiction, poetry); did you mean 'fiction'?",
            "schema.yaml:16:19: error: scope 'Book.d' compares 'pages' with 'many', which does not fit its type 'Int32'",
            "schema.yaml:17:21: error: scope 'Book.e' orders 'price', a Decimal stored as TEXT, which SQL does not sort by value; compare with == or !=, or declare `storage: real` or `scale:`",
            "schema.yaml:18:12: error: scope 'Book.f' filters on 'tags', a [String] field; scopes compare scalar and enum fields",
            "schema.yaml:18:21: error: scope 'Book.f' filters on 'note', which is not stored (transient or embedded); filter on a stored field",
            "schema.yaml:19:19: error: scope 'Book.g' compares 'title' with null, but the field is not optional",
            "schema.yaml:19:39: error: scope 'Book.g' compares 'pages' with null using '<'; only == and != compare with null",
            "schema.yaml:20:25: error: scope 'Book.h' compares 'genre' with 'in', which needs a list: `[a, b]`",
        ])
    }

    @Test func namesAndParametersAreChecked() {
        #expect(diagnostics(Self.schema("""
            title: { pages: 1 }
            filter: { pages: 1 }
            author: { pages: 1 }
            twice: { pages: $n, title: $n }
            bad: { pages: $1 }
            empty: {}
            """)) == [
            "schema.yaml:13:7: error: scope 'Book.title' has the name of a field, column or relation of 'Book'; rename the scope",
            "schema.yaml:14:7: error: scope 'Book.filter' has the name of a method of records or queries ('filter'); rename the scope",
            "schema.yaml:15:7: error: scope 'Book.author' has the name of a field, column or relation of 'Book'; rename the scope",
            "schema.yaml:16:34: error: parameter '$n' of scope 'Book.twice' is a Swift.Int32 and a Swift.String; name them apart",
            "schema.yaml:17:21: error: '$1' in scope 'Book.bad' is not a parameter name (letters, digits and underscores after '$'); quote a text that starts with '$'",
            "schema.yaml:18:7: error: scope 'Book.empty' has no condition; map fields to values, like `{ status: published, year: { \">=\": 2000 } }`",
        ])
    }

    @Test func theDefaultScopeTakesNoParameters() {
        let schema = Self.models.replacingOccurrences(of: "defaultScope: { archived: false }", with: "defaultScope: { archived: $a }")
            .replacingOccurrences(of: "    scopes:\n%@\n", with: "")
        #expect(diagnostics(schema) == [
            "schema.yaml:14:31: error: the default scope of 'Author' cannot take parameters ('$a'): it applies to every read; use a value, or declare a named scope",
        ])
    }

    @Test func softDeleteNamesAStoredOptionalDate() throws {
        let base = Self.models.replacingOccurrences(of: "    scopes:\n%@\n", with: "")
        let valid = base.replacingOccurrences(of: "fields: { name: String,", with: "softDelete: removedAt\n    fields: { removedAt: Date?, name: String,")
        let result = generate(valid)
        #expect(result.diagnostics.isEmpty)
        let author = try #require(file("Author.swift", in: result))
        #expect(author.contains("ORMKit.SoftDelete(column: Author.Columns.removedAt, stamp: { Author.Columns.removedAt.set(to: $0) })"))
        #expect(author.contains("Author.Columns.id.`in`([self.id].compactMap { $0 })"))
        // Uniqueness holds for live rows: a `unique: true` column becomes a partial unique index, and unique
        // indexes get the same clause; other indexes stay whole.
        let unique = base.replacingOccurrences(
            of: "fields: { name: String,", with: "softDelete: removedAt\n    indexes: [name, { columns: [name, archived], unique: true }]\n    fields: { removedAt: Date?, name: { type: String, unique: true },")
        let uniqueResult = generate(unique)
        #expect(uniqueResult.diagnostics.isEmpty)
        let uniqueAuthor = try #require(file("Author.swift", in: uniqueResult))
        #expect(uniqueAuthor.contains(#"ORMKit.ColumnSchema(name: "name", type: "TEXT", kind: .text, isNullable: false))"#))
        #expect(uniqueAuthor.contains(#"ORMKit.IndexSchema(name: "author_name", columns: ["name"], isUnique: false)"#))
        #expect(uniqueAuthor.contains(
            #"ORMKit.IndexSchema(name: "author_name_archived", columns: ["name", "archived"], isUnique: true, onlyWhereNull: "removed_at")"#))
        #expect(uniqueAuthor.contains(#"ORMKit.IndexSchema(name: "author_name_live", columns: ["name"], isUnique: true, onlyWhereNull: "removed_at")"#))
        let wrong = base.replacingOccurrences(of: "fields: { name: String,", with: "softDelete: name\n    fields: { name: String,")
        #expect(diagnostics(wrong) == [
            "schema.yaml:13:17: error: softDelete of 'Author' names 'name', which must be a stored `Date?` field without a default (nil while the row is live)",
        ])
    }
}

import ORMGenCore
import Testing

/// Typed JSON paths: embeddables stored as JSON (`storage: json`) may hold embeddables, arrays and dictionaries,
/// and get a typed path per field; indexes on paths are checked at their line.
@Suite struct JSONPathDiagnosticsTests {
    static let schema = """
        embeddables:
          Publisher:
            fields: { name: String, city: String, founded: Int? }
          Meta:
            fields:
              publisher: Publisher
              edition: Int
              keywords: "[String]"
              printings: "[Publisher]"
              prices: "[String: Double]"
              price: Decimal
              cover: Data?
        models:
          Book:
            fields:
              title: String
              meta: { type: Meta?, storage: json }
              tags: { type: "[String]", storage: json }
            indexes:
        %@
        """

    static func schema(indexes: String) -> String {
        schema.replacingOccurrences(of: "%@", with: indexes.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
    }

    @Test func embeddablesStoredAsJSONGetTypedPaths() throws {
        let result = generate(Self.schema(indexes: "- { on: meta.publisher.city }\n- [title, meta.edition]"))
        #expect(result.diagnostics.isEmpty)
        let meta = try #require(file("Meta.swift", in: result))
        #expect(meta.contains("public var publisher: Publisher"))
        #expect(meta.contains("extension ORMKit.JSONPathExpression where Value == Meta {"))
        #expect(meta.contains("public var publisher: ORMKit.JSONPath<Publisher> { jsonMember(\"publisher\") }"))
        #expect(meta.contains("public var keywords: ORMKit.JSONPath<[String]> { jsonMember(\"keywords\") }"))
        // Under an optional object every member is optional; a member declared non-optional refuses nil.
        #expect(meta.contains("extension ORMKit.JSONPathExpression where Value == Meta? {"))
        #expect(meta.contains("public var edition: ORMKit.JSONPath<Swift.Optional<Swift.Int>> { jsonMember(\"edition\", refusesNull: true) }"))
        // Decimal and Data have no JSON form SQL compares exactly: no path.
        #expect(!meta.contains("var price: ORMKit.JSONPath") && !meta.contains("var cover: ORMKit.JSONPath"))
        let publisher = try #require(file("Publisher.swift", in: result))
        #expect(publisher.contains("public var founded: ORMKit.JSONPath<Swift.Optional<Swift.Int>> { jsonMember(\"founded\") }"))
        let book = try #require(file("Book.swift", in: result))
        #expect(book.contains(
            #"ORMKit.IndexSchema(name: "book_meta_publisher_city", keys: [.jsonPath(column: "meta", keys: ["publisher", "city"], kind: .text)], isUnique: false)"#))
        #expect(book.contains(
            #"ORMKit.IndexSchema(name: "book_title_meta_edition", keys: [.column("title"), .jsonPath(column: "meta", keys: ["edition"], kind: .integer)], isUnique: false)"#))
    }

    @Test func anEmbeddableNotStoredAsJSONGetsNoPaths() throws {
        let result = generate("""
            embeddables:
              Shelf: { fields: { row: Int } }
            models:
              Book: { fields: { shelf: { type: Shelf, embedded: true } } }
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(try #require(file("Shelf.swift", in: result)).contains("JSONPathExpression") == false)
    }

    @Test func indexPathsAreCheckedAtTheirLine() {
        #expect(diagnostics(Self.schema(indexes: """
            - metax.city
            - title.length
            - meta.publisher.town
            - meta.publisher
            - meta.keywords.first
            - meta.price
            - tags.count
            """)) == [
            "schema.yaml:20:9: error: index path 'metax.city' of model 'Book' starts at unknown field 'metax'; did you mean 'meta'?",
            "schema.yaml:21:9: error: index path 'title.length' of model 'Book' starts at field 'title', which is not stored as JSON with an embeddable type; a path index needs a field like '{ type: Metadata, storage: json }'",
            "schema.yaml:22:9: error: index path 'meta.publisher.town' of model 'Book': 'town' is not a field of embeddable 'Publisher'",
            "schema.yaml:23:9: error: index path 'meta.publisher' of model 'Book': 'publisher' (Publisher) is not a scalar; an index path ends at a scalar field",
            "schema.yaml:24:9: error: index path 'meta.keywords.first' of model 'Book': 'keywords' ([String]) is not an embeddable, so the path cannot go on",
            "schema.yaml:25:9: error: index path 'meta.price' of model 'Book' ends at a Decimal, which JSON does not hold in a form SQL compares exactly; index a scalar of another type",
            "schema.yaml:26:9: error: index path 'tags.count' of model 'Book' starts at field 'tags', which is not stored as JSON with an embeddable type; a path index needs a field like '{ type: Metadata, storage: json }'",
        ])
    }

    @Test func nestedEmbeddablesAreStoredOnlyAsJSONAndNeverHoldThemselves() {
        #expect(diagnostics("""
            embeddables:
              Node: { fields: { label: String, parent: Node?, children: "[Node]" } }
              A: { fields: { b: B } }
              B: { fields: { a: "A?" } }
              Inner: { fields: { x: Int } }
              Outer: { fields: { inner: Inner, kind: Strin } }
            models:
              Tree: { fields: { root: { type: Node, storage: json }, outer: { type: Outer, embedded: true } } }
            """) == [
            "schema.yaml:2:36: error: embeddable 'Node' holds itself through 'Node.parent'; hold it in an array ([Node]) or leave one of these fields out",
            "schema.yaml:3:18: error: embeddable 'A' holds itself through 'A.b' → 'B.a'; hold it in an array ([A]) or leave one of these fields out",
            "schema.yaml:4:18: error: embeddable 'B' holds itself through 'B.a' → 'A.b'; hold it in an array ([B]) or leave one of these fields out",
            "schema.yaml:6:42: error: unknown type 'Strin' for field 'Outer.kind'; did you mean 'String'?",
            "schema.yaml:8:90: error: embeddable 'Outer' holds 'inner' (Inner), which has no column of its own, so field 'Tree.outer' cannot be embedded as columns; store it whole with 'storage: json' instead of 'embedded: true'",
        ])
    }

    @Test func aMemberNamedLikeAColumnPropertyIsReported() {
        #expect(diagnostics("""
            embeddables:
              Tag: { fields: { name: String } }
            models:
              Post: { fields: { tag: { type: Tag, storage: json } } }
            """) == [
            "schema.yaml:2:20: warning: at the top of a JSON column, 'name' is the column's own property, so field 'Tag.name' has no typed path there; rename the field, or reach it with `jsonMember(\"name\", as: Swift.String.self)`",
        ])
    }
}

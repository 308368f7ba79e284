/// The documents of the JSON-path workloads: `documents` rows with an id, a title and a JSON document
/// `{"edition": …, "publisher": {"city": …, "name": …}, "tags": […]}` (the generated `DocMeta`).
///
/// Document `id` is published in `city(id)`, one of `cities` cities, so each city matches `rows / cities` documents
/// (100 of 100k, 10 of the quick run's 10k), and every query of the workloads asks for another city.
extension Fixture {
    /// How many distinct cities the documents name.
    public static let cities = 1_000
    /// The name ormgen gives the index on `meta.publisher.city` (`<table>_<column>_<keys>`), on both engines.
    public static let pathIndex = "documents_meta_publisher_city"

    @inlinable
    public static func documentTitle(_ id: Int) -> String { "Document number \(id)" }
    @inlinable
    public static func publisherName(_ id: Int) -> String { "Publisher \(id % 97)" }
    @inlinable
    public static func city(_ id: Int) -> String { "City \(id % cities)" }
    @inlinable
    public static func edition(_ id: Int) -> Int { 1 + id % 5 }
    @inlinable
    public static func tags(_ id: Int) -> [String] { id % 3 == 0 ? ["tag\(id % 10)"] : ["tag\(id % 10)", "topic\(id % 7)"] }

    /// The city the `k`th JSON-path query asks for: distinct for k in 0..<cities (7,919 is prime to 1,000).
    @inlinable
    public static func pathCity(_ k: Int) -> String { "City \((k &* 7_919) % cities)" }

    /// Folds one decoded document into a checksum; touches every value of the JSON so no decode can be skipped.
    @inlinable @inline(__always)
    public static func foldDocument(
        _ sum: Int, id: Int64, title: String, publisherName: String, city: String, edition: Int, tags: [String]
    ) -> Int {
        var value = Int(id) &+ title.utf8.count &+ publisherName.utf8.count &* 3 &+ city.utf8.count &* 5 &+ edition &* 7
        for tag in tags { value &+= tag.utf8.count &* 11 }
        return sum &+ value
    }
}

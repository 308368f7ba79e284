import ExampleModels
import Foundation
import ORMKit
import Testing

/// `codable: true` models (`Author` in schema/authors.yaml): API JSON with nested key paths into the model, and
/// back; the row path stays positional (Codable is for payloads only).
@Suite("Codable payloads")
struct PayloadTests {
    static let json = Data("""
        {"name": "Ursula K. Le Guin", "contact": {"email": "ursula@example.org"}, "stats": {"rating": 4.9},
         "profile": {"nick": "UKL"}, "born": -1268524800, "website": "https://www.ursulakleguin.com", "unknown": [1, 2]}
        """.utf8)

    @Test func nestedKeyPathsMapIntoTheModel() async throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let author = try Author(payload: Self.json, decoder: decoder)
        #expect(author.name == "Ursula K. Le Guin")
        #expect(author.email == "ursula@example.org")
        #expect(author.rating == 4.9)
        #expect(author.nickname == "UKL")
        #expect(author.born == Date(timeIntervalSince1970: -1_268_524_800))
        #expect(author.id == nil)
        #expect(author.isActive)  // absent: the field's default
        // Saved like any record, then encoded back to the same shape.
        let example = try ExampleDatabase()
        var saved = author
        try await saved.insert(example.db)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        let text = String(decoding: try encoder.encode(saved), as: UTF8.self)
        #expect(text.contains(#""contact":{"email":"ursula@example.org"}"#) && text.contains(#""stats":{"rating":4.9}"#))
        #expect(try Author(payload: Data(text.utf8), decoder: decoder) == saved)
    }

    @Test func aMissingOrMistypedValueNamesItsKeyPath() throws {
        let missing = Data(#"{"name": "Ann", "contact": {}}"#.utf8)
        #expect {
            try Author(payload: missing)
        } throws: { error in
            guard case let DecodingError.keyNotFound(key, context) = error else { return false }
            return (context.codingPath.map(\.stringValue) + [key.stringValue]) == ["contact", "email"]
        }
        let mistyped = Data(#"{"name": "Ann", "contact": {"email": "a"}, "stats": {"rating": "high"}}"#.utf8)
        #expect {
            try Author(payload: mistyped)
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["stats", "rating"]
        }
    }
}

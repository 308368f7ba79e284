/// The coding key of generated `Codable` conformances (`codable: true` in the schema): any string, so a model
/// reads a field at the key path its `payload:` names (`info.age`) without a `CodingKeys` enum per model.
/// Decoding errors carry the path (`DecodingError.keyNotFound(info.age, …)`).
public struct PayloadKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public let stringValue: String
    public var intValue: Int? { nil }

    /// The key `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Integer keys (array positions) are not payload keys.
    public init?(intValue: Int) {
        nil
    }

    /// A key written as a literal in generated code: `forKey: "age"`.
    public init(stringLiteral value: String) {
        self.stringValue = value
    }
}

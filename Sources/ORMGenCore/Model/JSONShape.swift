import Foundation
import ORMSchema

/// What the schema knows of the shape of a type stored as JSON: scalars, embeddables (objects), and arrays and
/// string-keyed dictionaries of these. Typed paths (`Book.metadata.publisher.city`) follow it; a type of unknown
/// shape (any other Codable type) has none.
indirect enum JSONShape: Equatable {
    case scalar(ScalarType)
    /// An embeddable, by name.
    case object(String)
    case array(JSONShape)
    /// `[String: Value]`.
    case dictionary(JSONShape)

    /// The shape of Swift type expression `type` (without a trailing `?`), or nil when it is not made of scalars,
    /// the `embeddables` and collections of these.
    init?(type: String, embeddables: Set<String>) {
        let type = type.trimmingCharacters(in: .whitespaces)
        if type.hasPrefix("["), type.hasSuffix("]") {
            let inner = String(type.dropFirst().dropLast())
            if let colon = Self.topLevelColon(in: inner) {
                guard inner[..<colon].trimmingCharacters(in: .whitespaces) == "String",
                    let value = JSONShape(type: String(inner[inner.index(after: colon)...]), embeddables: embeddables)
                else { return nil }
                self = .dictionary(value)
            } else {
                guard let element = JSONShape(type: inner, embeddables: embeddables) else { return nil }
                self = .array(element)
            }
        } else if let scalar = ScalarType(rawValue: type) {
            self = .scalar(scalar)
        } else if embeddables.contains(type) {
            self = .object(type)
        } else {
            return nil
        }
    }

    /// The embeddable an object shape names, directly (not through a collection).
    var objectName: String? {
        if case let .object(name) = self { name } else { nil }
    }

    private static func topLevelColon(in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}

extension ScalarType {
    /// The JSON scalar a typed path to a value of this type compares as; nil for `Data` and `Decimal`, which
    /// `JSONEncoder` writes as base64 and as a binary floating-point number, so SQL could not compare them exactly.
    var jsonScalarKind: JSONScalarKind? {
        switch self {
        case .string, .uuid, .url: .text
        case .int, .int32, .int64: .integer
        case .double, .float, .date: .real
        case .bool: .boolean
        case .data, .decimal: nil
        }
    }
}

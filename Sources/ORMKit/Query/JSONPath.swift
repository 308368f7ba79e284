import Foundation

/// The JSON document a path starts from: a JSON column, the current element of an enclosing `contains(where:)`,
/// or the entry of a dictionary under a key given at run time.
enum JSONDocument: Sendable, Hashable {
    case column(table: String, name: String)
    /// A column of the table a relation reaches, as in ``SQLExpression``'s relation columns.
    case relationColumn(relation: String, name: String)
    /// The element of the `contains(where:)` at nesting `depth` (0 outermost), aliased ``alias(_:)``.
    case element(depth: Int)
    /// The value under `key` in the JSON object at `object` (`Book.metadata.prices["EUR"]`); the key is bound,
    /// never part of the SQL.
    indirect case entry(JSONLocation, key: String)

    /// Whether the document is a value the engine's iteration returns (an array element or a dictionary entry):
    /// on SQLite a scalar there is already an SQL value, not JSON text.
    var isElement: Bool {
        switch self {
        case .element, .entry: true
        case .column, .relationColumn: false
        }
    }

    /// The nesting depth of a `contains(where:)` over an array in this document.
    var innerDepth: Int {
        switch self {
        case .element(let depth): depth + 1
        case .entry(let object, _): object.document.innerDepth
        case .column, .relationColumn: 0
        }
    }

    /// The alias of the elements of the `contains(where:)` at `depth`.
    static func alias(_ depth: Int) -> String { "json_element\(depth)" }
}

/// Where a value lives inside a JSON document: the document and the keys from its root.
public struct JSONLocation: Sendable, Hashable {
    let document: JSONDocument
    let keys: [String]

    func appending(_ key: String) -> JSONLocation {
        // One allocation (`keys + [key]` made a second array for the literal).
        var longer = keys
        longer.append(key)
        return JSONLocation(document: document, keys: longer)
    }
}

/// An expression that is, or is inside, a JSON column whose shape the schema knows: a JSON column
/// (`Book.metadata`) or a typed path into one (`Book.metadata.publisher`). Generated code declares a path member
/// for each field of an embeddable (`extension JSONPathExpression where Value == Metadata { var publisher … }`);
/// arrays get `contains(_:)` and `contains(where:)`.
public protocol JSONPathExpression: TypedExpression {
    /// The document and keys the expression stands for.
    var jsonLocation: JSONLocation { get }
}

extension JSONPathExpression {
    /// The path to member `key` of this JSON object, typed `Member`. Called by generated code, with `refusesNull`
    /// for a member the embeddable declares non-optional that is optional here only because an object on the way
    /// is (`set(to: nil)` on it would write a document that no longer decodes).
    public func jsonMember<Member>(_ key: String, refusesNull: Bool = false, as type: Member.Type = Member.self) -> JSONPath<Member> {
        JSONPath(jsonLocation.appending(key), refusesNull: refusesNull)
    }
}

extension Column: JSONPathExpression {
    /// The column as a JSON document.
    public var jsonLocation: JSONLocation {
        JSONLocation(document: .column(table: table, name: name), keys: [])
    }
}

/// A typed path into a JSON column: `Book.metadata.publisher.city` is a `JSONPath<String>`. A path to a scalar
/// (``JSONPathLeaf``) compares with values of its type (`==`, `in`, and `<`, `between`, `order` for ordered
/// ones), is selected and assigned in `updateAll`; a path to an object has the object's members; a path to an
/// array has `contains`.
///
/// On SQLite a path reads `json_extract(column, '$.publisher.city')`; on PostgreSQL `column #>> '{publisher,city}'`,
/// cast for numbers and booleans. A path through an absent object (or a nil optional) is NULL.
public struct JSONPath<Value>: JSONPathExpression {
    public typealias Storage = JSONPathStorage<Value>
    /// The document and keys of the path.
    public let jsonLocation: JSONLocation
    /// Whether `set(to: nil)` is refused: the embeddable declares the member non-optional.
    let refusesNull: Bool

    init(_ location: JSONLocation, refusesNull: Bool = false) {
        jsonLocation = location
        self.refusesNull = refusesNull
    }

    /// The value at the path, as SQL compares it.
    public var sqlExpression: SQLExpression {
        let kind = (Value.self as? any JSONPathLeaf.Type)?.jsonScalarKind
        return SQLExpression(.jsonValue(jsonLocation.document, keys: jsonLocation.keys, kind: kind))
    }
}

extension JSONPath: OrderingTerm where Value: OrderedJSONPathLeaf {}

extension JSONPath where Value: Encodable {
    /// Assigns the value at this path in `updateAll`, leaving the rest of the document as it is:
    /// `Book.metadata.edition.set(to: 2)`. SQLite writes it with `json_set`, PostgreSQL with `jsonb_set`. When the
    /// object that holds the path's last key is absent (a nil optional object on the way), the row's document is
    /// left unchanged on both engines: a path never creates a partial object. nil for a member the embeddable
    /// declares non-optional (optional here because an object on the way is) makes `updateAll` throw.
    public func set(to value: Value) -> ColumnAssignment {
        guard case .column(let table, let column) = jsonLocation.document else {
            let error = DatabaseError(
                kind: .misuse,
                message: "a path inside contains(where:) or under a dictionary key cannot be assigned: assign the whole array or dictionary")
            return ColumnAssignment(table: "", column: "", value: SQLExpression(.value(BoundValue(refusing: error))))
        }
        let bound: BoundValue
        do {
            let text = String(decoding: try JSONCoding.encode(value), as: UTF8.self)
            if refusesNull && text == "null" {
                throw DatabaseError(
                    kind: .encoding, message: "'\(jsonLocation.keys.joined(separator: "."))' is not optional in the JSON of \(table).\(column): "
                        + "nil would leave a document that no longer decodes", table: table, column: column)
            }
            bound = BoundValue(storageForm: .text(text), wireForm: .json(text))
        } catch let error as DatabaseError {
            bound = BoundValue(refusing: error)
        } catch {
            bound = BoundValue(refusing: DatabaseError(kind: .encoding, message: "\(Value.self) does not encode as JSON: \(error)"))
        }
        return ColumnAssignment(
            table: table, column: column,
            value: SQLExpression(.jsonSetting(target: SQLExpression(.column(table: table, name: column)), keys: jsonLocation.keys, value: bound)))
    }
}

// Dictionaries: the entry under a key.
extension JSONPathExpression {
    /// The value under `key` in the JSON dictionary, nil when the key is absent: `Book.metadata.prices["EUR"] > 20`.
    /// The key is bound (any string, quotes and dots included); the entry compares, sorts and selects like any
    /// path, and has its type's members and `contains` when it is an object or an array. An entry cannot be
    /// assigned in `updateAll` (it throws `.misuse`): assign the dictionary.
    public subscript<Element>(key: String) -> JSONPath<Element?> where Value == [String: Element] {
        JSONPath(JSONLocation(document: .entry(jsonLocation, key: key), keys: []))
    }

    /// The value under `key` in the JSON dictionary, nil when the key or the dictionary is absent.
    public subscript<Element>(key: String) -> JSONPath<Element?> where Value == [String: Element]? {
        JSONPath(JSONLocation(document: .entry(jsonLocation, key: key), keys: []))
    }
}

// Arrays: membership of a scalar, and a condition on any element.
extension JSONPathExpression {
    /// Whether the JSON array holds `element`: `Book.tags.contains("sf")`, `Book.metadata.keywords.contains("oslo")`.
    /// SQLite scans `json_each`; PostgreSQL tests `@>` (which a GIN index on the column serves).
    public func contains<Element: JSONPathLeaf>(_ element: Element) -> QueryExpression<Bool> where Value == [Element] {
        jsonContains(element, mayBeAbsent: false)
    }

    /// Whether the JSON array is present and holds `element` (false when it is absent, so `!contains` keeps the row).
    public func contains<Element: JSONPathLeaf>(_ element: Element) -> QueryExpression<Bool> where Value == [Element]? {
        jsonContains(element, mayBeAbsent: true)
    }

    /// Whether an element of the JSON array meets `condition`, which reads the element through its paths:
    /// `Book.metadata.editions.contains { $0.year >= 2000 && $0.publisher.city == "Oslo" }`.
    public func contains<Element>(where condition: (JSONPath<Element>) -> QueryExpression<Bool>) -> QueryExpression<Bool>
    where Value == [Element] {
        jsonAny(condition)
    }

    /// Whether the JSON array is present and an element of it meets `condition`.
    public func contains<Element>(where condition: (JSONPath<Element>) -> QueryExpression<Bool>) -> QueryExpression<Bool>
    where Value == [Element]? {
        jsonAny(condition)
    }

    private func jsonContains<Element: JSONPathLeaf>(_ element: Element, mayBeAbsent: Bool) -> QueryExpression<Bool> {
        let bound: BoundValue
        do {
            let text = String(decoding: try JSONCoding.encode(element), as: UTF8.self)
            bound = BoundValue(storageForm: element.jsonScalar, wireForm: .json("[" + text + "]"))
        } catch {
            bound = BoundValue(refusing: DatabaseError(kind: .encoding, message: "\(Element.self) does not encode as JSON: \(error)"))
        }
        return QueryExpression(.jsonContains(jsonLocation.document, keys: jsonLocation.keys, element: bound, mayBeAbsent: mayBeAbsent))
    }

    private func jsonAny<Element>(_ condition: (JSONPath<Element>) -> QueryExpression<Bool>) -> QueryExpression<Bool> {
        let depth = jsonLocation.document.innerDepth
        let element = JSONPath<Element>(JSONLocation(document: .element(depth: depth), keys: []))
        return QueryExpression(.jsonAny(
            jsonLocation.document, keys: jsonLocation.keys, depth: depth, condition: condition(element).sqlExpression))
    }
}

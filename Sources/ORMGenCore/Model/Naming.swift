import ORMSchema
import Foundation

/// Name rules shared by every stage: identifiers, Swift keywords, SQL quoting, case conversion. The public members
/// are the rules `ormgen pull` must follow to write a schema the generator accepts as written.
public enum Naming {
    /// Words Swift reserves in declarations and expressions; such names are written with backticks.
    static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    /// Property names Swift cannot declare or access even with backticks, or that the generated type
    /// already uses (`hashValue` from `Hashable`: a field of that name makes every use ambiguous; the nested
    /// `Columns` and `Relations`); such fields get a trailing underscore in Swift (the column keeps the schema name).
    public static let unusablePropertyNames: Set<String> = [
        "self", "Self", "Type", "Protocol", "Columns", "Relations", "PrimaryKey", "hashValue",
    ]

    /// Type names a model, embeddable or schema cannot take.
    public static let reservedTypeNames: Set<String> = [
        "self", "Self", "Type", "Protocol", "Any", "Swift", "Foundation", "ORMKit", "Columns", "PrimaryKey",
    ]

    /// Names the runtime's record and query API declares on every record type: no static column mirror.
    public static let runtimeAPINames: Set<String> = [
        "all", "filter", "order", "select", "count", "exists", "find", "fetchAll", "fetchOne", "limit", "group",
        "having", "distinct", "page", "deleteAll", "updateAll", "schema", "joining", "including", "Columns",
        "PrimaryKey", "insert", "update", "upsert", "save", "delete", "none", "encode", "didInsert", "init",
        columnsFunction,
    ]

    /// Names a scope cannot take: the record API above, and what the runtime's query requests declare (a scope is
    /// also a member of `QueryRequest` for its model).
    static let queryAPINames: Set<String> = runtimeAPINames.union([
        "unscoped", "defaultScope", "keyCondition", "cursor", "stream", "forEach", "observe", "observeChanges", "sum",
        "min", "max", "average", "countAll", "aggregate", "condition", "orderings",
    ])

    /// The generated record's private static function that builds its `schema`'s columns.
    static let columnsFunction = "makeColumnSchemas"

    /// `[A-Za-z_][A-Za-z0-9_]*`, ASCII only.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty else { return false }
        guard first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The name as Swift source: backticked when it is a keyword.
    static func swift(_ name: String) -> String {
        swiftKeywords.contains(name) ? "`\(name)`" : name
    }

    /// The name as an argument label in a call: a keyword needs backticks there only when it is `inout`, `var` or
    /// `let` (Swift warns about the others), and `_` would mean no label.
    static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let", "_"].contains(name) ? "`\(name)`" : name
    }

    /// The name as an SQL identifier: always double-quoted, embedded quotes doubled.
    static func sql(_ name: String) -> String {
        quoteIdentifier(name)
    }

    /// An SQL string literal: single-quoted, embedded quotes doubled.
    static func sqlString(_ text: String) -> String {
        SQLLiteral.string(text)
    }

    /// `BookLoan` → `book_loan`, `authorID` → `author_id`, `URLString` → `url_string`.
    public static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    index > 0 && previous != "_"
                    && (previous?.isLowercase == true || previous?.isNumber == true
                        || (previous?.isUppercase == true && next?.isLowercase == true))
                if startsWord { result.append("_") }
                result.append(contentsOf: character.lowercased())
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `row` → `Row`.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// `AuthorProfile` → `authorProfile`, `URLLink` → `urlLink`, `ISBN` → `isbn`: the leading capitals lowercased,
    /// except the one starting the next word.
    static func lowerFirstWord(_ name: String) -> String {
        let characters = Array(name)
        let capitals = characters.prefix { $0.isUppercase }.count
        let lowered = capitals > 1 && capitals < characters.count ? capitals - 1 : max(capitals, 1)
        return String(characters.prefix(lowered)).lowercased() + String(characters.dropFirst(lowered))
    }

    /// `shelf` + `row` → `shelfRow`.
    static func camelJoin(_ head: String, _ tail: String) -> String {
        head + upperFirst(tail)
    }

    /// The Swift property name for a schema field name (see `unusablePropertyNames`).
    static func propertyName(for name: String) -> String {
        unusablePropertyNames.contains(name) ? name + "_" : name
    }
}

/// How table and column names default from model and field names (`naming:` at the top of the schema).
enum NamingStyle: String, Sendable, CaseIterable {
    /// `BookLoan` → `book_loan`, `nickName` → `nick_name` (the default).
    case snakeCase = "snake_case"
    /// Names as written: `Invoice`, `InvoiceDate` (for files whose tables are named like the models).
    case asIs

    /// The default SQL name of a model or field named `name`.
    func sqlName(_ name: String) -> String {
        self == .snakeCase ? Naming.snakeCase(name) : name
    }
}

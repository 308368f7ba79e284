import ORMSchema
import Foundation

/// Resolves one declared field: its type (scalar, enum, json, embedded, converter), optionality, default and
/// the options that only make sense for some types. Reports every problem it finds.
struct FieldResolver {
    /// Embeddables by name, already resolved.
    let embeddables: [String: Embeddable]
    let modelNames: Set<String>
    /// Every declared embeddable's name: an embeddable's fields may hold other embeddables (stored as JSON).
    var embeddableNames: Set<String> = []

    /// Resolves a field of a model (`inEmbeddable == false`) or of an embeddable.
    func resolve(
        _ declaration: FieldDeclaration, owner: String, inEmbeddable: Bool, diagnostics: inout DiagnosticBag
    ) -> Field? {
        let name = declaration.name
        let path = "\(owner).\(name.value)"
        guard Naming.isIdentifier(name.value) else {
            diagnostics.error(
                "'\(name.value)' is not a valid field name in '\(owner)'; use letters, digits and underscores, not starting with a digit",
                at: name.location)
            return nil
        }
        let swiftName = Naming.propertyName(for: name.value)
        if swiftName != name.value {
            diagnostics.warning(
                "field '\(path)' is named '\(swiftName)' in Swift, because '\(name.value)' cannot be a property there; its column keeps the name",
                at: name.location)
        }
        if inEmbeddable {
            rejectInEmbeddable(declaration, path: path, diagnostics: &diagnostics)
        }
        guard let (type, isOptional) = resolveType(declaration, owner: owner, path: path, inEmbeddable: inEmbeddable, diagnostics: &diagnostics)
        else { return nil }
        var field = Field(
            name: name.value, swiftName: swiftName, type: type, isOptional: isOptional, defaultValue: nil,
            isTransient: declaration.isTransient?.value ?? false, location: name.location)
        field.storage = resolveStorage(declaration, type: type, path: path, diagnostics: &diagnostics)
        field.sqlType = resolveSQLType(declaration, field: field, path: path, diagnostics: &diagnostics)
        if let literal = declaration.defaultValue {
            switch LiteralConverter.defaultValue(literal.value, for: field, path: path) {
            case let .success(value): field.defaultValue = value
            case let .failure(.message(message)): diagnostics.error(message, at: literal.location)
            }
        }
        checkTransient(declaration, field: field, path: path, diagnostics: &diagnostics)
        if let unique = declaration.isUnique, unique.value, declaration.isIndexed?.value == true {
            diagnostics.warning(
                "field '\(path)' is both 'unique' and 'index'; the unique constraint already creates an index, drop 'index: true'",
                at: unique.location)
        }
        return field
    }

    /// The declared storage of a scalar field (`storage:`, `scale:`); nil for the type's own storage.
    private func resolveStorage(
        _ declaration: FieldDeclaration, type: FieldType, path: String, diagnostics: inout DiagnosticBag
    ) -> ScalarStorage? {
        guard case let .scalar(scalar) = type else {
            if let scale = declaration.scale {
                diagnostics.error("option 'scale' of field '\(path)' applies to Decimal fields only", at: scale.location)
            }
            return nil
        }
        let kinds = ScalarStorage.kinds(for: scalar)
        var storage: ScalarStorage?
        if let written = declaration.storage {
            guard let kind = ScalarStorage.Kind(rawValue: written.value), kinds.contains(kind) else {
                let names = kinds.map(\.rawValue)
                diagnostics.error(
                    names.isEmpty
                        ? "field '\(path)' of type \(scalar.rawValue) takes no 'storage:' (only Date, Decimal, UUID, Bool and json fields do)"
                        : "unknown storage '\(written.value)' for \(scalar.rawValue) field '\(path)'; use one of \(names.joined(separator: ", "))"
                            + Suggestion.didYouMean(written.value, among: names),
                    at: written.location)
                return nil
            }
            storage = ScalarStorage(kind: kind)
        }
        if let scale = declaration.scale {
            guard scalar == .decimal else {
                diagnostics.error("option 'scale' of field '\(path)' applies to Decimal fields only", at: scale.location)
                return nil
            }
            guard (0...12).contains(scale.value) else {
                diagnostics.error("'scale' of field '\(path)' must be 0 to 12 fraction digits, not \(scale.value)", at: scale.location)
                return nil
            }
            if let storage, storage.kind != .scaledInteger {
                diagnostics.error(
                    "field '\(path)' declares 'scale', which stores a scaled INTEGER, and 'storage: \(storage.kind.rawValue)'; remove one of them",
                    at: scale.location)
                return nil
            }
            storage = ScalarStorage(kind: .scaledInteger, scale: scale.value)
        } else if storage?.kind == .scaledInteger {
            diagnostics.error(
                "field '\(path)' is stored as a scaled INTEGER; add 'scale:' with its number of fraction digits (2 for cents)",
                at: declaration.storage?.location ?? declaration.name.location)
            return nil
        }
        guard let storage, !storage.isNative(for: scalar) else { return nil }
        return storage
    }

    /// `sqlType:`: the declared column type, kept verbatim (`NVARCHAR(160)`, `NUMERIC(10,2)`, `DATETIME`). Its
    /// affinity must keep what the storage writes: a TEXT-affinity column would turn numbers into text.
    private func resolveSQLType(
        _ declaration: FieldDeclaration, field: Field, path: String, diagnostics: inout DiagnosticBag
    ) -> String? {
        guard let declared = declaration.sqlType else { return nil }
        switch field.type {
        case .converter:
            return nil
        case .embedded:
            diagnostics.error("option 'sqlType' does not apply to embedded field '\(path)'", at: declared.location)
            return nil
        default:
            break
        }
        guard !declared.value.contains(where: { $0 == "\"" || $0 == ";" || $0 == "\n" }) else {
            diagnostics.error("sqlType '\(declared.value)' of field '\(path)' is not a type name", at: declared.location)
            return nil
        }
        // SQLite's type-name: names, then at most two signed numbers in parentheses (`VARCHAR(MAX)` is a syntax error
        // at migrate, so it is one here).
        let name = "[A-Za-z_][A-Za-z0-9_$]*"
        let number = #"\s*[+-]?[0-9]+(\.[0-9]+)?\s*"#
        let typeName = "^\\s*\(name)(\\s+\(name))*\\s*(\\((\(number))(,\(number))?\\))?\\s*$"
        guard declared.value.isEmpty || declared.value.range(of: typeName, options: .regularExpression) != nil else {
            diagnostics.error(
                "sqlType '\(declared.value)' of field '\(path)' is not an SQL type name; write names, then at most two numbers in parentheses (VARCHAR(255), NUMERIC(10,2))",
                at: declared.location)
            return nil
        }
        let written = field.storage?.sqlType ?? field.type.sqlType
        let affinity = SQLiteAffinity(declaredType: declared.value)
        let isDecimalText: Bool = {
            if case .scalar(.decimal) = field.type, field.storage == nil { return true }
            return false
        }()
        if !affinity.keeps(written) {
            diagnostics.error(
                "sqlType '\(declared.value)' of field '\(path)' has \(affinity.rawValue) affinity, which stores the \(written) values of this field as text; use a numeric sqlType or another storage",
                at: declared.location)
        } else if isDecimalText && affinity != .text && affinity != .blob {
            diagnostics.warning(
                "sqlType '\(declared.value)' of Decimal field '\(path)' has \(affinity.rawValue) affinity, so SQLite stores its values as numbers; declare 'storage: real' (or 'scale:') to compare and sort them",
                at: declared.location)
        } else if let implied = Self.impliedTextStorage(of: declared.value, for: field) {
            diagnostics.warning(
                "sqlType '\(declared.value)' of \(implied.type) field '\(path)' usually holds \(implied.values), but the field is stored as \(implied.stored); if the column holds text, declare 'storage: \(implied.fix.0)' (or '\(implied.fix.1)') (migrate refuses to adopt a file whose values are of another kind than the storage)",
                at: declared.location)
        }
        return declared.value
    }

    /// When a declared type names text the field's storage does not write — a `DATETIME` column (text dates by
    /// SQLite's convention) under a `Date` stored as numbers, a `CHAR(36)` under a `UUID` stored as a 16-byte
    /// BLOB — what to say about it.
    private static func impliedTextStorage(
        of sqlType: String, for field: Field
    ) -> (type: String, values: String, stored: String, fix: (String, String))? {
        let name = sqlType.uppercased()
        switch (field.type, field.storage?.kind) {
        case (.scalar(.date), nil), (.scalar(.date), .unixSeconds?), (.scalar(.date), .unixMilliseconds?), (.scalar(.date), .julianDay?):
            guard name.contains("DATE") || name.contains("TIME") else { return nil }
            let stored = field.storage.map { "numbers (\($0.kind.rawValue))" } ?? "REAL seconds since 2001 (no 'storage:')"
            return ("Date", "text dates ('YYYY-MM-DD HH:MM:SS')", stored, ("sqliteText", "iso8601Text"))
        case (.scalar(.uuid), nil):
            guard SQLiteAffinity(declaredType: sqlType) == .text else { return nil }
            return ("UUID", "UUID text", "a 16-byte BLOB (no 'storage:')", ("text", "uppercaseText"))
        default:
            return nil
        }
    }

    private func rejectInEmbeddable(_ declaration: FieldDeclaration, path: String, diagnostics: inout DiagnosticBag) {
        let options: [(String, SchemaLocation?)] = [
            ("column", declaration.column?.location), ("unique", declaration.isUnique?.location),
            ("index", declaration.isIndexed?.location), ("transient", declaration.isTransient?.location),
            ("check", declaration.check?.location), ("storage", declaration.storage?.location),
            ("embedded", declaration.isEmbedded?.location), ("converter", declaration.isConverter?.location),
            ("enum", declaration.enumeration?.location),
        ]
        for case let (option, location?) in options {
            diagnostics.error(
                "option '\(option)' is not supported for embeddable field '\(path)'; embeddable fields take 'type' and 'default'",
                at: location)
        }
    }

    private func checkTransient(_ declaration: FieldDeclaration, field: Field, path: String, diagnostics: inout DiagnosticBag) {
        guard let transient = declaration.isTransient, transient.value else { return }
        if !field.isOptional && field.defaultValue == nil {
            diagnostics.error(
                "transient field '\(path)' must be optional or have a default, because rows never store it",
                at: transient.location)
        }
        let stored: [(String, SchemaLocation?)] = [
            ("column", declaration.column?.location), ("unique", declaration.isUnique?.location),
            ("index", declaration.isIndexed?.location), ("check", declaration.check?.location),
        ]
        for case let (option, location?) in stored {
            diagnostics.error("transient field '\(path)' is not stored, so '\(option)' does not apply; remove it", at: location)
        }
    }

    private func resolveType(
        _ declaration: FieldDeclaration, owner: String, path: String, inEmbeddable: Bool, diagnostics: inout DiagnosticBag
    ) -> (FieldType, Bool)? {
        let written = declaration.type?.value
        let isOptional = written?.hasSuffix("?") ?? false
        let base = written.map { isOptional ? String($0.dropLast()) : $0 }
        let typeLocation = declaration.type?.location ?? declaration.name.location
        if let enumeration = declaration.enumeration {
            return resolveEnum(enumeration, base: base, isOptional: isOptional, declaration: declaration, path: path, diagnostics: &diagnostics)
        }
        guard let base else {
            diagnostics.error("field '\(path)' needs a 'type'", at: declaration.name.location)
            return nil
        }
        if let storage = declaration.storage, storage.value == "json" || ScalarType(rawValue: base) == nil {
            guard storage.value == "json" else {
                diagnostics.error(
                    "unknown storage '\(storage.value)' for field '\(path)' of type '\(base)'" + Suggestion.didYouMean(storage.value, among: ["json"])
                        + (Suggestion.closest(to: storage.value, among: ["json"]) == nil ? "; a field of this type takes only 'storage: json'" : ""),
                    at: storage.location)
                return nil
            }
            guard Self.isSwiftTypeExpression(base) else {
                diagnostics.error("'\(base)' is not a Swift type for json field '\(path)'", at: typeLocation)
                return nil
            }
            return (.json(swiftType: base), isOptional)
        }
        if declaration.isEmbedded?.value == true {
            guard let embeddable = embeddables[base] else {
                diagnostics.error(
                    "unknown embeddable '\(base)' for field '\(path)'" + Suggestion.didYouMean(base, among: embeddables.keys.sorted()),
                    at: typeLocation)
                return nil
            }
            if isOptional {
                diagnostics.error("embedded field '\(path)' cannot be optional; give its embeddable fields optional types instead", at: typeLocation)
                return nil
            }
            if let nested = embeddable.fields.first(where: { if case .json = $0.type { true } else { false } }) {
                diagnostics.error(
                    "embeddable '\(base)' holds '\(nested.name)' (\(nested.swiftType)), which has no column of its own, so field '\(path)' "
                        + "cannot be embedded as columns; store it whole with 'storage: json' instead of 'embedded: true'",
                    at: declaration.isEmbedded?.location ?? typeLocation)
                return nil
            }
            return (.embedded(embeddable), false)
        }
        if declaration.isConverter?.value == true {
            guard Self.isSwiftTypeExpression(base), !base.contains("[") else {
                diagnostics.error("'\(base)' is not a Swift type name for converter field '\(path)'", at: typeLocation)
                return nil
            }
            var sqlType = ""
            if let declared = declaration.sqlType {
                let allowed = ["INTEGER", "REAL", "TEXT", "BLOB"]
                if allowed.contains(declared.value) {
                    sqlType = declared.value
                } else {
                    diagnostics.error(
                        "unknown sqlType '\(declared.value)' for field '\(path)'; use INTEGER, REAL, TEXT or BLOB"
                            + Suggestion.didYouMean(declared.value.uppercased(), among: allowed), at: declared.location)
                }
            }
            return (.converter(swiftType: base, sqlType: sqlType), isOptional)
        }
        if let scalar = ScalarType(rawValue: base) {
            return (.scalar(scalar), isOptional)
        }
        if inEmbeddable, JSONShape(type: base, embeddables: embeddableNames) != nil {
            // Another embeddable, or an array or dictionary: the embeddable is then stored only as JSON.
            return (.json(swiftType: base), isOptional)
        }
        var message = "unknown type '\(written ?? base)' for field '\(path)'"
        if embeddables[base] != nil && !inEmbeddable {
            message += "; '\(base)' is an embeddable, add 'embedded: true'"
        } else if modelNames.contains(base) {
            message += "; to refer to model '\(base)', declare a belongsTo relation instead of a field"
        } else {
            let candidates = ScalarType.allCases.map(\.rawValue) + (inEmbeddable ? embeddableNames.sorted() : embeddables.keys.sorted())
            let hint = Suggestion.didYouMean(base, among: candidates)
            let scalars = ScalarType.allCases.map(\.rawValue).joined(separator: ", ")
            message += !hint.isEmpty ? hint
                : inEmbeddable ? "; an embeddable field is a scalar (\(scalars)), an embeddable, or an array ([T]) or dictionary ([String: T]) of these"
                : "; use a scalar type (\(scalars)), 'enum', 'storage: json', 'embedded' or 'converter'"
        }
        diagnostics.error(message, at: typeLocation)
        return nil
    }

    private func resolveEnum(
        _ enumeration: EnumDeclaration, base: String?, isOptional: Bool, declaration: FieldDeclaration, path: String,
        diagnostics: inout DiagnosticBag
    ) -> (FieldType, Bool)? {
        var rawType = enumeration.rawType?.value ?? base ?? "String"
        if let base, let declared = enumeration.rawType?.value, base != declared {
            diagnostics.error(
                "field '\(path)' has type '\(base)' but rawType '\(declared)'; give one of them", at: enumeration.location)
        }
        if rawType != "String" && rawType != "Int" {
            let location = enumeration.rawType?.location ?? declaration.type?.location ?? enumeration.location
            diagnostics.error(
                "the raw type of enum field '\(path)' must be String or Int, not '\(rawType)'"
                    + Suggestion.didYouMean(rawType, among: ["String", "Int"]), at: location)
            rawType = "String"
        }
        let isInteger = rawType == "Int"
        var cases: [EnumType.Case] = []
        var seenNames = Set<String>()
        var seenRaws = Set<String>()
        for (offset, entry) in enumeration.cases.enumerated() {
            let name = entry.name
            guard Naming.isIdentifier(name.value), !Naming.unusablePropertyNames.contains(name.value) else {
                diagnostics.error(
                    "enum value '\(name.value)' of field '\(path)' is not a valid Swift case name; use the mapping form { caseName: '\(name.value)' }",
                    at: name.location)
                continue
            }
            var raw = entry.raw?.value ?? (isInteger ? "\(offset)" : name.value)
            if isInteger {
                guard let number = Int64(raw) else {
                    diagnostics.error(
                        "raw value '\(raw)' of enum case '\(name.value)' of field '\(path)' is not an integer",
                        at: entry.raw?.location ?? name.location)
                    continue
                }
                raw = "\(number)"
            }
            guard seenNames.insert(name.value).inserted else {
                diagnostics.error("enum field '\(path)' lists '\(name.value)' twice", at: name.location)
                continue
            }
            guard seenRaws.insert(raw).inserted else {
                diagnostics.error("enum field '\(path)' uses raw value '\(raw)' twice", at: entry.raw?.location ?? name.location)
                continue
            }
            cases.append(EnumType.Case(name: name.value, raw: raw))
        }
        if enumeration.cases.isEmpty {
            diagnostics.error("enum field '\(path)' needs at least one value", at: enumeration.location)
            return nil
        }
        var typeName = Naming.upperFirst(Naming.propertyName(for: declaration.name.value))
        if typeName == declaration.name.value { typeName += "Value" }
        let databaseType = resolveDatabaseType(
            enumeration.databaseType, isInteger: isInteger, cases: cases, path: path, diagnostics: &diagnostics)
        return (.enumeration(EnumType(typeName: typeName, isIntegerRaw: isInteger, cases: cases, databaseType: databaseType)), isOptional)
    }

    /// `enumType:`: a PostgreSQL type name (at most 63 bytes, no control characters) for an enum with String raw
    /// values, whose labels are PostgreSQL enum labels (at most 63 bytes).
    private func resolveDatabaseType(
        _ declared: Located<String>?, isInteger: Bool, cases: [EnumType.Case], path: String, diagnostics: inout DiagnosticBag
    ) -> String? {
        guard let declared else { return nil }
        if isInteger {
            diagnostics.error(
                "option 'enumType' of field '\(path)' needs String raw values: a PostgreSQL enum's labels are text; remove 'rawType: Int' or 'enumType'",
                at: declared.location)
            return nil
        }
        let name = declared.value
        guard !name.isEmpty, name.utf8.count <= 63, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            diagnostics.error(
                "enumType '\(name)' of field '\(path)' is not a PostgreSQL type name; use at most 63 bytes and no control characters",
                at: declared.location)
            return nil
        }
        for label in cases where label.raw.utf8.count > 63 {
            diagnostics.error(
                "raw value '\(label.raw)' of enum field '\(path)' is longer than the 63 bytes of a PostgreSQL enum label",
                at: declared.location)
        }
        return name
    }

    /// Whether `text` is a Swift type as a json or converter field may name one: a dotted name with generic
    /// arguments (`Foundation.Date`, `Set<Tag>`, `Outer<Int>.Inner`), an array `[T]` or a dictionary `[K: V]`,
    /// each optionally followed by `?`; spaces only inside brackets and around `:`, `,`, `<` and `>`, where
    /// Swift allows them. Text that only uses the same characters, such as `inverse[String: String]`, is not
    /// one: generated code would not even parse.
    static func isSwiftTypeExpression(_ text: String) -> Bool {
        var syntax = TypeSyntax(text)
        return syntax.type(depth: 0) && syntax.isAtEnd
    }
}

/// A recursive-descent reading of the Swift type syntax `isSwiftTypeExpression` accepts.
private struct TypeSyntax {
    /// Deeper types are refused: no schema needs them, and the recursion stays shallow.
    static let maximumDepth = 32

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var isAtEnd: Bool { index == scalars.count }

    /// `[T]`, `[K: V]` or a dotted name with generic arguments, then any number of `?`.
    mutating func type(depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        if consume("[") {
            guard type(depth: depth + 1) else { return false }
            if consume(":", spaced: true), !type(depth: depth + 1) { return false }
            guard consume("]", spaced: true) else { return false }
        } else {
            repeat {
                guard identifier() else { return false }
                if consume("<", spaced: true) {
                    repeat {
                        guard type(depth: depth + 1) else { return false }
                    } while consume(",", spaced: true)
                    guard consume(">", spaced: true) else { return false }
                }
            } while consume(".")
        }
        while consume("?") {}
        return true
    }

    private mutating func identifier() -> Bool {
        guard index < scalars.count, Self.isIdentifierHead(scalars[index]) else { return false }
        index += 1
        while index < scalars.count, Self.isIdentifierHead(scalars[index]) || ("0"..."9").contains(scalars[index]) {
            index += 1
        }
        return true
    }

    /// Consumes `token` (after spaces when `spaced`), and the spaces after an opening bracket or separator;
    /// or nothing.
    private mutating func consume(_ token: Unicode.Scalar, spaced: Bool = false) -> Bool {
        var next = index
        if spaced { while next < scalars.count, scalars[next] == " " { next += 1 } }
        guard next < scalars.count, scalars[next] == token else { return false }
        index = next + 1
        if ["[", "<", ",", ":"].contains(token) { while index < scalars.count, scalars[index] == " " { index += 1 } }
        return true
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }
}

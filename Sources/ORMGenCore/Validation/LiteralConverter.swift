import Foundation

/// Checks a `default:` or seed literal against its field's type and converts it: to Swift and SQL text for
/// defaults, to SQLite storage classes (per the storage mapping) for seed rows. Failures are messages.
enum LiteralConverter {
    enum Failure: Error {
        case message(String)
    }

    // MARK: Defaults

    static func defaultValue(_ literal: LiteralValue, for field: Field, path: String) -> Result<DefaultValue, Failure> {
        guard case let .scalar(scalar) = literal else {
            return .failure(.message("the default of field '\(path)' must be a single value"))
        }
        if scalar.isNull {
            guard field.isOptional else {
                return .failure(.message("field '\(path)' is not optional, so its default cannot be null; make the type optional ('?') or remove the default"))
            }
            return .success(DefaultValue(swift: "nil"))
        }
        let text = scalar.text
        let misfit = Failure.message("default '\(text)' does not fit type '\(typeDescription(field.type))' of field '\(path)'")
        switch field.type {
        case let .scalar(type):
            return scalarDefault(text, type: type, storage: field.storage).map { .success($0) } ?? .failure(misfit)
        case let .enumeration(enumType):
            guard let found = enumCase(text, in: enumType) else {
                let values = enumType.cases.map(\.name)
                return .failure(.message(
                    "default '\(text)' of field '\(path)' is not one of its enum values (\(values.joined(separator: ", ")))"
                        + Suggestion.didYouMean(text, among: values)))
            }
            let stored = enumType.isIntegerRaw ? StoredLiteral.integer(Int64(found.raw) ?? 0) : StoredLiteral.text(found.raw)
            return .success(DefaultValue(
                swift: "." + Naming.swift(found.name), seed: stored,
                wire: .value(WireLiterals.enumeration(found, in: enumType))))
        case .json, .embedded, .converter:
            return .failure(.message(
                "field '\(path)' cannot have a default: defaults are supported for scalar and enum fields; set the value in code"))
        }
    }

    private static func scalarDefault(_ text: String, type: ScalarType, storage: ScalarStorage?) -> DefaultValue? {
        guard text != "now" || type != .date else {
            return DefaultValue(swift: "Foundation.Date()", wire: .now)
        }
        let swift: String
        switch type {
        case .bool: swift = ScalarLiterals.bool(text).map { $0 ? "true" : "false" } ?? ""
        case .int, .int32, .int64: swift = ScalarLiterals.integer(text, as: type).map { "\($0)" } ?? ""
        case .double, .float: swift = ScalarLiterals.real(text).map { ScalarLiterals.realLiteral(text, value: $0) } ?? ""
        case .string: swift = SwiftLiteral.string(text)
        case .date: swift = ScalarLiterals.date(text).map { "Foundation.Date(timeIntervalSince1970: \(SwiftLiteral.double($0)))" } ?? ""
        case .uuid:
            swift = ScalarLiterals.uuid(text).map { bytes in
                "Foundation.UUID(uuid: (\(bytes.map { "0x" + SwiftLiteral.hex($0) }.joined(separator: ", "))))"
            } ?? ""
        case .decimal:
            swift = ScalarLiterals.decimal(text).map { parts in
                "Foundation.Decimal(sign: .\(parts.negative ? "minus" : "plus"), exponent: \(parts.exponent), significand: \(parts.significand))"
            } ?? ""
        case .data, .url: swift = ""
        }
        guard !swift.isEmpty, let stored = storedScalar(text, scalar: type, storage: storage),
            let wire = WireLiterals.scalar(text, type: type)
        else { return nil }
        return DefaultValue(swift: swift, seed: stored, wire: .value(wire))
    }

    static func enumCase(_ text: String, in enumType: EnumType) -> EnumType.Case? {
        enumType.cases.first { $0.name == text } ?? enumType.cases.first { $0.raw == text }
    }

    static func typeDescription(_ type: FieldType) -> String {
        switch type {
        case let .scalar(scalar): scalar.rawValue
        case let .enumeration(enumType): "enum \(enumType.typeName)"
        case let .json(swiftType): swiftType
        case let .embedded(embeddable): embeddable.name
        case let .converter(swiftType, _): swiftType
        }
    }

    // MARK: Seed values

    /// The storage values of one field in a seed row: one per column (embedded fields have several).
    static func seedValues(_ literal: LiteralValue, for field: Field, path: String) -> Result<[SeedValue], Failure> {
        if case let .scalar(scalar) = literal, scalar.isNull {
            guard field.isOptional else {
                return .failure(.message("seed value for field '\(path)' is null, but the field is not optional"))
            }
            if case let .embedded(embeddable) = field.type {
                return .success(Array(repeating: .null, count: embeddable.fields.count))
            }
            return .success([.null])
        }
        switch field.type {
        case let .embedded(embeddable):
            return embeddedSeed(literal, embeddable: embeddable, path: path)
        case .json:
            return .success([.text(JSONText.render(literal))])
        default:
            guard case let .scalar(scalar) = literal else {
                return .failure(.message("seed value for field '\(path)' must be a single value"))
            }
            return seedScalar(scalar.text, type: field.type, storage: field.storage, path: path).map { [$0] }
        }
    }

    private static func seedScalar(_ text: String, type: FieldType, storage: ScalarStorage?, path: String) -> Result<SeedValue, Failure> {
        let misfit = Failure.message("seed value '\(text)' for field '\(path)' does not fit type '\(typeDescription(type))'")
        switch type {
        case let .scalar(scalar):
            return storedScalar(text, scalar: scalar, storage: storage).map { .success($0) } ?? .failure(misfit)
        case let .enumeration(enumType):
            guard let found = enumCase(text, in: enumType) else {
                let values = enumType.cases.map(\.name)
                return .failure(.message(
                    "seed value '\(text)' for field '\(path)' is not one of its enum values (\(values.joined(separator: ", ")))"
                        + Suggestion.didYouMean(text, among: values)))
            }
            if enumType.isIntegerRaw { return .success(.integer(Int64(found.raw) ?? 0)) }
            return .success(.text(found.raw))
        case let .converter(_, sqlType):
            switch sqlType {
            case "INTEGER": return ScalarLiterals.integer(text, as: .int64).map { .success(.integer($0)) } ?? .failure(misfit)
            case "REAL": return ScalarLiterals.real(text).map { .success(.real($0)) } ?? .failure(misfit)
            case "BLOB": return ScalarLiterals.base64(text).map { .success(.blob($0)) } ?? .failure(misfit)
            default: return .success(.text(text))
            }
        case .json, .embedded:
            return .failure(misfit)
        }
    }

    /// A scalar literal checked against `scalar` and written in `storage` (nil: the type's own).
    private static func storedScalar(_ text: String, scalar: ScalarType, storage: ScalarStorage?) -> SeedValue? {
        switch scalar {
        case .bool: return ScalarLiterals.bool(text).map { StoredLiteral.bool($0, storage: storage) }
        case .int, .int32, .int64: return ScalarLiterals.integer(text, as: scalar).map(StoredLiteral.integer)
        case .double, .float: return ScalarLiterals.real(text).map(StoredLiteral.real)
        case .string, .url: return StoredLiteral.text(text)
        case .decimal: return ScalarLiterals.decimal(text).flatMap { StoredLiteral.decimal(text, parts: $0, storage: storage) }
        case .data: return ScalarLiterals.base64(text).map { .blob($0) }
        case .date: return ScalarLiterals.date(text).map { StoredLiteral.date(unixSeconds: $0, storage: storage) }
        case .uuid: return ScalarLiterals.uuid(text).map { StoredLiteral.uuid($0, text: text, storage: storage) }
        }
    }

    private static func embeddedSeed(_ literal: LiteralValue, embeddable: Embeddable, path: String) -> Result<[SeedValue], Failure> {
        guard case let .mapping(entries) = literal else {
            let names = embeddable.fields.map { "\($0.name): …" }.joined(separator: ", ")
            return .failure(.message("seed value for embedded field '\(path)' must be a mapping like { \(names) }"))
        }
        for entry in entries where !embeddable.fields.contains(where: { $0.name == entry.key.value }) {
            return .failure(.message(
                "seed value for '\(path)' has unknown field '\(entry.key.value)'"
                    + Suggestion.didYouMean(entry.key.value, among: embeddable.fields.map(\.name))))
        }
        var values: [SeedValue] = []
        for subfield in embeddable.fields {
            let subpath = "\(path).\(subfield.name)"
            if let entry = entries.first(where: { $0.key.value == subfield.name }) {
                switch seedValues(entry.value.value, for: subfield, path: subpath) {
                case let .success(converted): values += converted
                case let .failure(failure): return .failure(failure)
                }
            } else if let value = defaultSeedValue(for: subfield) {
                values.append(value)
            } else {
                return .failure(.message("seed value for '\(path)' is missing '\(subfield.name)', which has no default"))
            }
        }
        return .success(values)
    }

    /// The storage value a field's default stands for, when the default is a constant.
    static func defaultSeedValue(for field: Field) -> SeedValue? {
        guard let defaultValue = field.defaultValue else { return field.isOptional ? .null : nil }
        return defaultValue.swift == "nil" ? .null : defaultValue.seed
    }
}

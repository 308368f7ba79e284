/// Defaults and seed values as typed engines (PostgreSQL) receive them: the same checked literals as
/// `LiteralConverter` reads, before any storage writes them (a `Date` is a point in time, a `Decimal` exact).
/// Called only on literals `LiteralConverter` has accepted.
enum WireLiterals {
    /// A scalar literal of `type`; nil when it does not fit (which `LiteralConverter` has reported).
    static func scalar(_ text: String, type: ScalarType) -> WireLiteral? {
        switch type {
        case .bool: ScalarLiterals.bool(text).map(WireLiteral.bool)
        case .int, .int32, .int64: ScalarLiterals.integer(text, as: type).map(WireLiteral.integer)
        case .double, .float: ScalarLiterals.real(text).map(WireLiteral.double)
        case .string, .url: .text(text)
        case .decimal:
            ScalarLiterals.decimal(text).map { .decimal(negative: $0.negative, significand: $0.significand, exponent: $0.exponent) }
        case .data: ScalarLiterals.base64(text).map(WireLiteral.bytes)
        case .date: ScalarLiterals.date(text).map { .timestamp(unixSeconds: $0) }
        case .uuid: ScalarLiterals.uuid(text).map(WireLiteral.uuid)
        }
    }

    /// An enum case's raw value.
    static func enumeration(_ found: EnumType.Case, in enumType: EnumType) -> WireLiteral {
        enumType.isIntegerRaw ? .integer(Int64(found.raw) ?? 0) : .text(found.raw)
    }

    /// The values of one field in a seed row, one per column (embedded fields have several).
    static func values(_ literal: LiteralValue, for field: Field) -> [WireLiteral] {
        if case let .scalar(scalar) = literal, scalar.isNull {
            if case let .embedded(embeddable) = field.type { return Array(repeating: .null, count: embeddable.fields.count) }
            return [.null]
        }
        switch field.type {
        case let .embedded(embeddable):
            guard case let .mapping(entries) = literal else { return Array(repeating: .null, count: embeddable.fields.count) }
            return embeddable.fields.flatMap { subfield in
                entries.first { $0.key.value == subfield.name }.map { values($0.value.value, for: subfield) }
                    ?? [defaultValue(for: subfield) ?? .null]
            }
        case .json:
            return [.json(JSONText.render(literal))]
        case let .scalar(type):
            guard case let .scalar(scalar) = literal else { return [.null] }
            return [self.scalar(scalar.text, type: type) ?? .null]
        case let .enumeration(enumType):
            guard case let .scalar(scalar) = literal, let found = LiteralConverter.enumCase(scalar.text, in: enumType) else { return [.null] }
            return [enumeration(found, in: enumType)]
        case let .converter(_, sqlType):
            guard case let .scalar(scalar) = literal else { return [.null] }
            let text = scalar.text
            switch sqlType {
            case "INTEGER": return [ScalarLiterals.integer(text, as: .int64).map(WireLiteral.integer) ?? .null]
            case "REAL": return [ScalarLiterals.real(text).map(WireLiteral.double) ?? .null]
            case "BLOB": return [ScalarLiterals.base64(text).map(WireLiteral.bytes) ?? .null]
            default: return [.text(text)]
            }
        }
    }

    /// The value a seed row gets for an omitted field whose default is a constant (`.null` for optionals
    /// without one); nil for `now` and for required fields without a default.
    static func defaultValue(for field: Field) -> WireLiteral? {
        guard let defaultValue = field.defaultValue else { return field.isOptional ? .null : nil }
        switch defaultValue.wire {
        case nil: return .null
        case .now?: return nil
        case let .value(value)?: return value
        }
    }
}

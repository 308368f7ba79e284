extension FieldType {
    /// The Swift type, without optionality, as the generated code writes it.
    var swiftType: String {
        switch self {
        case let .scalar(scalar): scalar.swiftName
        case let .enumeration(enumType): enumType.typeName
        case let .json(swiftType): swiftType
        case let .embedded(embeddable): embeddable.name
        case let .converter(swiftType, _): swiftType
        }
    }

    /// The declared SQL type of the (single) column.
    var sqlType: String {
        switch self {
        case let .scalar(scalar): scalar.sqlType
        case let .enumeration(enumType): enumType.isIntegerRaw ? "INTEGER" : "TEXT"
        case .json: "TEXT"
        case .embedded: ""
        case let .converter(_, sqlType): sqlType
        }
    }

    /// Whether the Swift type names a Foundation type (so a public declaration needs `public import Foundation`).
    var usesFoundation: Bool {
        switch self {
        case let .scalar(scalar): scalar.isFoundation
        case .enumeration, .converter: false
        case let .json(swiftType):
            swiftType.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." })
                .contains { ["Date", "Data", "UUID", "URL", "Decimal"].contains($0) || $0.hasPrefix("Foundation.") }
        case let .embedded(embeddable): embeddable.fields.contains { $0.type.usesFoundation }
        }
    }
}

extension Field {
    /// Whether the field's type is one the app declares (a converter or a json type), not the runtime's.
    var usesUserType: Bool {
        switch type {
        case .converter, .json: true
        default: false
        }
    }

    /// The Swift type including `?` when optional.
    var swiftType: String { type.swiftType + (isOptional ? "?" : "") }

    /// The runtime storage type of a declared storage, wrapped in `ORMKit.NullableStorage` when optional; nil for
    /// the type's own storage.
    var storageType: String? {
        guard case let .scalar(scalar) = type, let runtimeType = storage?.runtimeType(for: scalar) else { return nil }
        return isOptional ? "ORMKit.NullableStorage<\(runtimeType)>" : runtimeType
    }

    /// The storage name of a Date, Decimal, UUID or Bool field (its declared one, or its type's own); nil for
    /// other types.
    var storageName: String? {
        guard case let .scalar(scalar) = type, let native = ScalarStorage.kinds(for: scalar).first else { return nil }
        return (storage?.kind ?? native).rawValue
    }
}

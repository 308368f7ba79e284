import ORMSchema

/// How a scalar field's values are stored when the schema declares it (`storage:`, `scale:`): the column type,
/// the runtime storage the generated code reads and binds with, and whether SQL sorts it as Swift does.
struct ScalarStorage: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable {
        // Date
        case referenceSeconds, unixSeconds, unixMilliseconds, iso8601Text, sqliteText, julianDay
        // Decimal (text), UUID (text, uppercaseText, blob), Bool (integer, text)
        case text, real, scaledInteger, uppercaseText, blob, integer
    }

    var kind: Kind
    /// Fraction digits of a scaled INTEGER decimal.
    var scale: Int = 0

    /// The storages `type` may declare, its native one first.
    static func kinds(for type: ScalarType) -> [Kind] {
        switch type {
        case .date: [.referenceSeconds, .unixSeconds, .unixMilliseconds, .iso8601Text, .sqliteText, .julianDay]
        case .decimal: [.text, .real, .scaledInteger]
        case .uuid: [.blob, .text, .uppercaseText]
        case .bool: [.integer, .text]
        default: []
        }
    }

    /// Whether this is the type's own storage (generated code reads and binds it without a storage type).
    func isNative(for type: ScalarType) -> Bool { Self.kinds(for: type).first == kind }

    /// The runtime storage type for `type`, e.g. `ORMKit.DateStorage.SQLiteText`; nil for the native storage.
    func runtimeType(for type: ScalarType) -> String? {
        guard !isNative(for: type) else { return nil }
        let namespace = "ORMKit.\(type.rawValue)Storage."
        switch kind {
        case .unixSeconds: return namespace + "UnixSeconds"
        case .unixMilliseconds: return namespace + "UnixMilliseconds"
        case .iso8601Text: return namespace + "ISO8601Text"
        case .sqliteText: return namespace + "SQLiteText"
        case .julianDay: return namespace + "JulianDay"
        case .real: return namespace + "Real"
        case .scaledInteger: return namespace + "Scaled<ORMKit.DecimalStorage.Scale\(scale)>"
        case .text: return namespace + "Text"
        case .uppercaseText: return namespace + "UppercaseText"
        case .referenceSeconds, .blob, .integer: return nil
        }
    }

    /// The SQL type ormgen declares the column with (unless the field sets `sqlType:`).
    var sqlType: String {
        switch kind {
        case .referenceSeconds, .unixSeconds, .julianDay, .real: "REAL"
        case .unixMilliseconds, .scaledInteger, .integer: "INTEGER"
        case .iso8601Text, .sqliteText, .text, .uppercaseText: "TEXT"
        case .blob: "BLOB"
        }
    }
}

extension SQLiteAffinity {
    /// Whether values of storage class `written` (INTEGER, REAL, TEXT or BLOB) read back in a class the storage
    /// reads from a column of this affinity: a TEXT column turns numbers into text. (A numeric column turns
    /// numeric-looking text into numbers; of the text storages only `Decimal`'s looks numeric, and it reads them.)
    func keeps(_ written: String) -> Bool {
        !(self == .text && (written == "INTEGER" || written == "REAL"))
    }
}

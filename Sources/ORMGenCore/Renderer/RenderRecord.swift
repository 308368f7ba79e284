extension SwiftRenderer {
    func renderRecordConformance(_ model: Model, into writer: inout CodeWriter) {
        // A key the app sets: writes assign nothing back, so `KeyedRecord`'s non-mutating insert/save/upsert apply.
        let isAutoIncrement: Bool = { if case .autoIncrement = model.key { return true } else { return false } }()
        let conformance = isAutoIncrement ? "ORMKit.Record" : "ORMKit.KeyedRecord"
        writer.block("extension \(Naming.swift(model.name)): \(conformance) {") { writer in
            let keyFields = keyFieldIndexes(model).map { model.fields[$0] }
            if case .composite = model.key {
                renderCompositeKey(keyFields, into: &writer)
            } else if let key = keyFields.first {
                writer.line("\(modifier)typealias PrimaryKey = \(key.type.swiftType)")
            }
            writer.line()
            writer.line("\(modifier)static let schema = " + renderTableSchema(model.table, indent: 1))
            writer.line()
            renderDecoder(model, into: &writer)
            writer.line()
            renderEncoder(model, into: &writer)
            writer.line()
            renderKeyEncoder(model, keyFields: keyFields, into: &writer)
            if case let .autoIncrement(index) = model.key {
                writer.line()
                writer.block("\(modifier)mutating func didInsert(rowID: Swift.Int64) {") { writer in
                    writer.line("self.\(Naming.swift(model.fields[index].swiftName)) = rowID")
                }
            }
        }
    }

    func keyFieldIndexes(_ model: Model) -> [Int] {
        switch model.key {
        case let .autoIncrement(index), let .single(index): [index]
        case let .composite(indexes): indexes
        }
    }

    private func renderCompositeKey(_ fields: [Field], into writer: inout CodeWriter) {
        writer.block("\(modifier)struct PrimaryKey: Swift.Sendable, Swift.Hashable {") { writer in
            for field in fields {
                writer.line("\(modifier)var \(Naming.swift(field.swiftName)): \(field.swiftType)")
            }
            writer.line()
            renderMemberwiseInit(fields: fields.map { ($0, $0.swiftType, nil) }, into: &writer)
        }
    }

    /// One positional decoder over `ORMKit.RowDecoder`, and a witness per engine's row type calling it: each
    /// witness gets its own specialization, so SQLite's `Row` reads inline as if written for it alone.
    private func renderDecoder(_ model: Model, into writer: inout CodeWriter) {
        for rowType in ["ORMKit.Row", "ORMKit.WireRow"] {
            writer.block("\(modifier)init(row: \(rowType)) throws {") { writer in
                writer.line("try self.init(decoding: row)")
            }
            writer.line()
        }
        writer.line("@inline(__always)")
        writer.block("private init(decoding row: some ORMKit.RowDecoder) throws {") { writer in
            var columnIndex = 0
            for field in model.fields {
                let target = "self.\(Naming.swift(field.swiftName))"
                if field.isTransient {
                    writer.line("\(target) = \(field.defaultValue?.swift ?? "nil")")
                    continue
                }
                switch field.type {
                case let .embedded(embeddable):
                    let arguments = embeddable.fields.map { subfield -> String in
                        defer { columnIndex += 1 }
                        return "\(Naming.swift(subfield.swiftName)): try row.decode(at: \(columnIndex))"
                    }
                    writer.line("\(target) = \(Naming.swift(embeddable.name))(\(arguments.joined(separator: ", ")))")
                case .json:
                    writer.line("\(target) = try row.decodeJSON(at: \(columnIndex))")
                    columnIndex += 1
                default:
                    writer.line("\(target) = try row.decode(at: \(columnIndex)\(storageArgument(field)))")
                    columnIndex += 1
                }
            }
        }
    }

    /// One positional encoder over `ORMKit.RowEncoder`, and a witness per engine's encoder calling it.
    private func renderEncoder(_ model: Model, into writer: inout CodeWriter) {
        for encoderType in ["ORMKit.RecordEncoder", "ORMKit.WireEncoder"] {
            writer.block("\(modifier)func encode(to encoder: inout \(encoderType)) throws {") { writer in
                writer.line("try encodeColumns(to: &encoder)")
            }
            writer.line()
        }
        writer.line("@inline(__always)")
        writer.block("private func encodeColumns(to encoder: inout some ORMKit.RowEncoder) throws {") { writer in
            for field in model.fields where !field.isTransient {
                let value = "self.\(Naming.swift(field.swiftName))"
                switch field.type {
                case let .embedded(embeddable):
                    for subfield in embeddable.fields {
                        writer.line("try encoder.encode(\(value).\(Naming.swift(subfield.swiftName)))")
                    }
                case .json:
                    writer.line("try encoder.encodeJSON(\(value))")
                default:
                    writer.line("try encoder.encode(\(value)\(storageArgument(field)))")
                }
            }
        }
    }

    /// `, as: Storage.self` for a field with a declared storage, else nothing.
    private func storageArgument(_ field: Field) -> String {
        field.storageType.map { ", as: \($0).self" } ?? ""
    }

    private func renderKeyEncoder(_ model: Model, keyFields: [Field], into writer: inout CodeWriter) {
        let keyType: String
        if case .composite = model.key {
            keyType = "PrimaryKey"
        } else {
            keyType = keyFields.first?.type.swiftType ?? "Swift.Int64"
        }
        for encoderType in ["ORMKit.RecordEncoder", "ORMKit.WireEncoder"] {
            writer.block("\(modifier)static func encode(key: \(keyType), to encoder: inout \(encoderType)) throws {") { writer in
                writer.line("try encodeKey(key, to: &encoder)")
            }
            writer.line()
        }
        writer.line("@inline(__always)")
        writer.block("private static func encodeKey(_ key: \(keyType), to encoder: inout some ORMKit.RowEncoder) throws {") { writer in
            if case .composite = model.key {
                for field in keyFields {
                    writer.line("try encoder.encode(key.\(Naming.swift(field.swiftName))\(storageArgument(field)))")
                }
            } else {
                writer.line("try encoder.encode(key\(keyFields.first.map(storageArgument) ?? ""))")
            }
        }
    }
}

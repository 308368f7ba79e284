extension SwiftRenderer {
    func renderRecordConformance(_ model: Model, into writer: inout CodeWriter) {
        // A key the app sets: writes assign nothing back, so `KeyedRecord`'s non-mutating insert/save/upsert apply.
        let isAutoIncrement: Bool = { if case .autoIncrement = model.key { return true } else { return false } }()
        let conformance = (isAutoIncrement ? "ORMKit.Record" : "ORMKit.KeyedRecord") + (model.table.search == nil ? "" : ", ORMKit.SearchableRecord")
        writer.block("extension \(Naming.swift(model.name)): \(conformance) {") { writer in
            let keyFields = keyFieldIndexes(model).map { model.fields[$0] }
            if case .composite = model.key {
                renderCompositeKey(keyFields, into: &writer)
            } else if let key = keyFields.first {
                writer.line("\(modifier)typealias PrimaryKey = \(key.type.swiftType)")
            }
            writer.line()
            writer.line(
                "\(modifier)static let schema = " + renderTableSchema(model.table, indent: 1, columnsFunction: Naming.columnsFunction))
            writer.line()
            renderColumnsFunction(model.table, name: Naming.columnsFunction, into: &writer)
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
            renderScopedReads(model, into: &writer)
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
        let reads = columnReads(model)
        let transient = model.fields.filter(\.isTransient)
        let isWide = model.fields.count > Self.wideModelFieldCount
        writer.line("@inline(__always)")
        writer.block("private init(decoding row: some ORMKit.RowDecoder) throws {") { writer in
            if isWide {
                for (number, chunk) in decodingChunks(reads).enumerated() {
                    let targets = chunk.map { "self.\(Naming.swift($0.field.swiftName))" }.joined(separator: ", ")
                    writer.line("(\(targets)) = try Self.decodeColumns\(number)(row)")
                }
                for field in transient { writer.line("self.\(Naming.swift(field.swiftName)) = \(transientValue(field))") }
            } else {
                // Each value read straight into the memberwise initializer's argument: assigning the properties one
                // `try` at a time left Swift 6.3 copying the finished record once more (see `storedPropertyType`).
                let readsByName = Dictionary(uniqueKeysWithValues: reads.map { ($0.field.name, $0.expression) })
                let arguments = model.fields.map { field in
                    "\(Naming.argumentLabel(field.swiftName)): " + (readsByName[field.name] ?? transientValue(field))
                }
                writer.line("self.init(")
                for (offset, argument) in arguments.enumerated() {
                    writer.line("    \(argument)\(offset == arguments.count - 1 ? "" : ",")")
                }
                writer.line(")")
            }
        }
        guard isWide else { return }
        for (number, chunk) in decodingChunks(reads).enumerated() {
            let types = chunk.map { propertyType($0.field, in: model) }.joined(separator: ", ")
            writer.line()
            writer.line("@inline(__always)")
            writer.block("private static func decodeColumns\(number)(_ row: some ORMKit.RowDecoder) throws -> (\(types)) {") { writer in
                writer.line("(\(chunk.map(\.expression).joined(separator: ", ")))")
            }
        }
    }

    /// What a decoded record holds in a transient field: its default (nil when it has none).
    private func transientValue(_ field: Field) -> String {
        field.defaultValue?.swift ?? "nil"
    }

    /// Models with more fields than this decode in chunks (`decodingChunks`).
    static let wideModelFieldCount = 64

    /// A wide model's stored fields in groups of 16, each read by its own function into a tuple that the decoding
    /// initializer assigns at once. Swift 6's checks of an initializer (definite initialization, region
    /// isolation) take memory that grows with its fields times its `try`s: 2,000 fields assigned one `try` each took
    /// 2 GB to compile, 125 tuple assignments 170 MB.
    private func decodingChunks(_ reads: [ColumnRead]) -> [ArraySlice<ColumnRead>] {
        stride(from: 0, to: reads.count, by: 16).map { reads[$0..<min($0 + 16, reads.count)] }
    }

    /// How a stored field is read from a row: `try row.decode(at: 3)`, an embeddable from its columns, JSON.
    struct ColumnRead {
        let field: Field
        let expression: String
    }

    /// The stored fields' reads, in column order (transient fields have none).
    private func columnReads(_ model: Model) -> [ColumnRead] {
        var columnIndex = 0
        return model.fields.filter { !$0.isTransient }.map { field in
            switch field.type {
            case let .embedded(embeddable):
                let arguments = embeddable.fields.map { subfield -> String in
                    defer { columnIndex += 1 }
                    return "\(Naming.swift(subfield.swiftName)): try row.decode(at: \(columnIndex))"
                }
                return ColumnRead(field: field, expression: "\(Naming.swift(embeddable.name))(\(arguments.joined(separator: ", ")))")
            case .json:
                defer { columnIndex += 1 }
                return ColumnRead(field: field, expression: "try row.decodeJSON(at: \(columnIndex))")
            default:
                defer { columnIndex += 1 }
                return ColumnRead(field: field, expression: "try row.decode(at: \(columnIndex)\(storageArgument(field)))")
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

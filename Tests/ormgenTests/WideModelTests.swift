import Foundation
import ORMGenCore
import TestSupport
import Testing

/// Generated code for a wide table compiles in time and memory that grow linearly with its columns. Swift 6's
/// checks of an initializer grow faster than the square of its fields in one basic block (an initializer
/// assigning 1,000 fields one `try` each took 5.3 GB and 74 s to compile in debug), so a model of more than
/// 64 fields is generated in another shape: its initializer in blocks of four
/// assignments, its row decoder in tuples of 16 columns, its column list built one statement at a time.
@Suite struct WideModelTests {
    /// A model of `columns` columns besides its implicit `id` cycling through every kind of field: scalars, optionals, declared storages,
    /// decimals with a scale, enums, JSON, an embeddable (two columns) and a transient field, public.
    static func schema(columns: Int) -> String {
        let kinds = [
            "Int", "String", "Double", "Bool", "Int32", "String?", "Int?", "Date", "Data?", "UUID",
            "{ type: Date?, storage: iso8601Text }", "{ type: Decimal, scale: 2, default: \"0.00\" }",
            "{ enum: [low, high], default: low }", "{ type: \"[String]\", storage: json }",
            "{ type: Bool, storage: text, default: false }", "{ type: UUID?, storage: uppercaseText }",
        ]
        var lines = ["access: public", "embeddables:", "  Point:", "    fields:", "      x: Int", "      y: Int", "models:", "  Gauge:", "    fields:"]
        lines.append("      position: { type: Point, embedded: true }")
        lines.append("      note: { type: String?, transient: true }")
        for index in 0..<(columns - 2) { lines.append("      f\(index): \(kinds[index % kinds.count])") }
        return lines.joined(separator: "\n") + "\n"
    }

    private func generate(columns: Int) -> [String: String] {
        let result = Generator.generate(inputs: [SchemaInput(path: "wide.yaml", contents: Self.schema(columns: columns))], options: GeneratorOptions())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, $0.contents) })
    }

    @Test func aThousandColumnModelCompilesInDebugInBoundedMemory() throws {
        let files = generate(columns: 1_000)
        let model = try #require(files["Gauge.swift"])
        #expect(model.contains("(self.id, self.position, self.f0, ") && model.contains("= try Self.decodeColumns62(row)"))
        #expect(model.contains("if Bool(true) {}") && model.contains("columns.append(ORMKit.ColumnSchema("))
        let result = try SwiftTypeCheck.run(files: files, importing: ["ORMKit"], stage: .debugObjectFiles)
        #expect(result.status == 0, "\(result.output)")
        // 1,000 columns took 5.3 GB in the one-block shape, 0.4 GB in this one (2,000 columns: 0.9 GB).
        let peak = SwiftTypeCheck.largestChildPeakMemory()
        #expect(peak < 2_000_000_000, "peak memory of a compiler process: \(peak) bytes")
    }

    @Test func aModelOfUpTo64FieldsKeepsTheStraightShape() throws {
        let files = generate(columns: 63)  // 64 fields: the implicit id, the embeddable, the transient note, 61 more
        let model = try #require(files["Gauge.swift"])
        #expect(!model.contains("decodeColumns") && !model.contains("if Bool(true)"))
        #expect(model.contains("            f0: try row.decode(at: 3),\n"))
        // Its decoder is one call of the memberwise initializer with 63 read arguments: it compiles in bounded memory.
        let result = try SwiftTypeCheck.run(files: files, importing: ["ORMKit"], stage: .debugObjectFiles)
        #expect(result.status == 0, "\(result.output)")
        let peak = SwiftTypeCheck.largestChildPeakMemory()
        #expect(peak < 1_000_000_000, "peak memory of a compiler process: \(peak) bytes")
    }
}

import ExampleModels
import Foundation
import ORMKit
import ORMSchema
import Testing

/// The generated schema is engine-neutral: each engine derives its DDL from it, the two value forms of every
/// default and seed value are the same value exactly (a `Date` to the bit, a `Decimal` to the digit), and a
/// dialect no engine has — SQLite's STRICT tables, defined only here — creates the example schema and runs records
/// against it with the generated code unchanged.
@Suite("Engine-neutral generated schema")
struct EngineNeutralSchemaTests {
    @Test func everyEngineDerivesEveryTableAndColumn() {
        for table in ExampleSchema.tables {
            for ddl in [SQLiteDDL(), PostgreSQLDDL()] as [any SchemaDialect] {
                let create = ddl.createTable(table.definition)
                #expect(create.hasPrefix("CREATE TABLE IF NOT EXISTS \"\(table.name)\" ("), "\(table.name)")
                for column in table.columns {
                    let definition = ddl.columnDefinition(column, in: table.definition, withReference: true)
                    #expect(definition.hasPrefix("\"\(column.name)\" \(ddl.columnType(column))".trimmingCharacters(in: .whitespaces)))
                    #expect(create.contains("    " + definition), "\(table.name).\(column.name)")
                    #expect((ddl.defaultSQL(of: column) == nil) == (column.defaultValue == nil), "\(table.name).\(column.name)")
                }
            }
        }
    }

    @Test func bothFormsOfEveryDefaultAreTheSameValue() {
        var count = 0
        for table in ExampleSchema.tables {
            for column in table.columns {
                guard case let .value(stored, wire)? = column.defaultValue else { continue }
                count += 1
                #expect(Self.expected(stored, column: column) == wire, "\(table.name).\(column.name)")
            }
        }
        #expect(count > 5)
    }

    @Test func bothFormsOfEverySeedValueAreTheSameValue() throws {
        #expect(!ExampleSchema.seed.isEmpty)
        for row in ExampleSchema.seed {
            try #require(row.wireValues.count == row.columns.count && row.values.count == row.columns.count)
            let table = try #require(ExampleSchema.tables.first { $0.name == row.table })
            for (index, name) in row.columns.enumerated() {
                let column = try #require(table.column(named: name))
                #expect(Self.expected(row.values[index], column: column) == row.wireValues[index], "\(row.table).\(name)")
            }
        }
    }

    /// SQLite's STRICT tables as a third dialect: each column declared with the type of its storage class, and
    /// `STRICT` after the table.
    struct StrictSQLite: SchemaDialect {
        let sqlite = SQLiteDDL()
        func columnType(_ column: ColumnSchema) -> String {
            switch SQLiteAffinity(declaredType: column.type) {
            case .integer: "INTEGER"
            case .real: "REAL"
            case .text: "TEXT"
            case .blob: "BLOB"
            case .numeric: "ANY"
            }
        }
        func defaultSQL(of column: ColumnSchema) -> String? { sqlite.defaultSQL(of: column) }
        func columnDefinition(_ column: ColumnSchema, in table: TableDefinition, withReference: Bool) -> String {
            let original = sqlite.columnDefinition(column, in: table, withReference: withReference)
            let declared = "\"\(column.name)\" " + column.type
            return "\"\(column.name)\" " + columnType(column) + original.dropFirst(declared.count)
        }
        func addForeignKey(of column: ColumnSchema, in table: TableDefinition) -> String? { nil }
        var tableOptions: String { " STRICT" }
        var json: any JSONSyntax { sqlite.json }
        var fullText: any FullTextSyntax { sqlite.fullText }
    }

    @Test func aThirdDialectCreatesTheSchemaAndRunsRecordsWithTheGeneratedCodeUnchanged() async throws {
        let dialect = SQLDialect(
            name: "sqlite-strict", placeholder: .questionMark, valueForm: .storage, caseInsensitiveLike: "LIKE",
            trueLiteral: "1", falseLiteral: "0", limitForm: .parameter, offsetWithoutLimit: "LIMIT -1 OFFSET",
            checksIntegerRanges: false, ddl: StrictSQLite())
        let example = try ExampleDatabase(dialect: dialect)
        let db = example.db
        let strict = try await Row.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE strict = 1 AND schema = 'main'") {
            try $0.decode(at: 0) as String
        }
        #expect(Set(strict) == Set(ExampleSchema.tables.map(\.name)))
        var author = Author(name: "Ursula", email: "ursula@example.org")
        try await author.insert(db)
        let found = try await Author.filter(Author.email == "ursula@example.org").fetchOne(db)
        #expect(found?.name == "Ursula")
        #expect(found?.rating == author.rating)
    }

    /// The wire value a typed engine should get for a stored value, from the column's kind and storage.
    private static func expected(_ value: DatabaseValue, column: ColumnSchema) -> WireValue? {
        switch (value, column.kind) {
        case (.null, _): return .null
        case let (.integer(number), .bool): return .bool(number != 0)
        case let (.text(text), .bool): return .bool(text == "true")
        case let (.integer(number), .integer), let (.integer(number), .integer32): return .integer(number)
        case let (.integer(number), .enumeration(true, _, _)): return .integer(number)
        case let (.text(text), .enumeration(false, _, _)): return .text(text)
        case let (.real(number), .double), let (.real(number), .float): return .double(number)
        case let (.integer(number), .double): return .double(Double(number))
        case let (.real(seconds), .date) where column.storage == "referenceSeconds":
            return .timestamp(Date(timeIntervalSinceReferenceDate: seconds))
        case let (.text(text), .decimal): return Decimal(string: text).map(WireValue.decimal)
        case let (.integer(scaled), .decimal(scale?)):
            return .decimal(Decimal(sign: scaled < 0 ? .minus : .plus, exponent: -scale, significand: Decimal(scaled.magnitude)))
        case let (.blob(bytes), .uuid):
            return bytes.count == 16 ? .uuid(UUID(uuid: bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) })) : nil
        case let (.text(text), .uuid): return UUID(uuidString: text).map(WireValue.uuid)
        case let (.text(text), .json): return .json(text)
        case let (.text(text), .text): return .text(text)
        case let (.blob(bytes), .bytes): return .bytes(bytes)
        case let (value, .converter): return value.wireValue
        default: return nil
        }
    }
}

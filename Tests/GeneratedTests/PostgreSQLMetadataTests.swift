import ExampleModels
import Foundation
import ORMKit
import Testing

/// The PostgreSQL half of the generated metadata agrees with the SQLite half: every table and column has it, and
/// every seed value for PostgreSQL is the same value as the SQLite one, exactly (a `Date` to the bit, a `Decimal`
/// to the digit).
@Suite("Generated PostgreSQL metadata")
struct PostgreSQLMetadataTests {
    @Test func everyTableAndColumnHasItsPostgreSQLForm() {
        for table in ExampleSchema.tables {
            let create = table.postgresqlCreateTableSQL ?? ""
            #expect(create.hasPrefix("CREATE TABLE IF NOT EXISTS \"\(table.name)\" ("), "\(table.name)")
            for column in table.columns {
                let postgresql = column.postgresql
                #expect(postgresql != nil, "\(table.name).\(column.name)")
                if let postgresql {
                    #expect(postgresql.definition.hasPrefix("\"\(column.name)\" \(postgresql.type)"))
                    #expect(create.contains("    " + postgresql.definition), "\(table.name).\(column.name)")
                    #expect((postgresql.defaultSQL == nil) == (column.defaultSQL == nil), "\(table.name).\(column.name)")
                }
            }
        }
    }

    @Test func seedValuesForPostgreSQLAreTheSQLiteValuesExactly() throws {
        #expect(!ExampleSchema.seed.isEmpty)
        for row in ExampleSchema.seed {
            let values = try #require(row.postgresqlValues)
            try #require(values.count == row.columns.count && row.values.count == row.columns.count)
            let table = try #require(ExampleSchema.tables.first { $0.name == row.table })
            for (index, name) in row.columns.enumerated() {
                let column = try #require(table.columns.first { $0.name == name })
                let type = column.postgresql?.type ?? ""
                #expect(Self.expected(row.values[index], column: column, type: type) == values[index], "\(row.table).\(name)")
            }
        }
    }

    /// The value PostgreSQL should get for a SQLite seed value, from the column's storage and PostgreSQL type.
    private static func expected(_ value: DatabaseValue, column: ColumnSchema, type: String) -> WireValue? {
        switch (value, type) {
        case (.null, _): return .null
        case let (.integer(number), "BOOLEAN"): return .bool(number != 0)
        case let (.text(text), "BOOLEAN"): return .bool(text == "true")
        case let (.integer(number), "BIGINT"), let (.integer(number), "INTEGER"): return .integer(number)
        case let (.real(number), "DOUBLE PRECISION"), let (.real(number), "REAL"): return .double(number)
        case let (.real(seconds), "TIMESTAMPTZ") where column.storage == "referenceSeconds":
            return .timestamp(Date(timeIntervalSinceReferenceDate: seconds))
        case let (.text(text), type) where type.hasPrefix("NUMERIC"): return Decimal(string: text).map(WireValue.decimal)
        case let (.blob(bytes), "UUID"):
            return bytes.count == 16 ? .uuid(UUID(uuid: bytes.withUnsafeBytes { $0.load(as: uuid_t.self) })) : nil
        case let (.text(text), "UUID"): return UUID(uuidString: text).map(WireValue.uuid)
        case let (.text(text), "JSONB"): return .json(text)
        case let (.text(text), "TEXT"): return .text(text)
        case let (.blob(bytes), "BYTEA"): return .bytes(bytes)
        default: return nil
        }
    }
}

import ORMGenCore
import Testing

/// `sqlType:` is checked against SQLite's type-name grammar at `check` time, so a type SQLite cannot parse fails at its
/// YAML line instead of at `migrate`.
@Suite("sqlType: SQL type names")
struct SQLTypeNameTests {
    static func diagnostics(_ sqlType: String) -> [String] {
        let yaml = """
            models:
              Item:
                fields:
                  name: { type: String, sqlType: "\(sqlType)" }
            """
        return Generator.check(inputs: [SchemaInput(path: "s.yaml", contents: yaml)]).map(\.description)
    }

    @Test(arguments: ["VARCHAR(MAX)", "NUMERIC(10,2,3)", "TEXT(", "TIMESTAMP(3) WITH TIME ZONE", "1INT"])
    func aTypeSQLiteCannotParseIsAnErrorAtItsLine(_ sqlType: String) {
        #expect(Self.diagnostics(sqlType) == [
            "s.yaml:4:38: error: sqlType '\(sqlType)' of field 'Item.name' is not an SQL type name; write names, then at most two numbers in parentheses (VARCHAR(255), NUMERIC(10,2))",
        ])
    }

    @Test(arguments: ["NVARCHAR(120)", "character varying(40)", "NUMERIC(10, 2)", "DOUBLE PRECISION", "VARYING CHARACTER(255)", "TEXT", "CHAR(-1)"])
    func aTypeSQLiteParsesIsAccepted(_ sqlType: String) {
        #expect(!Self.diagnostics(sqlType).contains { $0.contains("not an SQL type name") })
    }
}

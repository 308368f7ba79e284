#if PostgreSQLTools  // the package trait that lets ormgen read PostgreSQL databases (Package.swift)
import Foundation
import ORMGenCore
import ORMKit
import ORMKitPostgres
import ORMSchema

/// A PostgreSQL column's type as a field: the Swift type, and `sqlType:` where PostgreSQL's type is not the one
/// ormgen declares for it (`INTEGER` for an `Int64`, `VARCHAR(40)`, `TIMESTAMP`). Types the schema cannot hold
/// exactly are left out with a note.
enum PostgresTypeMapper {
    /// The field type of `column`, nil (with a note) when the column is left out.
    static func fieldType(of column: CatalogColumn, in db: PostgresDatabase, notes: inout PullNotes) async throws -> CatalogFieldType? {
        func skip(_ reason: String) -> CatalogFieldType? {
            notes.add(table: column.table, column: column.name, reason)
            return nil
        }
        if column.generated == "s" { return skip("generated column skipped; the schema language cannot declare it") }
        if column.category == "A" { return skip("array column (\(column.type)) skipped; the schema has no array columns") }
        if column.typeKind == "e" {
            guard column.domain == nil, let name = column.enumType, let labels = column.enumLabels, !labels.isEmpty else {
                return skip("enum type \(column.type) skipped: a domain over an enum, or an enum of another schema")
            }
            var type = CatalogFieldType(swiftType: "String", storage: nil, scale: nil, defaultKind: .text)
            type.enumeration = (name, labels)
            type.check = check(of: column, notes: &notes)
            return type
        }
        guard column.typeKind == "b" else { return skip("column of type \(column.type) skipped; the schema has no such type") }
        guard var type = scalarType(column.type, notes: &notes, table: column.table, column: column.name) else {
            return skip("column of type \(column.type) skipped; no field type holds its values exactly")
        }
        if type.storage == "json" {
            guard let shape = try await jsonShape(of: column, in: db) else {
                return skip("JSON column skipped: its values are not all string arrays or string-to-string objects; "
                    + "declare a Codable type with `storage: json` by hand")
            }
            type.swiftType = shape
        }
        if let domain = column.domain { notes.add(table: column.table, column: column.name, "domain \(domain) read as \(column.type)") }
        type.check = check(of: column, notes: &notes)
        return type
    }

    /// The field type of a built-in type as `format_type` writes it.
    static func scalarType(_ type: String, notes: inout PullNotes, table: String, column: String) -> CatalogFieldType? {
        func field(_ swift: String, _ sqlType: String? = nil, _ kind: ColumnKind, scale: Int? = nil, storage: String? = nil) -> CatalogFieldType {
            CatalogFieldType(swiftType: swift, sqlType: sqlType, storage: storage, scale: scale, defaultKind: kind)
        }
        let (base, modifiers) = split(type)
        switch base {
        case "bigint": return field("Int64", nil, .integer)
        case "integer": return field("Int64", "INTEGER", .integer)
        case "smallint": return field("Int64", "SMALLINT", .integer)
        case "double precision": return field("Double", nil, .real)
        case "real": return field("Float", nil, .real)
        case "boolean": return field("Bool", nil, .bool)
        case "text": return field("String", nil, .text)
        case "character varying": return field("String", modifiers.first.map { "VARCHAR(\($0))" } ?? "VARCHAR", .text)
        case "character":
            notes.add(table: table, column: column, "character(\(modifiers.first ?? 1)) pads shorter values with spaces, and reads them so")
            return field("String", "CHAR(\(modifiers.first ?? 1))", .text)
        case "uuid": return field("UUID", nil, .uuid)
        case "bytea": return field("Data", nil, .blob)
        case "timestamp with time zone", "timestamp without time zone":
            if let digits = modifiers.first, digits < 6 {
                notes.add(table: table, column: column, "\(type) keeps \(digits) fractional digits: PostgreSQL rounds a Date's time to them")
            }
            // On SQLite `TIMESTAMP` holds text dates, so the same schema stores them so there.
            return base == "timestamp with time zone"
                ? field("Date", nil, .date) : field("Date", "TIMESTAMP", .date, storage: "sqliteText")
        case "date":
            notes.add(table: table, column: column, "date keeps the day only: a Date's time of day (UTC) is not stored")
            return field("Date", "DATE", .date, storage: "sqliteText")
        case "numeric":
            guard let precision = modifiers.first else { return field("Decimal", nil, .numeric) }
            let scale = modifiers.count > 1 ? modifiers[1] : 0
            let declared = "NUMERIC(\(precision),\(scale))"
            return field("Decimal", precision == PostgreSQLDDL.scaledPrecision ? nil : declared, .numeric, scale: scale)
        case "jsonb": return field("[String]", nil, .blob, storage: "json")
        case "json": return field("[String]", "JSON", .blob, storage: "json")
        default: return nil
        }
    }

    /// `numeric(10,2)` → (`numeric`, [10, 2]); `timestamp(3) with time zone` → (`timestamp with time zone`, [3]).
    private static func split(_ type: String) -> (String, [Int]) {
        guard let open = type.firstIndex(of: "("), let close = type[open...].firstIndex(of: ")") else { return (type, []) }
        let modifiers = type[type.index(after: open)..<close].split(separator: ",").compactMap {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        let base = (type[..<open] + type[type.index(after: close)...]).replacingOccurrences(of: "  ", with: " ")
        return (base.trimmingCharacters(in: .whitespaces), modifiers)
    }

    /// `[String]` when every sampled value is an array of strings, `[String: String]` when every one is an object of
    /// strings; nil for other shapes and for a column with no values to read.
    private static func jsonShape(of column: CatalogColumn, in db: PostgresDatabase) async throws -> String? {
        let name = quoteIdentifier(column.name)
        let sample = try await String.fetchAll(
            db, sql: "SELECT \(name)::text FROM \(quoteIdentifier(column.table)) WHERE \(name) IS NOT NULL LIMIT 1000")
        let values = sample.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
        guard !values.isEmpty, values.count == sample.count else { return nil }
        if values.allSatisfy({ $0 is [String] }) { return "[String]" }
        if values.allSatisfy({ $0 is [String: String] }) { return "[String: String]" }
        return nil
    }

    /// The column's one `CHECK`, as SQLite can compile it (casts removed); nil with a note when there are several or
    /// SQLite cannot read it.
    private static func check(of column: CatalogColumn, notes: inout PullNotes) -> String? {
        guard let checks = column.checks, !checks.isEmpty else { return nil }
        guard checks.count == 1, var expression = checks.first else {
            notes.add(table: column.table, column: column.name, "\(checks.count) CHECK constraints not written; the schema declares one per field")
            return nil
        }
        if expression.hasSuffix(" NOT VALID") { expression.removeLast(" NOT VALID".count) }
        if expression.hasPrefix("CHECK ") { expression.removeFirst("CHECK ".count) }
        expression = SQLLiteral.unparenthesized(SQLLiteral.withoutCasts(expression))
        if let error = CheckValidator().error(in: expression, columns: [column.name]) {
            notes.add(table: column.table, column: column.name, "\(checks[0]) not written: SQLite cannot read it (\(error))")
            return nil
        }
        return expression
    }
}
#endif

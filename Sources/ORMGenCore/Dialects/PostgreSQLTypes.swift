/// PostgreSQL column types and literals. Types come from what a column holds (the Swift type), never from
/// SQLite's declared type: a `Date` is `TIMESTAMPTZ` and a `Decimal` `NUMERIC` whatever storage the schema
/// declares for SQLite files.
enum PostgreSQLTypes {
    /// The precision of `NUMERIC(18, s)` for a `Decimal` with `scale: s`: every value it holds also fits the
    /// scaled 64-bit INTEGER SQLite stores, so data moves between the two.
    static let scaledPrecision = 18

    /// The column's PostgreSQL type.
    static func type(of column: ColumnDefinition) -> String {
        switch column.content {
        case let .scalar(scalar, storage):
            switch scalar {
            case .bool: return "BOOLEAN"
            case .int, .int64: return "BIGINT"
            case .int32: return "INTEGER"
            case .double: return "DOUBLE PRECISION"
            case .float: return "REAL"
            case .string, .url: return "TEXT"
            case .data: return "BYTEA"
            case .date: return "TIMESTAMPTZ"
            case .uuid: return "UUID"
            case .decimal: return numeric(declared: column.sqlType, storage: storage)
            }
        case let .enumeration(isIntegerRaw, _):
            return isIntegerRaw ? "BIGINT" : "TEXT"
        case .json:
            return "JSONB"
        case let .converter(sqlType):
            switch sqlType {
            case "INTEGER": return "BIGINT"
            case "REAL": return "DOUBLE PRECISION"
            case "BLOB": return "BYTEA"
            default: return "TEXT"
            }
        }
    }

    /// `NUMERIC(p, s)` when SQLite's declared type says `NUMERIC(p, s)` or `DECIMAL(p, s)`, `NUMERIC(18, s)` for
    /// `scale: s`, else unconstrained `NUMERIC` (exact, any number of digits).
    private static func numeric(declared: String, storage: ScalarStorage?) -> String {
        if let (precision, scale) = declaredNumeric(declared) {
            return scale.map { "NUMERIC(\(precision), \($0))" } ?? "NUMERIC(\(precision))"
        }
        if let storage, storage.kind == .scaledInteger { return "NUMERIC(\(scaledPrecision), \(storage.scale))" }
        return "NUMERIC"
    }

    /// Precision and scale of `NUMERIC(p[, s])` or `DECIMAL(p[, s])` (any case), within PostgreSQL's limits.
    static func declaredNumeric(_ declared: String) -> (Int, Int?)? {
        let pattern = #"^\s*(?i:NUMERIC|DECIMAL)\s*\(\s*([0-9]{1,4})\s*(,\s*([0-9]{1,4})\s*)?\)\s*$"#
        guard declared.range(of: pattern, options: .regularExpression) != nil else { return nil }
        let numbers = declared.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard let precision = numbers.first, (1...1000).contains(precision) else { return nil }
        let scale = numbers.count > 1 ? numbers[1] : nil
        if let scale, scale > precision { return nil }
        return (precision, scale)
    }

    /// The column's `DEFAULT` expression: `CURRENT_TIMESTAMP` for `now`, else a literal of its type.
    static func defaultSQL(of column: ColumnDefinition) -> String? {
        switch column.wireDefault {
        case nil: nil
        case .now?: "CURRENT_TIMESTAMP"
        case let .value(value)?: literal(value)
        }
    }

    /// A PostgreSQL literal: `TRUE`, `0.50` (exact `NUMERIC`), `'\x0102'::bytea`, `'2024-01-01 00:00:00+00'::timestamptz`, …
    static func literal(_ value: WireLiteral) -> String {
        switch value {
        case .null: return "NULL"
        case let .bool(flag): return flag ? "TRUE" : "FALSE"
        case let .integer(number): return "\(number)"
        case let .double(number): return SwiftLiteral.double(number)
        case let .decimal(negative, significand, exponent): return decimalText(negative: negative, significand: significand, exponent: exponent)
        case let .text(text): return Naming.sqlString(text)
        case let .bytes(bytes): return "'\\x" + bytes.map(SwiftLiteral.hex).joined() + "'::bytea"
        case let .uuid(bytes): return "'" + uuidText(bytes) + "'::uuid"
        case let .timestamp(seconds): return "'" + timestampText(unixSeconds: seconds) + "'::timestamptz"
        case let .json(text): return Naming.sqlString(text) + "::jsonb"
        }
    }

    /// `-12.50` from its parts, trailing zeros kept.
    static func decimalText(negative: Bool, significand: String, exponent: Int) -> String {
        var digits = significand
        if exponent >= 0 {
            digits += String(repeating: "0", count: significand == "0" ? 0 : exponent)
        } else {
            let fraction = -exponent
            if digits.count <= fraction { digits = String(repeating: "0", count: fraction - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fraction))
        }
        return (negative ? "-" : "") + digits
    }

    /// `6f1c0b5e-8d2a-4c5e-9b1f-2a3d4e5f6a7b`.
    static func uuidText(_ bytes: [UInt8]) -> String {
        let hex = bytes.map { SwiftLiteral.hex($0).lowercased() }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    /// `2024-01-31 12:00:00.5+00`: UTC, microseconds (PostgreSQL's resolution) when not zero; years before 1 as
    /// `… BC`.
    static func timestampText(unixSeconds seconds: Double) -> String {
        var whole = Int64(seconds.rounded(.down))
        var micros = Int64(((seconds - Double(whole)) * 1_000_000).rounded())
        if micros >= 1_000_000 {
            whole += 1
            micros -= 1_000_000
        }
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text = "\(pad(year > 0 ? year : 1 - year, 4))-\(pad(month, 2))-\(pad(day, 2)) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "+00" + (year > 0 ? "" : " BC")
    }

    /// Year, month and day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

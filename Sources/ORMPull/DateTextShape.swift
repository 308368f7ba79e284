import ORMSchema

/// The layout of a text date or date-time, as a pattern with the digits replaced: `YYYY-MM-DD`,
/// `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DDTHH:MM:SS.SSSZ`, `YYYY-MM-DD HH:MM±HH:MM`. Nil for any other text, and for a
/// day the calendar does not have (`2024-02-30`), a time past `23:59:59` or an offset past 23:59.
struct DateTextShape: Hashable {
    /// Whether date and time are separated by `T` (ISO 8601) rather than a space (SQLite's form).
    var usesT: Bool
    /// The layout: `Y`, `M`, `D`, `H`, `S` for digits of each part, `±` for an offset's sign.
    var pattern: String

    /// Parses `text`; nil unless all of it is a date, optionally followed by a time, fraction and zone.
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
            let day = scanner.number(2), CivilCalendar.isDate(year: year, month: month, day: day)
        else { return nil }
        var pattern = "YYYY-MM-DD"
        var usesT = false
        if !scanner.isAtEnd {
            usesT = scanner.skip("T")
            guard usesT || scanner.skip(" "), let hour = scanner.number(2), hour < 24, scanner.skip(":"),
                let minute = scanner.number(2), minute < 60
            else { return nil }
            pattern += (usesT ? "T" : " ") + "HH:MM"
            if scanner.skip(":") {
                guard let second = scanner.number(2), second < 60 else { return nil }
                pattern += ":SS"
            }
            if scanner.skip(".") {
                let count = scanner.digitRun()
                guard count > 0 else { return nil }
                pattern += "." + String(repeating: "S", count: count)
            }
            if scanner.skip("Z") {
                pattern += "Z"
            } else if scanner.skip("+") || scanner.skip("-") {
                guard let hours = scanner.number(2), hours < 24 else { return nil }
                let colon = scanner.skip(":")
                guard let minutes = scanner.number(2), minutes < 60 else { return nil }
                pattern += colon ? "±HH:MM" : "±HHMM"
            }
        }
        guard scanner.isAtEnd else { return nil }
        self.usesT = usesT
        self.pattern = pattern
    }
}

/// Reads ASCII bytes left to right.
private struct Scanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// Consumes `character` if it comes next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// Consumes exactly `count` digits and returns their value, or consumes nothing and returns nil.
    mutating func number(_ count: Int) -> Int64? {
        guard position + count <= bytes.count, bytes[position..<(position + count)].allSatisfy(Self.isDigit) else { return nil }
        defer { position += count }
        return bytes[position..<(position + count)].reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
    }

    /// Consumes every digit that comes next and says how many.
    mutating func digitRun() -> Int {
        let start = position
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        return position - start
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

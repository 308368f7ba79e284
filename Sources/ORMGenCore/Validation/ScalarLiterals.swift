import Foundation
import ORMSchema

/// Parsing of YAML scalar text into typed values, shared by defaults and seed rows.
enum ScalarLiterals {
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true": true
        case "false": false
        default: nil
        }
    }

    static func integer(_ text: String, as type: ScalarType) -> Int64? {
        guard let value = Int64(text) else { return nil }
        if type == .int32, value < Int64(Int32.min) || value > Int64(Int32.max) { return nil }
        return value
    }

    static func real(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A Swift/SQL numeric literal for `text`: kept as written when it is plain decimal notation.
    static func realLiteral(_ text: String, value: Double) -> String {
        let plain = text.range(of: #"^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil
        return plain ? text : "\(value)"
    }

    /// A decimal number as sign, significand digits and exponent (at most 18 significant digits).
    static func decimal(_ text: String) -> (negative: Bool, significand: String, exponent: Int)? {
        guard text.range(of: #"^-?[0-9]+(\.[0-9]+)?$"#, options: .regularExpression) != nil else { return nil }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = String(parts[0]) + fraction
        while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
        guard digits.count <= 18 else { return nil }
        return (negative, digits, -fraction.count)
    }

    /// Seconds since 1970 for `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`.
    static func date(_ text: String) -> Double? {
        let pattern =
            #"^([0-9]{4})-([0-9]{2})-([0-9]{2})([Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(Z|z|[+-][0-9]{2}:[0-9]{2})?)?$"#
        guard text.range(of: pattern, options: .regularExpression) != nil else { return nil }
        let scalars = Array(text)
        func number(_ start: Int, _ length: Int) -> Int {
            Int(String(scalars[start..<start + length])) ?? 0
        }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = Double(CivilCalendar.days(fromCivil: Int64(year), Int64(month), Int64(day))) * 86_400
        guard scalars.count > 10 else { return seconds }
        let (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
        guard hour < 24, minute < 60, second < 61 else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        var rest = String(scalars[19...])
        if rest.hasPrefix(".") {
            let fraction = rest.prefix { $0 != "Z" && $0 != "z" && $0 != "+" && $0 != "-" }
            seconds += Double("0" + fraction) ?? 0
            rest = String(rest.dropFirst(fraction.count))
        }
        if rest.hasPrefix("+") || rest.hasPrefix("-") {
            let offset = Array(rest)
            let hours = Int(String(offset[1...2])) ?? 0
            let minutes = Int(String(offset[4...5])) ?? 0
            let sign: Double = rest.hasPrefix("+") ? 1 : -1
            seconds -= sign * Double(hours * 3600 + minutes * 60)
        } else if rest.isEmpty {
            return nil
        }
        return seconds
    }

    /// The 16 bytes of a UUID in its 36-character form.
    static func uuid(_ text: String) -> [UInt8]? {
        guard text.range(of: #"^[0-9A-Fa-f]{8}-([0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$"#, options: .regularExpression) != nil
        else { return nil }
        let hex = Array(text.replacingOccurrences(of: "-", with: ""))
        return stride(from: 0, to: 32, by: 2).compactMap { UInt8(String(hex[$0...$0 + 1]), radix: 16) }
    }

    /// Bytes of standard Base64 text.
    static func base64(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var lookup = [UInt8: UInt32]()
        for (index, byte) in alphabet.enumerated() { lookup[byte] = UInt32(index) }
        let body = Array(text.utf8.filter { $0 != UInt8(ascii: "=") })
        guard text.utf8.count % 4 == 0, text.utf8.reversed().prefix(while: { $0 == UInt8(ascii: "=") }).count <= 2
        else { return nil }
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in body {
            guard let value = lookup[byte] else { return nil }
            buffer = (buffer << 6) | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
            }
        }
        return bytes
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

import Foundation

/// A checked scalar literal written in a field's storage: its SQL `DEFAULT` text and its seed value. The Swift
/// side of a literal does not depend on the storage; these do (`2024-01-01` is REAL seconds since 2001 by
/// default, `'2024-01-01 00:00:00'` with `storage: sqliteText`).
struct StoredLiteral {
    var sql: String
    var seed: SeedValue

    /// `seconds` since 1970 in `storage` (nil: the native REAL seconds since 2001).
    static func date(unixSeconds seconds: Double, storage: ScalarStorage?) -> StoredLiteral {
        switch storage?.kind {
        case .unixSeconds?: return real(seconds)
        case .unixMilliseconds?: return integer(Int64((seconds * 1_000 + 0.001).rounded(.down)))
        case .julianDay?: return real(seconds / 86_400 + 2_440_587.5)
        case .sqliteText?: return text(format(seconds, "yyyy-MM-dd HH:mm:ss", fraction: ".SSS", always: false))
        case .iso8601Text?: return text(format(seconds, "yyyy-MM-dd'T'HH:mm:ss", fraction: ".SSS'Z'", always: true))
        default: return real(seconds - 978_307_200)
        }
    }

    /// The SQL expression of the current time in `storage`, for `default: now`.
    static func now(storage: ScalarStorage?) -> String {
        switch storage?.kind {
        case .unixSeconds?: "((julianday('now') - 2440587.5) * 86400.0)"
        case .unixMilliseconds?: "(CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))"
        case .julianDay?: "(julianday('now'))"
        case .sqliteText?: "(strftime('%Y-%m-%d %H:%M:%f', 'now'))"
        case .iso8601Text?: "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))"
        default: "((julianday('now') - 2451910.5) * 86400.0)"
        }
    }

    /// A checked decimal in `storage`; nil when a scaled INTEGER cannot hold it exactly.
    static func decimal(_ text: String, parts: (negative: Bool, significand: String, exponent: Int), storage: ScalarStorage?) -> StoredLiteral? {
        switch storage?.kind {
        case .real?:
            return Double(text).map { StoredLiteral(sql: text, seed: .real($0)) }
        case .scaledInteger?:
            let shift = parts.exponent + (storage?.scale ?? 0)
            var digits = parts.significand
            if shift >= 0 {
                digits += String(repeating: "0", count: shift)
            } else {
                guard digits.hasSuffix(String(repeating: "0", count: -shift)) || digits == "0" else { return nil }
                digits = digits == "0" ? "0" : String(digits.dropLast(-shift))
            }
            return Int64((parts.negative ? "-" : "") + digits).map(integer)
        default:
            return self.text(text)
        }
    }

    /// A UUID's bytes in `storage`.
    static func uuid(_ bytes: [UInt8], text: String, storage: ScalarStorage?) -> StoredLiteral {
        switch storage?.kind {
        case .text?: self.text(text.lowercased())
        case .uppercaseText?: self.text(text.uppercased())
        default: StoredLiteral(sql: "X'\(bytes.map(SwiftLiteral.hex).joined())'", seed: .blob(bytes))
        }
    }

    /// A Bool in `storage`.
    static func bool(_ value: Bool, storage: ScalarStorage?) -> StoredLiteral {
        storage?.kind == .text ? text(value ? "true" : "false") : integer(value ? 1 : 0)
    }

    static func integer(_ value: Int64) -> StoredLiteral { StoredLiteral(sql: "\(value)", seed: .integer(value)) }

    static func real(_ value: Double) -> StoredLiteral { StoredLiteral(sql: SwiftLiteral.double(value), seed: .real(value)) }

    static func text(_ value: String) -> StoredLiteral { StoredLiteral(sql: Naming.sqlString(value), seed: .text(value)) }

    /// `seconds` since 1970 as UTC text: `pattern`, plus `fraction` when `always` or the milliseconds are not 0.
    private static func format(_ seconds: Double, _ pattern: String, fraction: String, always: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        let hasFraction = (seconds * 1_000).rounded(.down) != (seconds.rounded(.down) * 1_000)
        formatter.dateFormat = pattern + (always || hasFraction ? fraction : "")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}

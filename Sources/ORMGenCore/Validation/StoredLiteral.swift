import Foundation

/// A checked scalar literal written in a field's storage, as SQLite stores it (a default's stored form, a seed
/// value). The Swift side of a literal does not depend on the storage; this does (`2024-01-01` is REAL seconds
/// since 2001 by default, `'2024-01-01 00:00:00'` with `storage: sqliteText`).
enum StoredLiteral {
    /// `seconds` since 1970 in `storage` (nil: the native REAL seconds since 2001).
    static func date(unixSeconds seconds: Double, storage: ScalarStorage?) -> SeedValue {
        switch storage?.kind {
        case .unixSeconds?: return real(seconds)
        case .unixMilliseconds?: return integer(Int64((seconds * 1_000 + 0.001).rounded(.down)))
        case .julianDay?: return real(seconds / 86_400 + 2_440_587.5)
        case .sqliteText?: return text(format(seconds, "yyyy-MM-dd HH:mm:ss", fraction: ".SSS", always: false))
        case .iso8601Text?: return text(format(seconds, "yyyy-MM-dd'T'HH:mm:ss", fraction: ".SSS'Z'", always: true))
        default: return real(seconds - 978_307_200)
        }
    }

    /// A checked decimal in `storage`; nil when a scaled INTEGER cannot hold it exactly.
    static func decimal(_ text: String, parts: (negative: Bool, significand: String, exponent: Int), storage: ScalarStorage?) -> SeedValue? {
        switch storage?.kind {
        case .real?:
            return Double(text).map { .real($0) }
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
    static func uuid(_ bytes: [UInt8], text: String, storage: ScalarStorage?) -> SeedValue {
        switch storage?.kind {
        case .text?: self.text(text.lowercased())
        case .uppercaseText?: self.text(text.uppercased())
        default: .blob(bytes)
        }
    }

    /// A Bool in `storage`.
    static func bool(_ value: Bool, storage: ScalarStorage?) -> SeedValue {
        storage?.kind == .text ? text(value ? "true" : "false") : integer(value ? 1 : 0)
    }

    static func integer(_ value: Int64) -> SeedValue { .integer(value) }

    static func real(_ value: Double) -> SeedValue { .real(value) }

    static func text(_ value: String) -> SeedValue { .text(value) }

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

import ORMKitSQLite

/// Decides how a `UUID` column is stored from a sample of its values.
enum UUIDStorageClassifier {
    /// The UUID storages: 36-character text (lowercase or uppercase) or 16 bytes.
    enum Storage: String, CaseIterable {
        case text, uppercaseText, blob
    }

    /// The storage for the values of `sample`, and the notes to print about it.
    static func classify(_ sample: [SQLiteValue]) -> (storage: Storage, notes: [String]) {
        var tally = FormTally<Storage>()
        for value in sample { tally.add(storage(of: value), value: value) }
        guard !tally.isEmpty else { return (.text, ["no values to sample; assuming storage text"]) }
        guard let chosen = tally.majority(in: Storage.allCases) else {
            return (.text, ["no sampled value looks like a UUID; assuming storage text"]
                + [tally.mixtureNote(chosen: .text, order: Storage.allCases, name: \.rawValue)].compactMap { $0 })
        }
        return (chosen, [tally.mixtureNote(chosen: chosen, order: Storage.allCases, name: \.rawValue)].compactMap { $0 })
    }

    /// `text` for `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase (or no) letters, `uppercaseText` with
    /// uppercase letters only, `blob` for 16 bytes, nil otherwise.
    static func storage(of value: SQLiteValue) -> Storage? {
        switch value {
        case .text(let text):
            let bytes = Array(text.utf8)
            let dashes: Set<Int> = [8, 13, 18, 23]
            guard bytes.count == 36,
                bytes.indices.allSatisfy({ dashes.contains($0) ? bytes[$0] == UInt8(ascii: "-") : isHexDigit(bytes[$0]) })
            else { return nil }
            let hasLowercase = bytes.contains { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
            let hasUppercase = bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
            if hasLowercase && hasUppercase { return nil }
            return hasUppercase ? .uppercaseText : .text
        case .blob(let bytes):
            return bytes.count == 16 ? .blob : nil
        case .null, .integer, .real, .invalidText:
            return nil
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}

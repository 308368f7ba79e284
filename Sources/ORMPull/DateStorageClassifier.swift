import ORMKitSQLite

/// Decides how a `Date` column is stored from a sample of its values.
enum DateStorageClassifier {
    /// The date storages the pull can recognize in data (`referenceSeconds`, the default, looks like
    /// `unixSeconds` in data, so it is never chosen).
    enum Storage: String, CaseIterable {
        case sqliteText, iso8601Text, unixSeconds, unixMilliseconds, julianDay

        /// The canonical layouts of a text storage: values compare correctly as text only in one of them.
        var canonicalPatterns: Set<String> {
            switch self {
            case .sqliteText: ["YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS", "YYYY-MM-DD HH:MM:SS.SSS"]
            case .iso8601Text: ["YYYY-MM-DDTHH:MM:SS.SSSZ"]
            case .unixSeconds, .unixMilliseconds, .julianDay: []
            }
        }
    }

    /// The storage for the values of `sample`, and the notes to print about it.
    static func classify(_ sample: [SQLiteValue]) -> (storage: Storage, notes: [String]) {
        var tally = FormTally<Storage>()
        var patterns: [Storage: [String: Int]] = [:]
        for value in sample {
            let form = storage(of: value)
            tally.add(form, value: value)
            if let form, let text = value.text, let shape = DateTextShape(text) {
                patterns[form, default: [:]][shape.pattern, default: 0] += 1
            }
        }
        guard !tally.isEmpty else { return (.sqliteText, ["no values to sample; assuming storage sqliteText"]) }
        guard let chosen = tally.majority(in: Storage.allCases) else {
            return (.sqliteText, ["no sampled value looks like a date; assuming storage sqliteText"]
                + [tally.mixtureNote(chosen: .sqliteText, order: Storage.allCases, name: \.rawValue)].compactMap { $0 })
        }
        var notes = [tally.mixtureNote(chosen: chosen, order: Storage.allCases, name: \.rawValue)].compactMap { $0 }
        if let found = patterns[chosen], found.count > 1 || !found.keys.allSatisfy(chosen.canonicalPatterns.contains) {
            let listed = found.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) × \($0.key)" }
            notes.append(
                "text dates are not all in one canonical form (\(listed.joined(separator: ", "))); "
                    + "text dates compare correctly only in one form")
        }
        return (chosen, notes)
    }

    /// The storage one value suggests: text by its layout; numbers by magnitude (milliseconds above 1e11,
    /// Julian days around 2.4e6 or with a fraction below 1e7, Unix seconds from 1e6); nil when none fits.
    private static func storage(of value: SQLiteValue) -> Storage? {
        switch value {
        case .text(let text):
            return DateTextShape(text).map { $0.usesT ? .iso8601Text : .sqliteText }
        case .integer(let integer):
            if integer > 100_000_000_000 { return .unixMilliseconds }
            return integer >= 1_000_000 ? .unixSeconds : nil
        case .real(let real):
            if real > 1e11 { return .unixMilliseconds }
            if (2e6...3e6).contains(real) || ((1e6..<1e7).contains(real) && real.rounded() != real) { return .julianDay }
            return real >= 1e6 ? .unixSeconds : nil
        case .null, .invalidText, .blob:
            return nil
        }
    }
}

import ORMKitSQLite

/// Counts how the sampled values of a column are stored, to pick the majority form and to note mixtures.
struct FormTally<Form: Hashable> {
    private var counts: [Form: Int] = [:]
    private var unrecognized = 0
    private var example: String?

    /// Whether no value was counted at all.
    var isEmpty: Bool { counts.isEmpty && unrecognized == 0 }

    /// Counts `form`, or with nil one value in no known form (`value` is remembered as an example).
    mutating func add(_ form: Form?, value: SQLiteValue) {
        if let form {
            counts[form, default: 0] += 1
        } else {
            unrecognized += 1
            if example == nil { example = Self.describe(value) }
        }
    }

    /// The most frequent form; ties go to the one first in `order`. Nil when no value has a known form.
    func majority(in order: [Form]) -> Form? {
        var best: Form?
        var bestCount = 0
        for form in order where counts[form, default: 0] > bestCount {
            best = form
            bestCount = counts[form, default: 0]
        }
        return best
    }

    /// `values in mixed forms (950 sqliteText, 50 unixSeconds, 2 unrecognized such as 'x'); using sqliteText`,
    /// or nil when every value has the chosen form.
    func mixtureNote(chosen: Form, order: [Form], name: (Form) -> String) -> String? {
        guard counts.count > 1 || unrecognized > 0 else { return nil }
        var parts = order.compactMap { form in counts[form].map { "\($0) \(name(form))" } }
        if unrecognized > 0 { parts.append("\(unrecognized) unrecognized such as \(example ?? "?")") }
        return "sampled values in mixed forms (\(parts.joined(separator: ", "))); using \(name(chosen))"
    }

    /// A short description of a value for a note: text quoted and cut at 40 characters.
    private static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
        case .invalidText(let bytes): "\(bytes.count) bytes of TEXT that are not UTF-8"
        case .blob(let bytes): "a \(bytes.count)-byte BLOB"
        }
    }
}

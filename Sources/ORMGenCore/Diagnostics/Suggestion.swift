/// Fix hints for misspelled names: the closest candidate by edit distance.
enum Suggestion {
    /// `; did you mean 'x'?` when a candidate is close enough to `name`, else an empty string.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        guard let best = closest(to: name, among: candidates) else { return "" }
        return "; did you mean '\(best)'?"
    }

    /// The candidate with the smallest edit distance, if that distance is small relative to the name.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != name {
            let distance = editDistance(lowered, candidate.lowercased())
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        guard let best else { return nil }
        let limit = max(1, min(3, (max(name.count, best.name.count) + 1) / 3))
        return best.distance <= limit ? best.name : nil
    }

    /// Levenshtein distance over Unicode scalars, bounded in cost by the (short) names it compares.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64))
        let b = Array(b.unicodeScalars.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

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

    /// Edit distance counting insertions, deletions, substitutions and adjacent transpositions as one edit
    /// (optimal string alignment), over at most 64 Unicode scalars of each name.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64))
        let b = Array(b.unicodeScalars.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

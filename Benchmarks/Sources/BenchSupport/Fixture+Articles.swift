import Foundation

/// The articles of the `matching` workload: `rows` articles with an id, a title of 4 words and a body of 20-40
/// words, drawn from a fixed vocabulary of `vocabularySize` made-up words with Zipf frequencies (the word of rank r
/// about 1/r as often as the first), so a query word matches from a few dozen to nearly all articles.
///
/// Everything derives from fixed seeds (SplitMix64), so every engine and contender sees the same text.
extension Fixture {
    /// How many distinct words the articles use.
    public static let vocabularySize = 4_000
    /// Rows a `matching` query fetches.
    public static let matchLimit = 20
    /// Words of the snippet each fetched row selects.
    public static let snippetWords = 12

    /// The vocabulary, most frequent first: distinct CVCVC or CVCVCVC words (no `h`, `w`, `y`: none is an English
    /// stop word, which PostgreSQL's `english` configuration would drop).
    public static let vocabulary: [String] = {
        let consonants = Array("bdfgklmnprstvz"), vowels = Array("aeiou")
        var random = SplitMix64(seed: 0x5EA2C4)
        var seen = Set<String>(), words: [String] = []
        while words.count < vocabularySize {
            var word = ""
            let syllables = 2 + Int(random.next() % 2)
            for _ in 0..<syllables {
                word.append(consonants[Int(random.next() % UInt64(consonants.count))])
                word.append(vowels[Int(random.next() % UInt64(vowels.count))])
            }
            word.append(consonants[Int(random.next() % UInt64(consonants.count))])
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }()

    /// Cumulative Zipf weights (exponent 1) of the vocabulary's ranks, scaled to 2^32.
    @usableFromInline
    static let zipfCumulative: [UInt64] = {
        let weights = (1...vocabularySize).map { 1.0 / Double($0) }
        let total = weights.reduce(0, +)
        var running = 0.0
        return weights.map { weight in
            running += weight
            return UInt64((running / total) * 4_294_967_296.0)
        }
    }()

    /// A word drawn with Zipf frequencies.
    @usableFromInline
    static func zipfWord(_ random: inout SplitMix64) -> String {
        let target = random.next() & 0xFFFF_FFFF
        var low = 0, high = vocabularySize - 1
        while low < high {
            let middle = (low + high) / 2
            if zipfCumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return vocabulary[low]
    }

    /// The title of article `id`: 4 words.
    public static func articleTitle(_ id: Int) -> String {
        var random = SplitMix64(seed: UInt64(id) &* 0x9E37_79B9 &+ 1)
        return (0..<4).map { _ in zipfWord(&random) }.joined(separator: " ").capitalizedFirst
    }

    /// The body of article `id`: 20-40 words in sentences of 5-12 words.
    public static func articleBody(_ id: Int) -> String {
        var random = SplitMix64(seed: UInt64(id) &* 0x85EB_CA6B &+ 7)
        let count = 20 + Int(random.next() % 21)
        var body = "", sentence = 0, sentenceLength = 5 + Int(random.next() % 8)
        for index in 0..<count {
            let word = zipfWord(&random)
            if sentence == 0 {
                if index > 0 { body += " " }
                body += word.capitalizedFirst
            } else {
                body += " " + word
            }
            sentence += 1
            if sentence == sentenceLength || index == count - 1 {
                body += "."
                sentence = 0
                sentenceLength = 5 + Int(random.next() % 8)
            }
        }
        return body
    }

    /// The words of the `k`th `matching` query: one word for even `k`, two for odd `k`, of ranks spread evenly
    /// on a log scale over the vocabulary (`k` times the golden ratio), so queries range from words in nearly
    /// every article to words in a few dozen.
    public static func matchQuery(_ k: Int) -> String {
        func rank(_ u: Double) -> Int {
            let fraction = u - u.rounded(.down)
            return min(vocabularySize - 1, Int(exp(fraction * log(Double(vocabularySize)))) - 1)
        }
        let first = vocabulary[rank(Double(k) * 0.618_033_988_75)]
        guard k % 2 == 1 else { return first }
        // The second word of a pair among the 300 most frequent, so pairs still match.
        return first + " " + vocabulary[rank(Double(k) * 0.414_213_562_37) % 300]
    }

    /// Folds one fetched match (id, title, snippet) into a checksum.
    @inlinable @inline(__always)
    public static func foldMatch(_ sum: Int, rank: Int, id: Int64, title: String, snippet: String) -> Int {
        sum &+ (Int(id) &* (rank + 1)) &+ title.utf8.count &* 3 &+ snippet.utf8.count &* 5 &+ Int(snippet.utf8.first ?? 0)
    }

    // MARK: - The soft-delete workloads' shelves

    /// Shelves of the soft-delete templates (each holds `booksPerAuthor` volumes).
    @inlinable
    public static func shelves(_ sizes: Sizes) -> Int { sizes.rows / sizes.booksPerAuthor }
    @inlinable
    public static func shelfName(_ id: Int) -> String { "Shelf \(id)" }
    @inlinable
    public static func volumeTitle(_ id: Int) -> String { "Volume number \(id)" }
    @inlinable
    public static func volumePages(_ id: Int) -> Int { 50 + id % 700 }

    /// Folds one decoded volume into a checksum; `deletedAt` must be nil (no row of the twins is deleted).
    @inlinable @inline(__always)
    public static func foldVolume(_ sum: Int, id: Int64, title: String, pages: Int, shelfID: Int64, deleted: Bool) -> Int {
        sum &+ Int(id) &+ title.utf8.count &* 3 &+ pages &* 5 &+ Int(shelfID) &* 7 &+ (deleted ? 1_000_003 : 0)
    }
}

/// SplitMix64: a small, fast, deterministic generator for the fixture text.
public struct SplitMix64 {
    @usableFromInline
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    /// The string with its first character uppercased.
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

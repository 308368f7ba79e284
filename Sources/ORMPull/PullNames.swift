/// Turns SQL names into schema identifiers (`[A-Za-z_][A-Za-z0-9_]*`, ASCII) and relation names.
public enum PullNames {
    /// `Order Details` → `OrderDetails`, `e-mail` → `eMail`, `created_at` kept, `2nd` → `_2nd`: every run of
    /// characters outside `[A-Za-z0-9_]` is dropped and the next letter uppercased. Empty when nothing is left.
    public static func identifier(_ name: String) -> String {
        join(words(of: name, splittingUnderscores: false), capitalizingFirst: false)
    }

    /// `book_loan` → `BookLoan`, `Order Details` → `OrderDetails`, `InvoiceLine` kept.
    static func upperCamel(_ name: String) -> String {
        join(words(of: name, splittingUnderscores: true), capitalizingFirst: true)
    }

    /// `created_at` → `createdAt`, `ArtistId` → `artistId`, `URLPath` → `urlPath`, `ID` → `id`.
    static func lowerCamel(_ name: String) -> String {
        lowerFirst(upperCamel(name))
    }

    /// The leading capitals lowercased, except the last one of several that starts the next word:
    /// `Artist` → `artist`, `URLPath` → `urlPath`, `ID` → `id`.
    static func lowerFirst(_ name: String) -> String {
        let characters = Array(name)
        let capitals = characters.prefix { $0.isASCII && $0.isUppercase }.count
        let count = capitals > 1 && capitals < characters.count && characters[capitals].isLowercase ? capitals - 1 : capitals
        return characters.prefix(count).map { $0.lowercased() }.joined() + String(characters.dropFirst(count))
    }

    /// `row` → `Row`.
    static func upperFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// A simple English plural of a lowerCamel name's last word: `invoice` → `invoices`, `address` →
    /// `addresses`, `category` → `categories`; a word already ending in `s` (but not `ss`) or in a digit is kept.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.last?.isNumber == true { return name }
        if lower.hasSuffix("ss") || lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch") || lower.hasSuffix("sh") {
            return name + "es"
        }
        if lower.hasSuffix("s") { return name }
        if lower.hasSuffix("y"), let beforeY = lower.dropLast().last, !"aeiou".contains(beforeY) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }

    /// Runs of `[A-Za-z0-9_]` (or of `[A-Za-z0-9]` when splitting underscores); everything else separates.
    private static func words(of name: String, splittingUnderscores: Bool) -> [String] {
        name.split { character in
            !(character.isASCII && (character.isLetter || character.isNumber || (!splittingUnderscores && character == "_")))
        }.map(String.init)
    }

    /// The words joined, each after the first (or every one) with an uppercase first letter; `_` in front of a
    /// leading digit.
    private static func join(_ words: [String], capitalizingFirst: Bool) -> String {
        let joined = words.enumerated().map { $0.offset > 0 || capitalizingFirst ? upperFirst($0.element) : $0.element }.joined()
        return joined.first?.isNumber == true ? "_" + joined : joined
    }
}

/// Hands out names that never collide: names that need no change (the SQL name was already an identifier)
/// are served first, then the others in order; a name taken already, compared ignoring case, or reserved gets
/// 2, 3, … appended.
struct NameAllocator {
    private var taken: Set<String>
    private let reserved: Set<String>

    /// An allocator that never hands out `reserved` (compared exactly) or `taken` (compared ignoring case).
    init(reserved: Set<String> = [], taken: [String] = []) {
        self.reserved = reserved
        self.taken = Set(taken.map { $0.lowercased() })
    }

    /// Whether `name` is still free.
    func isFree(_ name: String) -> Bool {
        !reserved.contains(name) && !taken.contains(name.lowercased())
    }

    /// `name` if free, else the first free of `name2`, `name3`, …; the result is taken from now on.
    mutating func claim(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while !isFree(candidate) {
            candidate = name + String(suffix)
            suffix += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Names for `originals` (aligned with them) proposed by `propose`, `fallback` when that is empty; exact
    /// names first, so an `OrderDetails` table keeps its name next to `Order Details`.
    mutating func claim(for originals: [String], fallback: String, propose: (String) -> String) -> [String] {
        let proposals = originals.map { original in
            let proposal = propose(original)
            return proposal.isEmpty ? fallback : proposal
        }
        var names = proposals
        let order = proposals.indices.sorted { (proposals[$0] == originals[$0] ? 0 : 1, $0) < (proposals[$1] == originals[$1] ? 0 : 1, $1) }
        for index in order { names[index] = claim(proposals[index]) }
        return names
    }
}

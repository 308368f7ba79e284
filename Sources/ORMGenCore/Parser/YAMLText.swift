/// Lines, columns and characters as libyaml counts and accepts them, so the loader's own checks agree with the
/// positions Yams reports: a line ends at LF, CR, CR LF, NEL (U+0085), LS (U+2028) or PS (U+2029) (YAML 1.1),
/// and a column is one Unicode scalar. A CR LF file is not one long line.
struct YAMLPosition {
    /// 1-based line.
    private(set) var line = 1
    /// 1-based column, in Unicode scalars.
    private(set) var column = 1
    private var afterCR = false

    /// Moves past `scalar`.
    mutating func advance(over scalar: Unicode.Scalar) {
        defer { afterCR = scalar == "\r" }
        if scalar == "\n" && afterCR { return }   // CR LF is one line break, counted at the CR
        if YAMLText.isLineBreak(scalar) {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }
}

enum YAMLText {
    /// Whether `scalar` ends a line in YAML 1.1 (what libyaml implements).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether libyaml's reader accepts `scalar` (YAML's printable set: tab, line breaks, and no other control
    /// characters, surrogates or U+FFFE/U+FFFF). U+FFFD, which decoding puts for invalid bytes, is refused too.
    static func isAccepted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFC, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// The lines of `text` as Unicode scalars, without their line breaks; the last line is included even when empty.
    static func lines(of text: String) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var line: [Unicode.Scalar] = []
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n" && afterCR { continue }
            if isLineBreak(scalar) {
                lines.append(line)
                line = []
            } else {
                line.append(scalar)
            }
        }
        lines.append(line)
        return lines
    }
}

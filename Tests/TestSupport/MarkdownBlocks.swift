import Foundation

/// Fenced code blocks of a Markdown document.
public enum MarkdownBlocks {
    /// One fenced block.
    public struct Block: Equatable, Sendable {
        /// The block's lines, `import` lines blanked (so line numbers stay).
        public var code: String
        /// The document line (1-based) of the block's first code line.
        public var firstLine: Int
    }

    /// The marker line that leaves the next block out.
    public static let skipMarker = "<!-- snippet: skip -->"

    /// Every block fenced as ```` ```language ````, except those right after `skipMarker` and those holding only imports.
    public static func extract(from markdown: String, language: String) -> [Block] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("```") else { index += 1; continue }
            let isWanted = line == "```" + language
            let isSkipped = index > 0 && lines[index - 1].trimmingCharacters(in: .whitespaces) == skipMarker
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            if isWanted, !isSkipped {
                let code = lines[(index + 1)..<min(end, lines.count)]
                    .map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") ? "" : $0 }
                    .joined(separator: "\n")
                if !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    blocks.append(Block(code: code, firstLine: index + 2))
                }
            }
            index = end + 1
        }
        return blocks
    }
}

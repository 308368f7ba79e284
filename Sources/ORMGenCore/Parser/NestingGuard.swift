/// A cheap, conservative estimate of YAML nesting depth, computed before Yams composes recursively.
///
/// Block nesting costs at least one column of indentation (or one `- ` marker) per level, flow nesting one
/// bracket per level, so `indent + markers + open brackets` bounds the depth of every line. Lines and columns are
/// YAML's (`YAMLText`): a CR LF file gets its indentation counted too.
enum NestingGuard {
    static func firstLineTooDeep(in text: String, limit: Int) -> (line: Int, column: Int)? {
        var flowDepth = 0
        var lineNumber = 0
        for line in YAMLText.lines(of: text) {
            lineNumber += 1
            var indent = 0
            var atLineStart = true
            var quote: Unicode.Scalar?
            var column = 0
            for character in line {
                column += 1
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                switch character {
                case " " where atLineStart, "-" where atLineStart, "?" where atLineStart:
                    indent += 1
                case "#":
                    break
                case "\"", "'":
                    atLineStart = false
                    quote = character
                case "[", "{":
                    atLineStart = false
                    flowDepth += 1
                case "]", "}":
                    atLineStart = false
                    flowDepth = max(0, flowDepth - 1)
                default:
                    atLineStart = false
                }
                if character == "#" && quote == nil { break }
                if indent + flowDepth > limit {
                    return (lineNumber, column)
                }
            }
        }
        return nil
    }
}

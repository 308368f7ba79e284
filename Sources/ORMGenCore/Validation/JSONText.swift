/// JSON text for a seed literal of a `storage: json` field, with sorted keys like the runtime's encoder.
enum JSONText {
    static func render(_ literal: LiteralValue) -> String {
        switch literal {
        case let .scalar(scalar):
            if scalar.isNull { return "null" }
            if !scalar.isQuoted {
                if scalar.text == "true" || scalar.text == "false" { return scalar.text }
                if let value = Double(scalar.text), value.isFinite, scalar.text.first != "+" { return SwiftLiteral.double(value) }
            }
            return string(scalar.text)
        case let .sequence(elements):
            return "[" + elements.map { render($0.value) }.joined(separator: ",") + "]"
        case let .mapping(entries):
            let sorted = entries.sorted { $0.key.value < $1.key.value }
            return "{" + sorted.map { string($0.key.value) + ":" + render($0.value.value) }.joined(separator: ",") + "}"
        }
    }

    private static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "/": result += "\\/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

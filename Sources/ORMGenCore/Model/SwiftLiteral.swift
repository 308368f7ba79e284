import ORMSchema

/// Swift source literals for values the generator writes.
enum SwiftLiteral {
    /// A double-quoted Swift string literal with escapes for quotes, backslashes and control characters.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A Double as Swift and SQL write it: integral values without a fraction.
    static func double(_ value: Double) -> String {
        SQLLiteral.double(value)
    }

    /// Two uppercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        SQLLiteral.hex([byte])
    }
}

import Foundation
import ORMSchema

extension SwiftRenderer {
    /// An `ORMKit.DatabaseValue` literal.
    func render(_ value: DatabaseValue) -> String {
        switch value {
        case .null: ".null"
        case let .integer(number): ".integer(\(number))"
        case let .real(number): ".real(\(SwiftLiteral.double(number)))"
        case let .text(text): ".text(\(SwiftLiteral.string(text)))"
        case let .blob(bytes): ".blob(\(data(bytes)))"
        }
    }

    /// An `ORMKit.WireValue` literal, exact and without force unwraps: a `Decimal` from its sign, exponent and
    /// significand, a `Date` from its seconds since 2001 (the value a `Date` holds).
    func render(_ value: WireValue) -> String {
        switch value {
        case .null: return ".null"
        case let .bool(flag): return ".bool(\(flag))"
        case let .integer(number): return ".integer(\(number))"
        case let .double(number): return ".double(\(SwiftLiteral.double(number)))"
        case let .decimal(number):
            return ".decimal(Foundation.Decimal(sign: .\(number.sign == .minus ? "minus" : "plus"), exponent: \(number.exponent), "
                + "significand: \(number.significand)))"
        case let .text(text): return ".text(\(SwiftLiteral.string(text)))"
        case let .bytes(bytes): return ".bytes(\(data(bytes)))"
        case let .uuid(uuid):
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            return ".uuid(Foundation.UUID(uuid: (\(bytes.map { "0x" + SwiftLiteral.hex($0) }.joined(separator: ", ")))))"
        case let .timestamp(date):
            return ".timestamp(Foundation.Date(timeIntervalSinceReferenceDate: \(SwiftLiteral.double(date.timeIntervalSinceReferenceDate))))"
        case let .json(text): return ".json(\(SwiftLiteral.string(text)))"
        case let .enumLabel(text): return ".enumLabel(\(SwiftLiteral.string(text)))"
        }
    }

    private func data(_ bytes: Data) -> String {
        "Foundation.Data([\(bytes.map { "0x" + SwiftLiteral.hex($0) }.joined(separator: ", "))])"
    }
}

// Hand-written support code for the example schema: the user type behind `converter: true` fields
// (`Book.color`, `Reader.favoriteColor`). ormgen never touches this file (it has no ormgen header).

public import ORMKit

/// An RGB color stored as `#RRGGBB` text.
public struct Color: ORMKit.DatabaseValueConvertible, Hashable, Sendable {
    /// Red, green and blue components.
    public var red, green, blue: UInt8

    /// Creates a color from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The `#RRGGBB` form stored in the column.
    public var databaseValue: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Reads `#RRGGBB`.
    ///
    /// - Throws: `ColorError.malformed` when the text is not `#` followed by six hex digits.
    public init(databaseValue: String) throws {
        let digits = Array(databaseValue.utf8.dropFirst())
        guard databaseValue.hasPrefix("#"), digits.count == 6,
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { throw ColorError.malformed(databaseValue) }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}

/// Why a stored color could not be read.
public enum ColorError: Error {
    /// The stored text is not `#RRGGBB`.
    case malformed(String)
}

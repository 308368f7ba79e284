import ORMKit

/// A user type stored as one INTEGER through the type-converter protocol.
struct Color: DatabaseValueConvertible, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    struct OutOfRange: Error {
        let value: Int
    }

    var databaseValue: Int { Int(red) << 16 | Int(green) << 8 | Int(blue) }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(databaseValue: Int) throws {
        guard (0...0xFF_FFFF).contains(databaseValue) else { throw OutOfRange(value: databaseValue) }
        self.init(
            red: UInt8(databaseValue >> 16),
            green: UInt8((databaseValue >> 8) & 0xFF),
            blue: UInt8(databaseValue & 0xFF)
        )
    }
}

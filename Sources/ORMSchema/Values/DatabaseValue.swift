import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// Used where values are not known statically: query-builder arguments, seed rows, migrations
/// and raw SQL arguments. Generated row codecs never box through this type.
public enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// A record with what eager loading fetched for it: `Related<Author, [Book]>` is an author and its books.
///
/// Nested loading nests the type: `Author.all().including(Author.books.including(Book.readers))` fetches
/// `[Related<Author, [Related<Book, [Reader]>]>]`. The record's properties read through (`item.name` is
/// `item.record.name`).
@dynamicMemberLookup
public struct Related<Value, Loaded> {
    /// The record itself.
    public var record: Value
    /// What was loaded for it: `T` (required `belongsTo`), `T?` (optional `belongsTo`, `hasOne`) or `[T]`
    /// (`hasMany`, `manyToMany`), with `T` itself a `Related` when loading is nested.
    public var related: Loaded

    /// Pairs a record with what was loaded for it.
    public init(record: Value, related: Loaded) {
        self.record = record
        self.related = related
    }

    /// Reads a property of the record: `item.name` for `item.record.name`.
    public subscript<Property>(dynamicMember keyPath: KeyPath<Value, Property>) -> Property {
        record[keyPath: keyPath]
    }
}

extension Related: Sendable where Value: Sendable, Loaded: Sendable {}
extension Related: Equatable where Value: Equatable, Loaded: Equatable {}
extension Related: Hashable where Value: Hashable, Loaded: Hashable {}

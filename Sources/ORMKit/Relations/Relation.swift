/// A relation from `Owner` records to `Target` records, as declared in the schema: what navigation, joins,
/// relation filters, eager loading and graph saves follow.
///
/// `Loaded` is what eager loading attaches to each owner: `Target` for a required `belongsTo`, `Target?`
/// for an optional `belongsTo` and for `hasOne`, `[Target]` for `hasMany` and `manyToMany`. `Kind` is a
/// phantom type naming the relation kind (`HasManyKind`, …), so kind-specific API (graph saves of children,
/// many-to-many writes) is only available where it applies and misuse does not compile. Generated models
/// declare one static value per relation (`Book.author`, `Author.books`) with the aliases `BelongsTo`,
/// `OptionalBelongsTo`, `HasOne`, `HasMany`, `ManyToMany` and `OrderedManyToMany`.
///
/// ```swift
/// let books = try Author.books.request(for: author).fetchAll(db)   // what `author.books` returns
/// let rows = try Author.all().including(Author.books).fetchAll(db) // [Related<Author, [Book]>]
/// ```
public struct Relation<Owner: Record, Target: Record, Loaded: Sendable, Kind: RelationKind>: Sendable {
    /// The relation's metadata, as the generator emitted it in `Owner.schema.relations`.
    public let schema: RelationSchema
    /// The value of the owner's side of the link: its foreign key (`belongsTo`) or its key (the others).
    @usableFromInline let ownerValue: @Sendable (Owner) -> DatabaseValue
    /// The value of the target's side of the link: its key (`belongsTo`, `manyToMany`) or its foreign key.
    @usableFromInline let targetValue: @Sendable (Target) -> DatabaseValue
    /// The owner's side of the link as a bound value, in both forms: a server engine (PostgreSQL) binds and
    /// returns the field's own type (a UUID stays a UUID whatever SQLite storage it has).
    @usableFromInline package let ownerBound: @Sendable (Owner) -> BoundValue
    /// The target's side of the link as a bound value.
    @usableFromInline package let targetBound: @Sendable (Target) -> BoundValue
    /// Stores the owner's key in a target's foreign key (`hasMany`, `hasOne`); nil for the other kinds.
    @usableFromInline let assignOwnerKey: (@Sendable (inout Target, Owner) -> Bool)?
    /// The owner's key as the target's foreign-key field holds it (`hasMany`, `hasOne`; a `StoredKey` unwrapped),
    /// for children built from it in graph saves; nil for the other kinds.
    @usableFromInline let ownerKeyValue: (@Sendable (Owner) -> (any Sendable)?)?
    /// Turns the targets found for one owner into what eager loading attaches to it.
    @usableFromInline let shape: @Sendable ([Target]) throws -> Loaded
    /// A condition every target must meet, from `filter(_:)`: part of navigation, eager loading, joins and
    /// `any`. Its plain columns name the target's table.
    @usableFromInline package var targetCondition: SQLExpression? = nil
    /// Whether reads through the relation apply the target's default scope (`Target.defaultScope`): true until
    /// `unscoped()`.
    @usableFromInline package var appliesTargetScope = true
    /// Which soft-deleted targets reads through the relation see (`withDeleted()`).
    @usableFromInline package var deletedTargets = DeletedRows.excluded
    /// The order of targets, from `order(_:)`: navigation and eager loading (each owner's list) follow it.
    @usableFromInline package var targetOrderings: [Ordering] = []

    /// The relation's name in the schema.
    public var name: String { schema.name }
}

/// The kind of a `Relation`, as a type: one of `BelongsToKind`, `OptionalBelongsToKind`, `HasOneKind`,
/// `HasManyKind`, `ManyToManyKind`. Only these conform.
public protocol RelationKind: Sendable {}

/// The kind of a required `belongsTo` relation.
public enum BelongsToKind: RelationKind {}
/// The kind of an optional `belongsTo` relation.
public enum OptionalBelongsToKind: RelationKind {}
/// The kind of a `hasOne` relation.
public enum HasOneKind: RelationKind {}
/// The kind of a `hasMany` relation.
public enum HasManyKind: RelationKind {}
/// The kind of a `manyToMany` relation (unordered or ordered): what `ManyToManyMembers` accepts.
public protocol ManyToManyRelationKind: RelationKind {}
/// The kind of an unordered `manyToMany` relation.
public enum ManyToManyKind: ManyToManyRelationKind {}
/// The kind of a `manyToMany` relation declared `ordered: true` (a list with positions).
public enum OrderedManyToManyKind: ManyToManyRelationKind {}

/// A required `belongsTo`: each owner has exactly one target.
public typealias BelongsTo<Owner: Record, Target: Record> = Relation<Owner, Target, Target, BelongsToKind>
/// An optional `belongsTo`: the owner's foreign key may be NULL.
public typealias OptionalBelongsTo<Owner: Record, Target: Record> = Relation<Owner, Target, Target?, OptionalBelongsToKind>
/// A `hasOne`: at most one target row references the owner.
public typealias HasOne<Owner: Record, Target: Record> = Relation<Owner, Target, Target?, HasOneKind>
/// A `hasMany`: any number of target rows reference the owner.
public typealias HasMany<Owner: Record, Target: Record> = Relation<Owner, Target, [Target], HasManyKind>
/// An unordered `manyToMany` through a join table.
public typealias ManyToMany<Owner: Record, Target: Record> = Relation<Owner, Target, [Target], ManyToManyKind>
/// A `manyToMany` through a join table with a position column (`ordered: true`): a list.
public typealias OrderedManyToMany<Owner: Record, Target: Record> = Relation<Owner, Target, [Target], OrderedManyToManyKind>

extension Relation where Loaded == Target, Kind == BelongsToKind {
    /// Creates a required `belongsTo` relation. Called by generated code.
    ///
    /// - Parameters:
    ///   - schema: The relation's entry in `Owner.schema.relations`.
    ///   - ownerKey: Reads the owner's foreign-key field.
    ///   - targetKey: Reads the target's primary-key field.
    @inlinable
    public init<Key: ColumnValue>(
        _ schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?, targetKey: @escaping @Sendable (Target) -> Key?
    ) {
        self.init(schema: schema, ownerKey: ownerKey, targetKey: targetKey, assign: nil) { targets in
            try requireOne(targets, relation: schema.name, table: Target.schema.name)
        }
    }
}

extension Relation where Loaded == Target?, Kind == OptionalBelongsToKind {
    /// Creates an optional `belongsTo` relation. Called by generated code.
    ///
    /// - Parameters:
    ///   - schema: The relation's entry in `Owner.schema.relations`.
    ///   - ownerKey: Reads the owner's (optional) foreign-key field.
    ///   - targetKey: Reads the target's primary-key field.
    @inlinable
    public init<Key: ColumnValue>(
        _ schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?, targetKey: @escaping @Sendable (Target) -> Key?
    ) {
        self.init(schema: schema, ownerKey: ownerKey, targetKey: targetKey, assign: nil) { $0.first }
    }
}

extension Relation where Loaded == Target?, Kind == HasOneKind {
    /// Creates a `hasOne` relation. Called by generated code.
    ///
    /// - Parameters:
    ///   - schema: The relation's entry in `Owner.schema.relations`.
    ///   - ownerKey: Reads the owner's primary-key field.
    ///   - targetKey: Reads the target's foreign-key field.
    ///   - assign: Stores the owner's key in the target's foreign-key field (graph saves).
    @inlinable
    public init<Key: ColumnValue>(
        _ schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?, targetKey: @escaping @Sendable (Target) -> Key?,
        assign: @escaping @Sendable (inout Target, Key) -> Void
    ) {
        self.init(schema: schema, ownerKey: ownerKey, targetKey: targetKey, assign: assign) { $0.first }
    }
}

extension Relation where Loaded == [Target], Kind == HasManyKind {
    /// Creates a `hasMany` relation. Called by generated code.
    ///
    /// - Parameters:
    ///   - schema: The relation's entry in `Owner.schema.relations`.
    ///   - ownerKey: Reads the owner's primary-key field.
    ///   - targetKey: Reads the target's foreign-key field.
    ///   - assign: Stores the owner's key in the target's foreign-key field (graph saves).
    @inlinable
    public init<Key: ColumnValue>(
        _ schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?, targetKey: @escaping @Sendable (Target) -> Key?,
        assign: @escaping @Sendable (inout Target, Key) -> Void
    ) {
        self.init(schema: schema, ownerKey: ownerKey, targetKey: targetKey, assign: assign) { $0 }
    }
}

extension Relation where Loaded == [Target], Kind: ManyToManyRelationKind {
    /// Creates a `manyToMany` relation (`ManyToMany` or `OrderedManyToMany`). Called by generated code.
    ///
    /// - Parameters:
    ///   - schema: The relation's entry in `Owner.schema.relations`.
    ///   - ownerKey: Reads the owner's primary-key field.
    ///   - targetKey: Reads the target's primary-key field.
    @inlinable
    public init<Key: ColumnValue, TargetKey: ColumnValue>(
        _ schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?,
        targetKey: @escaping @Sendable (Target) -> TargetKey?
    ) {
        self.schema = schema
        self.ownerValue = { ownerKey($0)?.storageValue ?? .null }
        self.targetValue = { targetKey($0)?.storageValue ?? .null }
        self.ownerBound = { ownerKey($0).map { BoundValue($0, storage: NativeStorage<Key>.self) } ?? BoundValue(.null) }
        self.targetBound = { targetKey($0).map { BoundValue($0, storage: NativeStorage<TargetKey>.self) } ?? BoundValue(.null) }
        self.assignOwnerKey = nil
        self.ownerKeyValue = nil
        self.shape = { $0 }
    }
}

extension Relation {
    @inlinable
    init<Key: ColumnValue>(
        schema: RelationSchema, ownerKey: @escaping @Sendable (Owner) -> Key?, targetKey: @escaping @Sendable (Target) -> Key?,
        assign: (@Sendable (inout Target, Key) -> Void)?, shape: @escaping @Sendable ([Target]) throws -> Loaded
    ) {
        self.schema = schema
        self.ownerValue = { ownerKey($0)?.storageValue ?? .null }
        self.targetValue = { targetKey($0)?.storageValue ?? .null }
        self.ownerBound = { ownerKey($0).map { BoundValue($0, storage: NativeStorage<Key>.self) } ?? BoundValue(.null) }
        self.targetBound = { targetKey($0).map { BoundValue($0, storage: NativeStorage<Key>.self) } ?? BoundValue(.null) }
        if let assign {
            self.assignOwnerKey = { (target: inout Target, owner: Owner) -> Bool in
                guard let key = ownerKey(owner) else { return false }
                assign(&target, key)
                return true
            }
            self.ownerKeyValue = { owner in ownerKey(owner).map { ($0 as? any KeyWrapper)?.wrappedKey ?? $0 } }
        } else {
            self.assignOwnerKey = nil
            self.ownerKeyValue = nil
        }
        self.shape = shape
    }
}

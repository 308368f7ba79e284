/// Targets in arrival order that leave once, each moved out: an array whose elements need no destroy pass after
/// they are taken (a `[Target?]` emptied with `take()` still destroyed each `nil` through the generic Optional's
/// value witness, about 60 instructions a target) and are never copied while the rows arrive (a full chunk stays
/// where it is and the next one is twice its size, where a growing array moves every element each time).
/// ``TargetLists`` keeps its arrived targets here.
///
/// Each chunk is a `ManagedBuffer` reached only through its pointers, so no access pays a dynamic exclusivity
/// check (a class's stored `var`s would, on every append).
@usableFromInline
struct ArrivalList<Element> {
    /// The full chunks, in order.
    @usableFromInline var full: [ArrivalChunk<Element>] = []
    /// The chunk appends go to.
    @usableFromInline var current: ArrivalChunk<Element>

    @inlinable
    init(capacity: Int) {
        current = ArrivalChunk.make(capacity: Swift.max(capacity, 16))
    }

    /// Adds `element` at the end.
    @inlinable
    mutating func append(_ element: consuming Element) {
        var slot = current.nextSlot()
        if slot == nil {
            let next = ArrivalChunk<Element>.make(capacity: current.room * 2)
            full.append(current)
            current = next
            slot = current.nextSlot()
        }
        slot.unsafelyUnwrapped.initialize(to: element)
    }

    /// Calls `body` with each element, in order, moved out: the list is empty afterwards.
    @inlinable
    func removeAll(_ body: (consuming Element) -> Void) {
        for chunk in full { chunk.removeAll(body) }
        current.removeAll(body)
    }
}

/// How many elements an ``ArrivalChunk`` holds and has room for.
@usableFromInline
struct ArrivalCount {
    @usableFromInline var count: Int
    @usableFromInline let capacity: Int

    @inlinable
    init(capacity: Int) {
        count = 0
        self.capacity = capacity
    }
}

/// One chunk of an ``ArrivalList``: it destroys the elements still in it when it goes.
@usableFromInline
final class ArrivalChunk<Element>: ManagedBuffer<ArrivalCount, Element> {
    @inlinable
    static func make(capacity: Int) -> ArrivalChunk<Element> {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in ArrivalCount(capacity: capacity) }, to: ArrivalChunk<Element>.self)
    }

    /// How many elements the chunk has room for (what it was made with; `capacity` is the allocation's).
    @inlinable
    var room: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

    /// The uninitialized slot of the next element, counted as taken (the caller initializes it at once); nil when
    /// the chunk is full. The address stays valid while the chunk lives.
    @inlinable
    func nextSlot() -> UnsafeMutablePointer<Element>? {
        withUnsafeMutablePointers { header, elements in
            guard header.pointee.count < header.pointee.capacity else { return nil }
            defer { header.pointee.count += 1 }
            return elements + header.pointee.count
        }
    }

    /// Calls `body` with each element, in order, moved out.
    @inlinable
    func removeAll(_ body: (consuming Element) -> Void) {
        withUnsafeMutablePointers { header, elements in
            let taken = header.pointee.count
            header.pointee.count = 0
            for position in 0..<taken { body((elements + position).move()) }
        }
    }

    @inlinable
    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }
}

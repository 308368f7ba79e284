import ExampleModels
@testable import ORMKit
import Testing

/// The rules of what an observation yields, checked on the reducers directly: a task that iterates may ask
/// before or after a commit, so end-to-end tests cannot always tell "no value" from "a value replaced by a
/// later one"; here each step is explicit.
@Suite("Observation reducers") struct ObservationReducerTests {
    private let region = ObservedRegion()

    @Test func aValueEqualToTheLastYieldedOneIsNotYielded() {
        var reducer = ValueReducer<Int>(lookup: nil) { _ in 0 }
        #expect(reducer.takeNext() == nil)
        reducer.apply(1, region: region)
        #expect(reducer.takeNext() == 1)
        reducer.apply(1, region: region)
        #expect(reducer.takeNext() == nil)
        // 2 then back to 1 before the task asks: 1 equals what it saw, so nothing.
        reducer.apply(2, region: region)
        reducer.apply(1, region: region)
        #expect(reducer.takeNext() == nil)
        reducer.apply(3, region: region)
        reducer.apply(4, region: region)
        #expect(reducer.takeNext() == 4)
    }

    @Test func anOptionalValueYieldsItsFirstNil() {
        var reducer = ValueReducer<Int?>(lookup: nil) { _ in nil }
        reducer.apply(nil, region: region)
        #expect(reducer.takeNext() == .some(nil))
        reducer.apply(nil, region: region)
        #expect(reducer.takeNext() == nil)
    }

    private func author(_ id: Int64, _ name: String, rating: Double = 4) -> Author {
        Author(id: id, name: name, email: "\(name)@example.org", rating: rating)
    }

    private func row(_ rowID: Int64, _ record: Author) -> (rowID: Int64?, record: Author) { (rowID, record) }

    @Test func changeSetsCompareWithWhatTheTaskSaw() throws {
        var reducer = ChangeSetReducer(request: Author.all())
        #expect(reducer.takeNext() == nil)   // nothing fetched yet
        let ann = author(1, "ann"), bob = author(2, "bob")
        reducer.apply(.all([row(1, ann), row(2, bob)]), region: region)
        let firstElement = reducer.takeNext()
        let first = try #require(firstElement)
        #expect(first.inserted == [ann, bob] && first.updated.isEmpty && first.deleted.isEmpty)

        // A touched row with equal values: nothing.
        reducer.apply(.touched([1], [row(1, ann)]), region: region)
        #expect(reducer.takeNext() == nil)

        // Updated, then deleted, then a new row, before the task asks: Ann deleted, Cid inserted.
        var renamed = ann
        renamed.name = "anna"
        reducer.apply(.touched([1], [row(1, renamed)]), region: region)
        reducer.apply(.touched([1], []), region: region)
        let cid = author(3, "cid")
        reducer.apply(.touched([3], [row(3, cid)]), region: region)
        let nextElement = reducer.takeNext()
        let next = try #require(nextElement)
        #expect(next.deleted == [1] && next.inserted == [cid] && next.updated.isEmpty)

        // A full fetch finds Bob changed and Cid gone.
        var rated = bob
        rated.rating = 5
        reducer.apply(.all([row(2, rated)]), region: region)
        let lastElement = reducer.takeNext()
        let last = try #require(lastElement)
        #expect(last.updated == [rated] && last.deleted == [3] && last.inserted.isEmpty)
    }

    @Test func aLookupIgnoresCommitsToOtherRows() {
        let reducer = ValueReducer<[Author]>(lookup: (table: "authors", rowIDs: [7])) { _ in [] }
        var region = ObservedRegion()
        region.formUnion(StatementAccess(reads: ["authors": ["id", "name"]], writes: [:], changesSchema: false))
        reducer.narrow(&region)
        func update(_ rowIDs: Set<Int64>?, columns: Set<String>? = ["name"]) -> DatabaseChanges {
            DatabaseChanges(changesByTable: ["authors": .init(columns: columns, rowIDs: rowIDs)])
        }
        #expect(!region.isModified(by: update([8, 9])))
        #expect(region.isModified(by: update([7, 8])))
        #expect(region.isModified(by: update(nil)))             // rowids unknown
        #expect(!region.isModified(by: update([7], columns: ["rating"])))   // a column it does not read
        #expect(!region.isModified(by: DatabaseChanges(changesByTable: ["books": .init(columns: nil, rowIDs: nil)])))
        #expect(region.isModified(by: .external))
    }
}

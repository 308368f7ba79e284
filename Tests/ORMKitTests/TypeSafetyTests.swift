import TestSupport
import Testing

/// The query builder's typing, checked by the compiler itself: each snippet is type-checked with `swiftc`
/// against the ORMKit module this test run was built with. A valid snippet must compile (proving the harness
/// works); each misuse must fail to compile.
@Suite("Query builder typing")
struct TypeSafetyTests {
    static let valid = """
        let rating = Column<Double>("rating", table: "t")
        let born = Column<Date?>("born", table: "t")
        let tags = Column<[String]>("tags", table: "t")
        let name = Column<String>("name", table: "t")
        _ = rating > 3 && name.like("A%") || !(rating == 2.5)
        _ = born > Date() && born != nil
        _ = tags.isNull
        _ = (rating * 2 + rating).between(1, and: 2)
        _ = rating.set(to: rating + 1)
        """

    static let misuses: [String] = [
        #"_ = Column<Double>("rating", table: "t") > "high""#,
        #"_ = Column<Int64>("id", table: "t") == Column<Int32>("n", table: "t")"#,
        #"_ = Column<[String]>("tags", table: "t") == ["a"]"#,
        #"_ = Column<Double>("rating", table: "t").like("1%")"#,
        #"_ = Column<String>("name", table: "t") * 2"#,
        #"_ = Column<Double>("rating", table: "t").set(to: "x")"#,
        #"_ = Column<Date?>("born", table: "t") > 3"#,
    ]

    @Test func validExpressionsCompile() throws {
        let result = try typeCheck(Self.valid)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Every misuse, type-checked in one `swiftc` run (once, by the first case that asks).
    static let checkedMisuses = Swift.Result { try SwiftTypeCheck.runEach(misuses, importing: ["ORMKit"]) }

    @Test(arguments: misuses.indices)
    func misusesDoNotCompile(_ index: Int) throws {
        let result = try Self.checkedMisuses.get()[index]
        #expect(result.status != 0, "compiled but should not: \(Self.misuses[index])")
        #expect(result.output.contains("error:"))
    }

    /// Type-checks `body` (after `import ORMKit`) and returns swiftc's exit status and output.
    private func typeCheck(_ body: String) throws -> SwiftTypeCheck.Result {
        try SwiftTypeCheck.run(body, importing: ["ORMKit"])
    }
}

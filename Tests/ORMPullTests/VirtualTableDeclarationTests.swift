@testable import ORMPull
import Testing

/// Reading `CREATE VIRTUAL TABLE` statements as `sqlite_master` keeps them, and FTS5 arguments as `search:` needs them.
@Suite struct VirtualTableDeclarationTests {
    @Test func argumentsAreSplitAtTheCommasOutsideQuotesAndParentheses() throws {
        let declaration = try #require(VirtualTableDeclaration(sql: #"""
            CREATE VIRTUAL TABLE "a ""b""" USING Module(x(1, 2), 'p, q', "r"")", [s,t], `u``v` /* , */ -- , )
            , w = 'it''s');
            """#))
        #expect(declaration.module == "Module" && declaration.moduleKey == "module")
        #expect(declaration.arguments == [
            [.word("x"), .symbol("("), .word("1"), .symbol(","), .word("2"), .symbol(")")],
            [.quoted("p, q")], [.quoted("r\")")], [.quoted("s,t")], [.quoted("u`v")],
            [.word("w"), .symbol("="), .quoted("it's")],
        ])
        #expect(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE t USING rtree")?.arguments == [])
        #expect(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE t USING fts5()")?.arguments == [])
    }

    @Test func whatIsNotAVirtualTableStatementIsNotRead() {
        #expect(VirtualTableDeclaration(sql: "CREATE TABLE t (a)") == nil)
        #expect(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE t USING fts5(a") == nil)
        #expect(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE t USING fts5(a) b") == nil)
        #expect(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE t") == nil)
    }

    @Test func fts5ArgumentsAreColumnsAndTheOptionsSearchCanDeclare() throws {
        let arguments = try #require(VirtualTableDeclaration(
            sql: "CREATE VIRTUAL TABLE s USING fts5(\"a\", b, Content = [t], CONTENT_ROWID=id, tokenize = 'porter')"
        )).arguments
        #expect(try FTS5Declaration.read(arguments).get()
            == FTS5Declaration(columns: ["a", "b"], content: "t", contentRowid: "id", tokenize: "porter"))
    }

    @Test(arguments: [
        ("\"content\" = 't'", "column 'content' is followed by '=', which pull cannot read"),
        ("a, content = 't' 'u'", "option content= has a value pull cannot read"),
        ("a, content = 't', content = 'u'", "option content= is given twice"),
        ("a unindexed", "column 'a' is UNINDEXED, which search: cannot declare"),
        ("a, columnsize = 0", "option columnsize='0' is one search: cannot declare"),
        ("content = 't'", "it declares no column"),
        ("a, , b", "pull cannot read its arguments"),
    ])
    func fts5ArgumentsSearchCannotDeclareSayWhy(_ arguments: String, _ reason: String) throws {
        let declaration = try #require(VirtualTableDeclaration(sql: "CREATE VIRTUAL TABLE s USING fts5(\(arguments))"))
        #expect(FTS5Declaration.read(declaration.arguments) == .failure(SearchMappingProblem(reason)))
    }
}

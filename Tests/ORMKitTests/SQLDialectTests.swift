import Foundation
@testable import ORMKit
import Testing

/// The dialect is a value: each question the renderer and the query builder ask (placeholder, case-blind match,
/// empty lists, LIMIT/OFFSET, integer range checks, quoting), answered per dialect. `test` is a third dialect that
/// exists only here: rendering in it needs no change anywhere else.
@Suite("SQL dialect")
struct SQLDialectTests {
    /// A dialect no engine has: `:1` parameters bound as wire values, literal limits, the engine checks ranges.
    static let test = SQLDialect(
        name: "test", placeholder: .numbered(prefix: ":"), valueForm: .wire, caseInsensitiveLike: "ILIKE",
        trueLiteral: "true", falseLiteral: "false", limitForm: .literal, offsetWithoutLimit: "OFFSET",
        checksIntegerRanges: true, ddl: SQLiteDDL()
    )

    /// The SQL of `request` in `dialect` and the number of values bound in each form.
    static func select(_ request: QueryRequest<Author>, in dialect: SQLDialect) throws -> (sql: String, storage: Int, wire: Int) {
        var renderer = SQLRenderer(dialect: dialect)
        let sql = request.selectSQL("1", renderer: &renderer)
        return (sql, try renderer.arguments().count, try renderer.wireArguments().count)
    }

    @Test func placeholdersAndTheFormOfBoundValues() throws {
        let request = Author.filter(Author.name == "Ann" && Author.rating > 3)
        let sqlite = try Self.select(request, in: .sqlite)
        #expect(sqlite.sql == #"SELECT 1 FROM "authors" WHERE (("authors"."name" = ?) AND ("authors"."rating" > ?))"#)
        #expect((sqlite.storage, sqlite.wire) == (2, 0))
        let test = try Self.select(request, in: Self.test)
        #expect(test.sql == #"SELECT 1 FROM "authors" WHERE (("authors"."name" = :1) AND ("authors"."rating" > :2))"#)
        #expect((test.storage, test.wire) == (0, 2))
        #expect(SQLDialect.sqlite.placeholder(7) == "?")
        #expect(Self.test.placeholder(7) == ":7")
    }

    /// One expression holds its value once; each dialect binds the form it takes: a `Date` as SQLite's REAL seconds
    /// since 2001, as a typed timestamp on a wire dialect; a `Bool` as 1, or as a boolean.
    @Test func aBoundValueIsHeldOnceAndBoundInEachDialectsForm() throws {
        let date = Date(timeIntervalSinceReferenceDate: 86_400.5)
        let request = Author.filter(Author.born == date && Author.rating > 3)
        var sqlite = SQLRenderer(dialect: .sqlite)
        _ = request.selectSQL("1", renderer: &sqlite)
        let sqliteArguments = try sqlite.arguments()
        #expect(sqliteArguments == [.real(86_400.5), .integer(3)] || sqliteArguments == [.real(86_400.5), .real(3)])
        var test = SQLRenderer(dialect: Self.test)
        _ = request.selectSQL("1", renderer: &test)
        let testArguments = try test.wireArguments()
        #expect(testArguments == [.timestamp(date), .double(3)])
        var flags = SQLRenderer(dialect: Self.test)
        _ = flags.render(SQLExpression.value(true, storage: NativeStorage<Bool>.self))
        let flagArguments = try flags.wireArguments()
        #expect(flagArguments == [.bool(true)])
        var stored = SQLRenderer(dialect: .sqlite)
        _ = stored.render(SQLExpression.value(true, storage: NativeStorage<Bool>.self))
        let storedArguments = try stored.arguments()
        #expect(storedArguments == [.integer(1)])
    }

    @Test func caseBlindMatchAndEmptyLists() throws {
        #expect(try Self.select(Author.filter(Author.name.like("a%")), in: .sqlite).sql.contains(#""authors"."name" LIKE ?"#))
        #expect(try Self.select(Author.filter(Author.name.like("a%")), in: Self.test).sql.contains(#""authors"."name" ILIKE :1"#))
        #expect(try Self.select(Author.filter(Author.id.in([Int64]())), in: .sqlite).sql.hasSuffix("WHERE 0"))
        #expect(try Self.select(Author.filter(Author.id.notIn([Int64]())), in: .sqlite).sql.hasSuffix("WHERE 1"))
        #expect(try Self.select(Author.filter(Author.id.in([Int64]())), in: Self.test).sql.hasSuffix("WHERE false"))
        #expect(try Self.select(Author.filter(Author.id.notIn([Int64]())), in: Self.test).sql.hasSuffix("WHERE true"))
    }

    @Test func limitAndOffset() throws {
        #expect(try Self.select(Author.limit(10, offset: 20), in: .sqlite).sql.hasSuffix(" LIMIT ? OFFSET ?"))
        #expect(try Self.select(Author.limit(10, offset: 20), in: Self.test).sql.hasSuffix(" LIMIT 10 OFFSET :1"))
        var offsetOnly = Author.all()
        offsetOnly.offsetCount = 5
        #expect(try Self.select(offsetOnly, in: .sqlite).sql.hasSuffix(" LIMIT -1 OFFSET ?"))
        #expect(try Self.select(offsetOnly, in: Self.test).sql.hasSuffix(#""authors" OFFSET :1"#))
    }

    @Test func integerRangeChecksOnlyWhereTheEngineDoesNotCheck() {
        let assignment = Author.id.set(to: Author.id + 1)
        var sqlite = SQLRenderer(dialect: .sqlite)
        #expect(assignment.renderValue(&sqlite).hasPrefix(CheckedInteger.functionName + "("))
        var test = SQLRenderer(dialect: Self.test)
        #expect(assignment.renderValue(&test) == #"("authors"."id" + :1)"#)
    }

    @Test func quotingDoublesEmbeddedQuotes() {
        #expect(SQLDialect.sqlite.quote(#"odd "name""#) == #""odd ""name""""#)
        #expect(Self.test.quote("plain") == #""plain""#)
    }
}

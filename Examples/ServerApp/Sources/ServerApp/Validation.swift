import Foundation
import Hummingbird
import ORMKit

/// A request whose values the API refuses before they reach the database: 422 with the reason.
struct ValidationFailure: Error, CustomStringConvertible {
    var description: String
}

extension Author {
    func validate() throws {
        if name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationFailure(description: "name must not be empty") }
    }
}

extension Book {
    /// What the schema cannot say. The rating's range is the table's CHECK constraint (schema/bookshop.yaml): a
    /// rating out of it comes back from the database as a constraint violation (409).
    func validate() throws {
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationFailure(description: "title must not be empty") }
        if isbn.isEmpty || !isbn.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "X" }) {
            throw ValidationFailure(description: "isbn must be digits and dashes (and a final X), not '\(isbn)'")
        }
        if !(1450...2100).contains(year) { throw ValidationFailure(description: "year must be from 1450 to 2100, not \(year)") }
    }
}

/// The body of PATCH /books/:id: the fields to change.
struct BookChanges: Decodable {
    var title: String?
    var isbn: String?
    var year: Int?
    var rating: Double?
    var authorID: Int64?

    func apply(to book: inout Book) {
        if let title { book.title = title }
        if let isbn { book.isbn = isbn }
        if let year { book.year = year }
        if let rating { book.rating = rating }
        if let authorID { book.authorID = authorID }
    }
}

/// The query string of GET /books, read strictly: an unknown or malformed parameter is a 422, never ignored.
struct BookQuery {
    var request = Book.all()
    var page = 1
    var per = 20

    init(_ parameters: Parameters, largestPage: Int) throws {
        for (name, value) in parameters {
            let value = String(value)
            switch String(name) {
            case "author": request = request.filter(Book.authorID == (try Self.number(value, name: "author") as Int64))
            case "from": request = request.filter(Book.year >= (try Self.number(value, name: "from") as Int))
            case "to": request = request.filter(Book.year <= (try Self.number(value, name: "to") as Int))
            case "minRating": request = request.filter(Book.rating >= (try Self.number(value, name: "minRating") as Double))
            case "title": request = request.filter(Book.title.like("%\(value)%"))
            case "page": page = try Self.number(value, name: "page", in: 1...Int.max)
            case "per": per = try Self.number(value, name: "per", in: 1...largestPage)
            default:
                throw ValidationFailure(description: "unknown query parameter '\(name)' (author, from, to, minRating, title, page, per)")
            }
        }
        if (page - 1).multipliedReportingOverflow(by: per).overflow {
            throw ValidationFailure(description: "page \(page) of \(per) books is past any table's end")
        }
    }

    private static func number<N: LosslessStringConvertible & Comparable>(
        _ text: String, name: String, in range: ClosedRange<N>? = nil
    ) throws -> N {
        guard let value = N(text), range?.contains(value) ?? true else {
            let bounds = range.map { " from \($0.lowerBound) to \($0.upperBound)" } ?? ""
            throw ValidationFailure(description: "\(name) must be a number\(bounds), not '\(text)'")
        }
        return value
    }
}

/// One page of GET /books.
struct BookPage: ResponseEncodable {
    var items: [Book]
    var page: Int
    var per: Int
    var total: Int
    var pages: Int

    init(_ page: Page<Book>) {
        items = page.items
        self.page = page.number
        per = page.size
        total = page.totalCount
        pages = page.pageCount
    }
}

/// Turns what a route throws into the status it means: a refused value 422, a constraint the database enforces
/// (unique, foreign key, check) 409, a busy or unreachable database 503 — each with the error's text. Bad input
/// never becomes a 500.
struct DatabaseErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let failure as ValidationFailure {
            throw HTTPError(.unprocessableContent, message: failure.description)
        } catch let error as DatabaseError where error.isConstraintViolation {
            throw HTTPError(.conflict, message: error.description)
        } catch let error as DatabaseError where error.isRetryable {
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: "1"], message: error.description)
        }
    }
}

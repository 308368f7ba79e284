// LibraryApp: ORMGen's demo. Its models (Author, Book, Loan, LibrarySchema) are generated at build
// time by the ORMGenPlugin from schema/library.yaml; this file only uses them.
//
//     swift run LibraryApp [DATABASE_PATH] [--reset]
//
// The database defaults to ./library.db. A second run reuses it; --reset deletes it first.
import Foundation
import ORMKit

let arguments = CommandLine.arguments.dropFirst()
let usage = "usage: LibraryApp [DATABASE_PATH] [--reset]   (default path: library.db)"
if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "--reset" }) {
    let isHelp = option == "--help" || option == "-h"
    FileHandle.standardError.write(Data(((isHelp ? "" : "LibraryApp: unknown option '\(option)'\n") + usage + "\n").utf8))
    exit(isHelp ? 0 : 2)
}
let reset = arguments.contains("--reset")
let path = arguments.first { !$0.hasPrefix("-") } ?? "library.db"

do {
    try await runDemo(path: path, reset: reset)
} catch {
    FileHandle.standardError.write(Data("LibraryApp: error: \(error)\n".utf8))
    if error is MigrationError {
        FileHandle.standardError.write(Data("LibraryApp: run with --reset to start from a new database\n".utf8))
    }
    exit(1)
}

func runDemo(path: String, reset: Bool) async throws {
    let existed = FileManager.default.fileExists(atPath: path)
    if reset {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
    let db = try Database(path: path)
    defer { try? db.close() }

    // Creates the tables on a new file, upgrades an older one, and only reads the version otherwise.
    let outcome = try await db.migrate(LibrarySchema.self)
    let books = try await Book.count(db)
    switch outcome {
    case .created(let version):
        print("Database \(path): \(reset && existed ? "reset" : "created") at schema version \(version)")
    case .upgraded(let from, let to):
        print("Database \(path): reusing it, upgraded from schema version \(from) to \(to) (\(books) books)")
    case .upToDate(let version):
        print("Database \(path): reusing it at schema version \(version) (\(books) books; --reset starts over)")
    case .adopted(let version):
        print("Database \(path): adopted at schema version \(version) (\(books) books)")
    }
    if books == 0 {
        print("Inserting the sample data")
        try SampleData.insert(into: db)
    }
    try await printReport(db)
    try await showObservedLoans(db)
}

/// Observes the number of open loans while a member borrows a book and returns it: each write commits, and the
/// observation yields the new count (fetched on a reader connection, off the writer).
func showObservedLoans(_ db: Database) async throws {
    section("An observed query refreshing after each write (db.observe)")
    var openLoans = db.observe { conn in try Loan.filter(Loan.returnedAt.isNull).count(conn) }.makeAsyncIterator()
    print("  open loans: \(try await openLoans.next() ?? 0)")
    guard let book = try await Book.order(Book.title).fetchOne(db), let bookID = book.id else { return }
    let loan = try await db.write { conn in
        var loan = Loan(member: "Ogion", loanedAt: Date(), bookID: bookID)
        try loan.insert(conn)
        return loan
    }
    print("  Ogion borrows \(book.title) -> open loans: \(try await openLoans.next() ?? 0)")
    try await db.write { conn in
        var returned = loan
        returned.returnedAt = Date()
        try returned.update(conn)
    }
    print("  Ogion returns it -> open loans: \(try await openLoans.next() ?? 0)")
}

func printReport(_ db: Database) async throws {
    let authors = try await Author.order(Author.name).fetchAll(db)
    let authorNames = Dictionary(uniqueKeysWithValues: authors.compactMap { a in a.id.map { ($0, a.name) } })
    func line(_ book: Book) -> String {
        "\(book.title) (\(book.year), \(authorNames[book.authorID] ?? "?"), \(book.rating))"
    }

    section("Science fiction before 1975, oldest first (filter + order)")
    let sciFi = try await Book
        .filter(Book.genre == .scienceFiction && Book.year < 1975)
        .order(Book.year)
        .fetchAll(db)
    for book in sciFi { print("  \(line(book))") }

    section("Tagged \"hainish\" (membership in the JSON array tags), and before 1970 (the scope Book.before)")
    let hainish = try await Book.filter(Book.tags.contains("hainish")).order(Book.year).fetchAll(db)
    print("  hainish: " + hainish.map(\.title).joined(separator: ", "))
    let early = try await Book.before(1970).order(Book.year).fetchAll(db)
    print("  before 1970: " + early.map(\.title).joined(separator: ", "))

    section("Titles matching \"wizards\" (full-text search, ranked, the match marked)")
    let found = try await Book.matching("wizards").select(Book.title.highlighted(start: "[", end: "]"), Book.year).fetchAll(db)
    for (title, year) in found { print("  \(title) (\(year))") }

    section("All books by title, 3 per page (paginate)")
    var pageNumber = 1
    while true {
        let page = try await Book.order(Book.title).page(pageNumber, size: 3, in: db)
        print("  page \(page.number)/\(page.pageCount): " + page.items.map(\.title).joined(separator: " | "))
        guard page.hasNextPage else { break }
        pageNumber += 1
    }

    section("Per genre (group + aggregate)")
    let genres = try await Book
        .select(Book.genre, countAll(), average(Book.rating))
        .group(by: Book.genre)
        .order(Book.genre)
        .fetchAll(db)
    for (genre, count, rating) in genres {
        print("  \(genre.rawValue): \(count) book(s), average rating \(String(format: "%.2f", rating ?? 0))")
    }
    let totalPages = try await Book.all().sum(db, Book.pages) ?? 0
    let longest = try await Book.order(Book.pages.desc).fetchOne(db)
    print("  \(try await Book.count(db)) books, \(totalPages) pages in all; longest: \(longest.map(line) ?? "none")")

    section("Books of each author, with their loans (the named result AuthorWithBooks: three queries in all)")
    let authorsWithBooks = try await Author.order(Author.name).including(AuthorWithBooks.self).fetchAll(db)
    for entry in authorsWithBooks {
        let titles = entry.books.sorted { $0.year < $1.year }.map { item in
            item.loans.isEmpty ? item.title : "\(item.title) [\(item.loans.count) loan(s)]"
        }
        print("  \(entry.name), born \(entry.born.map(String.init) ?? "?"): " + titles.joined(separator: ", "))
    }
    let acclaimed = try await Author.filter(Author.books.any(Book.rating >= 4.7)).order(Author.name).fetchAll(db)
    print("  with a book rated 4.7 or more: " + acclaimed.map(\.name).joined(separator: ", "))

    section("Books on loan now (isNull, and each loan's book through Loan.book)")
    let openLoans = try await Loan.filter(Loan.returnedAt.isNull).order(Loan.loanedAt).fetchAll(db)
    for loan in openLoans {
        let title = try await loan.book.fetchOne(db)?.title ?? "?"
        let due = loan.dueAt.map { ", due \(isoDay($0))" } ?? ""
        print("  \(title) -> \(loan.member), since \(isoDay(loan.loanedAt))\(due)")
    }

    section("A loan entered by mistake (soft delete: delete stamps deletedAt, reads leave the loan out)")
    if let book = try await Book.order(Book.title).fetchOne(db), let bookID = book.id {
        var mistake = Loan(member: "Cob", loanedAt: Date(), bookID: bookID)
        try await mistake.insert(db)
        try await mistake.delete(db)
        let cobs = Loan.filter(Loan.member == "Cob")
        print("  deleted: \(try await cobs.count(db)) loan(s) for Cob, \(try await cobs.onlyDeleted().count(db)) in the bin")
        try await mistake.restore(db)
        print("  restored: \(try await cobs.count(db)) loan(s) for Cob")
        try await mistake.destroy(db)
        print("  destroyed: \(try await cobs.withDeleted().count(db)) loan(s) for Cob, deleted or not")
    }
}

func isoDay(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
}

func section(_ title: String) {
    print("\n\(title)")
}

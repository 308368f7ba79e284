import ORMKitSQLite

/// A prepared statement: the compiled form of one SQL statement, owned by a `Connection`.
///
/// Cached statements are reused for every execution of the same SQL; after each use the statement is
/// reset and its bindings cleared (record statements keep them: they rebind every parameter). A statement in use (by an operation or an open cursor) is marked busy so
/// a nested use of the same SQL gets a fresh statement instead of clobbering it. Its flags are only touched
/// under the database lock, so they skip Swift's run-time exclusivity checks (see `Connection`).
@usableFromInline
final class Statement {
    /// The `sqlite3_stmt` pointer; invalid once `isFinalized`.
    @usableFromInline let handle: OpaquePointer
    /// The SQL the statement was prepared from (the cache key).
    let sql: String
    /// Whether this statement lives in the connection's cache (and is finalized by it).
    let isCached: Bool
    /// Whether every parameter is bound again before each run (record statements), so `reset()` need not
    /// clear the bindings.
    let rebindsEveryParameter: Bool
    /// `sqlite3_bind_parameter_count`: the largest parameter index in the SQL.
    @usableFromInline let parameterCount: Int32
    /// `sqlite3_column_count`.
    let columnCount: Int32
    /// For SQL written with `$1, $2, …` (the spelling raw SQL shares with PostgreSQL), the argument number of
    /// each parameter index; nil for `?` parameters, which bind in order.
    let numberedParameters: NumberedParameters?
    /// The tables and columns the statement reads and writes (for transaction hooks and observation).
    let access: StatementAccess
    /// `access.isWrite`, kept here for the check made before every run.
    let isWrite: Bool
    /// Whether an operation or cursor is using the statement right now.
    @exclusivity(unchecked) var isBusy = false
    /// Whether `sqlite3_finalize` ran; the handle must not be touched after that.
    @exclusivity(unchecked) private(set) var isFinalized = false
    /// What the connection's instrument follows of this statement; nil until its first instrumented run (and on a
    /// connection without an instrument).
    @exclusivity(unchecked) var instrumentation: StatementInstrumentation?

    init(handle: OpaquePointer, sql: String, isCached: Bool, access: StatementAccess, rebindsEveryParameter: Bool = false) {
        self.handle = handle
        self.access = access
        self.isWrite = access.isWrite
        self.sql = sql
        self.isCached = isCached
        self.rebindsEveryParameter = rebindsEveryParameter
        self.parameterCount = sqlite3_bind_parameter_count(handle)
        self.columnCount = sqlite3_column_count(handle)
        self.numberedParameters = NumberedParameters(handle, count: parameterCount)
    }

    /// Advances to the next row: `true` when a row is available, `false` when done.
    ///
    /// - Throws: `DatabaseError` with SQLite's code and message and this statement's SQL.
    @usableFromInline
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw failure(code)
        }
    }

    /// The error of a step that returned `code`, noted for the instrument following the run (out of line: the
    /// per-row path of `step()` stays as small as it was without instruments).
    @inline(never)
    private func failure(_ code: Int32) -> DatabaseError {
        let error = DatabaseError.sqlite(sqlite3_db_handle(handle), code: code, sql: sql)
        instrumentation?.failure = error
        return error
    }

    /// Steps until done, ignoring rows (for statements run for their effect).
    @usableFromInline
    func run() throws {
        while try step() {}
    }

    /// Resets the statement and clears its bindings (unless they are all bound again anyway), so it can
    /// run again.
    func reset() {
        guard !isFinalized else { return }
        sqlite3_reset(handle)
        if !rebindsEveryParameter { sqlite3_clear_bindings(handle) }
    }

    /// Binds `arguments` to parameters 1…n.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when the count differs from the statement's parameter count.
    @usableFromInline
    func bind(_ arguments: StatementArguments) throws {
        if let numberedParameters { return try bind(arguments, numbered: numberedParameters) }
        guard arguments.values.count == Int(parameterCount) else {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_RANGE,
                message: "the statement expects \(parameterCount) argument(s), got \(arguments.values.count)",
                sql: sql
            )
        }
        let binding = StatementBinding(handle)
        for (offset, value) in arguments.values.enumerated() {
            try value.bind(to: binding, at: Int32(offset + 1))
        }
    }

    /// Binds argument `n` to the parameter `$n` wherever it appears.
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when `$n` parameters are mixed with others or the argument count
    ///   differs from the largest `n`.
    private func bind(_ arguments: StatementArguments, numbered: NumberedParameters) throws {
        guard let argumentNumbers = numbered.argumentNumbers else {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_RANGE,
                message: "the statement mixes $1, $2, … parameters with other ones; write all of them as $n, or all as ?",
                sql: sql
            )
        }
        guard arguments.values.count == numbered.argumentCount else {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_RANGE,
                message: "the statement expects \(numbered.argumentCount) argument(s) ($1 to $\(numbered.argumentCount)), got \(arguments.values.count)",
                sql: sql
            )
        }
        let binding = StatementBinding(handle)
        for (offset, number) in argumentNumbers.enumerated() {
            try arguments.values[number - 1].bind(to: binding, at: Int32(offset + 1))
        }
    }

    /// Binds `values` as integers to parameters 1…n, then their last one to every remaining parameter (an
    /// `IN` list padded to a size the statement cache already holds).
    ///
    /// - Throws: `DatabaseError` (`.misuse`) when there are no values or more than the statement's
    ///   parameters.
    @usableFromInline
    func bindPadded(_ values: ArraySlice<Int64>) throws {
        guard let last = values.last, values.count <= Int(parameterCount) else {
            throw DatabaseError(
                kind: .misuse, resultCode: SQLITE_RANGE,
                message: "the statement expects \(parameterCount) argument(s), got \(values.count)",
                sql: sql
            )
        }
        let binding = StatementBinding(handle)
        var index: Int32 = 1
        for value in values {
            try binding.bindInt64(value, at: index)
            index += 1
        }
        while index <= parameterCount {
            try binding.bindInt64(last, at: index)
            index += 1
        }
    }

    /// Finalizes the statement; safe to call more than once.
    func finalize() {
        guard !isFinalized else { return }
        isFinalized = true
        sqlite3_finalize(handle)
    }

    deinit {
        finalize()
    }
}

/// The `$1, $2, …` parameters of a statement: SQLite reads `$1` as a parameter named "$1" and numbers
/// parameters in order of first appearance, so `WHERE b = $2 AND a = $1` gives `$2` index 1; binding by name
/// puts argument n where `$n` is.
struct NumberedParameters {
    /// The argument number (1-based) of each parameter index 1…count, or nil when the statement mixes `$n`
    /// with other parameters.
    let argumentNumbers: [Int]?
    /// The largest `n`: how many arguments the statement takes.
    let argumentCount: Int

    /// The numbering of `handle`'s parameters, or nil when none is written `$n`.
    init?(_ handle: OpaquePointer, count: Int32) {
        guard count > 0 else { return nil }
        var numbers: [Int?] = []
        numbers.reserveCapacity(Int(count))
        for index in 1...count {
            numbers.append(sqlite3_bind_parameter_name(handle, index).flatMap { Self.number(String(cString: $0)) })
        }
        guard numbers.contains(where: { $0 != nil }) else { return nil }
        let known = numbers.compactMap { $0 }
        argumentNumbers = known.count == numbers.count ? known : nil
        argumentCount = known.max() ?? 0
    }

    /// n for a parameter named `$n` (n ≥ 1), else nil.
    private static func number(_ name: String) -> Int? {
        guard name.first == "$", let number = Int(name.dropFirst()), number >= 1,
              name.dropFirst().allSatisfy(\.isASCII) else { return nil }
        return number
    }
}

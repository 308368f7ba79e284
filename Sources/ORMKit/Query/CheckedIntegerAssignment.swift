import ORMKitSQLite

// `updateAll` arithmetic on an integer column is computed by SQLite in 64 bits (and turns into a REAL when it
// overflows 64 bits), then stored whatever it is: `Counter.hits.set(to: Counter.hits * 100_000)` on an `Int32`
// column would store 214748364700000, and only a later read would throw. So an assignment of an expression to
// an integer column is wrapped in `ormkit_checked_integer(expression, min, max, 'table.column')`, a function
// every ORMKit connection defines, which fails the statement (and so the update, with nothing written) when
// the value is not an INTEGER within the Swift type's range.

/// An integer type whose range `updateAll` assignments of expressions are checked against.
protocol StoredIntegerRange {
    /// The values the Swift type can hold, as SQLite integers.
    static var storedRange: ClosedRange<Int64> { get }
}

extension Int: StoredIntegerRange {
    static var storedRange: ClosedRange<Int64> { Int64(Int.min)...Int64(Int.max) }
}

extension Int32: StoredIntegerRange {
    static var storedRange: ClosedRange<Int64> { Int64(Int32.min)...Int64(Int32.max) }
}

extension Int64: StoredIntegerRange {
    static var storedRange: ClosedRange<Int64> { Int64.min...Int64.max }
}

extension Optional: StoredIntegerRange where Wrapped: StoredIntegerRange {
    static var storedRange: ClosedRange<Int64> { Wrapped.storedRange }
}

/// The SQL function that checks an integer assignment.
enum CheckedInteger {
    /// The function's name in SQL.
    static let functionName = "ormkit_checked_integer"

    /// Defines the function on `handle`.
    static func define(on handle: OpaquePointer) {
        sqlite3_create_function_v2(
            handle, functionName, 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, checkedIntegerFunction, nil, nil, nil
        )
    }
}

/// `ormkit_checked_integer(value, min, max, label)`: `value` when it is NULL or an INTEGER in `min...max`,
/// otherwise an error naming `label` (`table.column`) and the value.
private func checkedIntegerFunction(
    context: OpaquePointer?, count: Int32, arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let arguments, count == 4 else { return }
    let value = arguments[0]
    let minimum = sqlite3_value_int64(arguments[1])
    let maximum = sqlite3_value_int64(arguments[2])
    let problem: String
    switch sqlite3_value_type(value) {
    case SQLITE_NULL:
        sqlite3_result_null(context)
        return
    case SQLITE_INTEGER:
        let integer = sqlite3_value_int64(value)
        if integer >= minimum, integer <= maximum {
            sqlite3_result_value(context, value)
            return
        }
        problem = "the new value \(integer) is out of the column's range \(minimum)...\(maximum)"
    case SQLITE_FLOAT:
        problem = "the new value \(sqlite3_value_double(value)) overflowed 64-bit integers"
    default:
        problem = "the new value is not an integer"
    }
    let label = sqlite3_value_text(arguments[3]).map { String(cString: $0) } ?? "column"
    sqlite3_result_error(context, "integer overflow in updateAll: \(label): \(problem)", -1)
}

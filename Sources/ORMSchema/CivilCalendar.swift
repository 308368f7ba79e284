/// The proleptic Gregorian calendar's month lengths: which `YYYY-MM-DD` texts name a real day. SQLite's date
/// functions roll `2024-02-30` over to `2024-03-01`; ORMKit reads such text as a decoding error instead, and
/// `ormgen pull` counts it as malformed.
public enum CivilCalendar {
    /// Whether `year` has a February 29.
    public static func isLeapYear(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// How many days `month` (1–12) of `year` has; 0 for a month outside 1–12.
    public static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }

    /// Whether `year-month-day` is a day of the calendar.
    public static func isDate(year: Int64, month: Int64, day: Int64) -> Bool {
        day >= 1 && day <= days(inMonth: month, year: year)
    }
}

import ORMSchema
import Testing

@Suite("Civil calendar")
struct CivilCalendarTests {
    @Test func leapYearsFollowTheGregorianRule() {
        #expect(CivilCalendar.isLeapYear(2024) && CivilCalendar.isLeapYear(2000) && CivilCalendar.isLeapYear(0))
        #expect(!CivilCalendar.isLeapYear(1900) && !CivilCalendar.isLeapYear(2023) && !CivilCalendar.isLeapYear(2100))
    }

    @Test func monthLengths() {
        #expect((1...12).map { CivilCalendar.days(inMonth: $0, year: 2023) } == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(CivilCalendar.days(inMonth: 2, year: 2024) == 29)
        #expect(CivilCalendar.days(inMonth: 0, year: 2024) == 0 && CivilCalendar.days(inMonth: 13, year: 2024) == 0)
    }

    @Test func onlyRealDaysAreDates() {
        #expect(CivilCalendar.isDate(year: 2024, month: 2, day: 29))
        #expect(!CivilCalendar.isDate(year: 2023, month: 2, day: 29))
        #expect(!CivilCalendar.isDate(year: 2024, month: 4, day: 31))
        #expect(!CivilCalendar.isDate(year: 2024, month: 1, day: 0))
        #expect(!CivilCalendar.isDate(year: 2024, month: 13, day: 1))
    }
}

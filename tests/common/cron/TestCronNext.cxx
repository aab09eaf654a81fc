#include "CronRuns.hxx"

#include <doctest/doctest.h>

using namespace osprey;
using namespace std::chrono_literals;
using std::chrono::system_clock;

TEST_CASE("Next is the first matching minute strictly after the given instant")
{
	const auto daily = CronSchedule::Parse("0 10 * * *", "UTC");
	const auto ten = ParseIso8601("2026-11-22T10:00:00Z");
	CHECK(daily.Next(ten - 1ns) == ten);
	CHECK(daily.Next(ten - 1min) == ten);
	CHECK(daily.Next(ten) == ten + 24h);
	CHECK(daily.Next(ten + 1ms) == ten + 24h);
	CHECK(Runs("* * * * *", "UTC", "2026-12-31T23:58:30Z") ==
	      Strings{"2026-12-31T23:59:00Z", "2027-01-01T00:00:00Z", "2027-01-01T00:01:00Z"});
	CHECK(Runs("*/20 9-10 * * *", "UTC", "2026-11-22T10:30:00Z", 4) ==
	      Strings{"2026-11-22T10:40:00Z", "2026-11-23T09:00:00Z", "2026-11-23T09:20:00Z",
		      "2026-11-23T09:40:00Z"});
	CHECK(Runs("5/15 */6 * * *", "UTC", "2026-11-22T00:00:00Z", 5) ==
	      Strings{"2026-11-22T00:05:00Z", "2026-11-22T00:20:00Z", "2026-11-22T00:35:00Z",
		      "2026-11-22T00:50:00Z", "2026-11-22T06:05:00Z"});
	// Before 1970 as well.
	CHECK(Runs("0 0 1 1 *", "UTC", "1960-06-01T00:00:00Z", 2) ==
	      Strings{"1961-01-01T00:00:00Z", "1962-01-01T00:00:00Z"});
}

TEST_CASE("Macros, names and 7 as Sunday")
{
	CHECK(Runs("@hourly", "UTC", "2026-11-22T10:30:00Z", 2) ==
	      Strings{"2026-11-22T11:00:00Z", "2026-11-22T12:00:00Z"});
	CHECK(Runs("@daily", "UTC", "2026-11-22T10:30:00Z", 2) ==
	      Strings{"2026-11-23T00:00:00Z", "2026-11-24T00:00:00Z"});
	CHECK(Runs("@weekly", "UTC", "2026-11-22T10:30:00Z", 2) == // the 22nd is a Sunday
	      Strings{"2026-11-29T00:00:00Z", "2026-12-06T00:00:00Z"});
	CHECK(Runs("@monthly", "UTC", "2026-11-22T10:30:00Z", 2) ==
	      Strings{"2026-12-01T00:00:00Z", "2027-01-01T00:00:00Z"});
	CHECK(Runs("@annually", "UTC", "2026-11-22T10:30:00Z", 2) ==
	      Strings{"2027-01-01T00:00:00Z", "2028-01-01T00:00:00Z"});
	CHECK(Runs("0 0 * * 7", "UTC", "2026-11-20T00:00:00Z", 2) ==
	      Strings{"2026-11-22T00:00:00Z", "2026-11-29T00:00:00Z"});
	CHECK(Runs("0 0 * * 0", "UTC", "2026-11-20T00:00:00Z", 1) == Strings{"2026-11-22T00:00:00Z"});
	CHECK(Runs("30 9 * feb-mar,DEC sat-sun", "UTC", "2026-11-22T10:00:00Z", 4) ==
	      Strings{"2026-12-05T09:30:00Z", "2026-12-06T09:30:00Z", "2026-12-12T09:30:00Z",
		      "2026-12-13T09:30:00Z"});
}

TEST_CASE("Month ends and leap days")
{
	CHECK(Runs("0 0 31 * *", "UTC", "2026-01-31T00:00:00Z", 4) ==
	      Strings{"2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-31T00:00:00Z",
		      "2026-08-31T00:00:00Z"});
	CHECK(Runs("0 12 30 * *", "UTC", "2027-01-30T12:00:00Z", 2) ==
	      Strings{"2027-03-30T12:00:00Z", "2027-04-30T12:00:00Z"});
	CHECK(Runs("59 23 28-31 2 *", "UTC", "2027-02-01T00:00:00Z", 3) ==
	      Strings{"2027-02-28T23:59:00Z", "2028-02-28T23:59:00Z", "2028-02-29T23:59:00Z"});
	// February 29 schedules across 2027-2032 and over the non-leap 2100.
	CHECK(Runs("0 0 29 2 *", "UTC", "2027-01-01T00:00:00Z", 2) ==
	      Strings{"2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"});
	CHECK(Runs("0 0 29 feb *", "Europe/Berlin", "2027-01-01T00:00:00Z", 2) ==
	      Strings{"2028-02-29T00:00:00+01:00", "2032-02-29T00:00:00+01:00"});
	CHECK(Runs("0 0 29 2 *", "UTC", "2096-03-01T00:00:00Z", 1) == Strings{"2104-02-29T00:00:00Z"});
	// Day-of-month starred, so both must match: February 29 on a Monday.
	CHECK(Runs("0 0 */28 2 mon", "UTC", "2027-01-01T00:00:00Z", 4) ==
	      Strings{"2027-02-01T00:00:00Z", "2038-02-01T00:00:00Z", "2044-02-01T00:00:00Z",
		      "2044-02-29T00:00:00Z"});
}

TEST_CASE("Day-of-month and day-of-week: either when both are restricted")
{
	// Friday the 13th is NOT what "0 0 13 * fri" means: every 13th and every Friday.
	CHECK(Runs("0 0 13 * fri", "UTC", "2026-11-10T00:00:00Z", 4) ==
	      Strings{"2026-11-13T00:00:00Z", "2026-11-20T00:00:00Z", "2026-11-27T00:00:00Z",
		      "2026-12-04T00:00:00Z"});
	CHECK(Runs("0 0 1,15 * mon", "UTC", "2026-11-28T00:00:00Z", 4) ==
	      Strings{"2026-11-30T00:00:00Z", "2026-12-01T00:00:00Z", "2026-12-07T00:00:00Z",
		      "2026-12-14T00:00:00Z"});
	// A starred field makes it AND: odd days that are Fridays.
	CHECK(Runs("0 0 */2 * fri", "UTC", "2026-11-10T00:00:00Z", 4) ==
	      Strings{"2026-11-13T00:00:00Z", "2026-11-27T00:00:00Z", "2026-12-11T00:00:00Z",
		      "2026-12-25T00:00:00Z"});
	CHECK(Runs("0 0 13 * *", "UTC", "2026-11-10T00:00:00Z", 2) ==
	      Strings{"2026-11-13T00:00:00Z", "2026-12-13T00:00:00Z"});
	CHECK(Runs("0 0 * * fri", "UTC", "2026-11-10T00:00:00Z", 2) ==
	      Strings{"2026-11-13T00:00:00Z", "2026-11-20T00:00:00Z"});
	// Both restricted: the impossible day-of-month does not make it "never".
	CHECK(Runs("0 0 30 2 mon", "UTC", "2026-11-22T00:00:00Z", 2) ==
	      Strings{"2027-02-01T00:00:00Z", "2027-02-08T00:00:00Z"});
}

TEST_CASE("Next at the ends of system_clock's range")
{
	const auto yearly = CronSchedule::Parse("0 0 29 2 *", "UTC");
	CHECK(yearly.Next(system_clock::time_point::max()) == system_clock::time_point::max());
	// 2264-02-29 is past 2262-04-11, the last representable instant.
	CHECK(yearly.Next(ParseIso8601("2260-03-01T00:00:00Z")) == system_clock::time_point::max());
	CHECK(FormatIso8601Utc(CronSchedule::Parse("* * * * *", "UTC").Next(system_clock::time_point::min())) ==
	      "1677-09-21T00:13:00Z");
	// The last representable instant is 2262-04-11T23:47:16Z.
	const auto almost_max = system_clock::time_point::max() - 24h;
	CHECK(FormatIso8601Utc(CronSchedule::Parse("0 0 12 * *", "Europe/Berlin").Next(almost_max)) ==
	      "2262-04-11T22:00:00Z");
	CHECK(CronSchedule::Parse("0 0 13 * *", "Europe/Berlin").Next(almost_max) ==
	      system_clock::time_point::max());
}

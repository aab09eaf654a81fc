// The daylight saving time rule of CronSchedule.hxx, pinned down on real
// transitions: Europe/Berlin switches at 01:00 UTC on the last Sundays of
// March (02:00 CET -> 03:00 CEST) and October (03:00 CEST -> 02:00 CET);
// America/New_York at 02:00 local on the second Sunday of March and the
// first Sunday of November.
#include "CronRuns.hxx"

#include <doctest/doctest.h>

using namespace osprey;

TEST_CASE("Spring forward: wall-clock minutes that do not exist do not fire")
{
	SUBCASE("Europe/Berlin, 2026-03-29")
	{
		CHECK(Runs("30 2 * * *", "Europe/Berlin", "2026-03-27T12:00:00Z") ==
		      Strings{"2026-03-28T02:30:00+01:00", "2026-03-30T02:30:00+02:00",
			      "2026-03-31T02:30:00+02:00"});
		CHECK(Runs("*/30 * * * *", "Europe/Berlin", "2026-03-29T00:15:00Z") ==
		      Strings{"2026-03-29T01:30:00+01:00", "2026-03-29T03:00:00+02:00",
			      "2026-03-29T03:30:00+02:00"});
		CHECK(Runs("0 * * * *", "Europe/Berlin", "2026-03-29T00:00:00Z") ==
		      Strings{"2026-03-29T03:00:00+02:00",
			      "2026-03-29T04:00:00+02:00", "2026-03-29T05:00:00+02:00"});
		// Started inside the gap's UTC hour, the next run is the first real minute.
		CHECK(Runs("* * * * *", "Europe/Berlin", "2026-03-29T00:59:30Z", 2) ==
		      Strings{"2026-03-29T03:00:00+02:00", "2026-03-29T03:01:00+02:00"});
	}
	SUBCASE("America/New_York, 2026-03-08")
	{
		CHECK(Runs("30 2 * * *", "America/New_York", "2026-03-06T12:00:00Z") ==
		      Strings{"2026-03-07T02:30:00-05:00", "2026-03-09T02:30:00-04:00",
			      "2026-03-10T02:30:00-04:00"});
		// A yearly job on a skipped minute waits a year; it is not run late.
		CHECK(Runs("0 2 8 3 *", "America/New_York", "2026-01-01T00:00:00Z", 2) ==
		      Strings{"2027-03-08T02:00:00-05:00", "2028-03-08T02:00:00-05:00"});
		CHECK(Runs("59 1,3 * * *", "America/New_York", "2026-03-08T00:00:00Z") ==
		      Strings{"2026-03-08T01:59:00-05:00", "2026-03-08T03:59:00-04:00",
			      "2026-03-09T01:59:00-04:00"});
	}
}

TEST_CASE("Fall back: a wall-clock minute shown twice fires once, the first time")
{
	SUBCASE("Europe/Berlin, 2026-10-25")
	{
		CHECK(Runs("30 2 * * *", "Europe/Berlin", "2026-10-24T12:00:00Z") ==
		      Strings{"2026-10-25T02:30:00+02:00", "2026-10-26T02:30:00+01:00",
			      "2026-10-27T02:30:00+01:00"});
		CHECK(Runs("0 * * * *", "Europe/Berlin", "2026-10-24T22:30:00Z", 4) ==
		      Strings{"2026-10-25T01:00:00+02:00", "2026-10-25T02:00:00+02:00",
			      "2026-10-25T03:00:00+01:00", "2026-10-25T04:00:00+01:00"});
		CHECK(Runs("*/20 2 * * *", "Europe/Berlin", "2026-10-24T23:30:00Z", 4) ==
		      Strings{"2026-10-25T02:00:00+02:00", "2026-10-25T02:20:00+02:00",
			      "2026-10-25T02:40:00+02:00", "2026-10-26T02:00:00+01:00"});
		// Asked from inside the repeated hour, the repeats are skipped too.
		CHECK(Runs("*/15 * * * *", "Europe/Berlin", "2026-10-25T01:10:00Z", 2) ==
		      Strings{"2026-10-25T03:00:00+01:00", "2026-10-25T03:15:00+01:00"});
		CHECK(Runs("30 2 * * *", "Europe/Berlin", "2026-10-25T00:45:00Z", 1) ==
		      Strings{"2026-10-26T02:30:00+01:00"});
		// From just before the first occurrence, it is still found.
		CHECK(Runs("30 2 * * *", "Europe/Berlin", "2026-10-25T00:29:59Z", 1) ==
		      Strings{"2026-10-25T02:30:00+02:00"});
		// Minutes past the repeated hour are new again.
		CHECK(Runs("0 3 * * *", "Europe/Berlin", "2026-10-25T00:30:00Z", 1) ==
		      Strings{"2026-10-25T03:00:00+01:00"});
	}
	SUBCASE("America/New_York, 2026-11-01")
	{
		CHECK(Runs("30 1 * * *", "America/New_York", "2026-10-31T12:00:00Z") ==
		      Strings{"2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00",
			      "2026-11-03T01:30:00-05:00"});
		CHECK(Runs("*/30 * * * *", "America/New_York", "2026-11-01T04:50:00Z", 4) ==
		      Strings{"2026-11-01T01:00:00-04:00", "2026-11-01T01:30:00-04:00",
			      "2026-11-01T02:00:00-05:00", "2026-11-01T02:30:00-05:00"});
		CHECK(Runs("* * * * *", "America/New_York", "2026-11-01T05:58:30Z", 3) ==
		      Strings{"2026-11-01T01:59:00-04:00", "2026-11-01T02:00:00-05:00",
			      "2026-11-01T02:01:00-05:00"});
	}
}

TEST_CASE("UTC and fixed zones have no transitions to handle")
{
	CHECK(Runs("30 2 * * *", "UTC", "2026-03-28T12:00:00Z", 2) ==
	      Strings{"2026-03-29T02:30:00Z", "2026-03-30T02:30:00Z"});
	CHECK(Runs("0 0 * * *", "Asia/Kolkata", "2026-11-22T00:00:00Z", 1) ==
	      Strings{"2026-11-23T00:00:00+05:30"});
}

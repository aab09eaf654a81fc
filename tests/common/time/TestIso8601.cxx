#include "time/Iso8601.hxx"
#include "time/TimeZone.hxx"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace osprey;
using namespace std::chrono_literals;
using std::chrono::system_clock;

TEST_CASE("FormatIso8601Utc")
{
	CHECK(FormatIso8601Utc(system_clock::time_point{}) == "1970-01-01T00:00:00Z");
	CHECK(FormatIso8601Utc(system_clock::time_point{1795305453s}) == "2026-11-21T23:57:33Z");
	// Truncated towards the past, also before 1970.
	CHECK(FormatIso8601Utc(system_clock::time_point{1795305453s + 999ms}) == "2026-11-21T23:57:33Z");
	CHECK(FormatIso8601Utc(system_clock::time_point{-1ms}) == "1969-12-31T23:59:59Z");
	CHECK(FormatIso8601Utc(system_clock::time_point{951782400s}) == "2000-02-29T00:00:00Z");
}

TEST_CASE("FormatIso8601 in a zone")
{
	const auto berlin = TimeZone::Locate("Europe/Berlin");
	const auto new_york = TimeZone::Locate("America/New_York");
	const auto t = ParseIso8601("2026-11-21T23:57:33Z");
	CHECK(FormatIso8601(t, berlin) == "2026-11-22T00:57:33+01:00");
	CHECK(FormatIso8601(t, new_york) == "2026-11-21T18:57:33-05:00");
	CHECK(FormatIso8601(ParseIso8601("2026-07-01T12:00:00Z"), berlin) == "2026-07-01T14:00:00+02:00");
	CHECK(FormatIso8601(t, TimeZone::Utc()) == "2026-11-21T23:57:33Z");
	CHECK(FormatIso8601(t, TimeZone::Locate("Asia/Kolkata")) == "2026-11-22T05:27:33+05:30");
}

TEST_CASE("ParseIso8601")
{
	const auto t = system_clock::time_point{1795305453s};
	CHECK(ParseIso8601("2026-11-21T23:57:33Z") == t);
	CHECK(ParseIso8601("2026-11-21 23:57:33z") == t);
	CHECK(ParseIso8601("2026-11-22T00:57:33+01:00") == t);
	CHECK(ParseIso8601("2026-11-21T18:57:33-05:00") == t);
	CHECK(ParseIso8601("2026-11-21T23:57:33.250Z") == t + 250ms);
	CHECK(ParseIso8601("2026-11-21T23:57:33,000000001Z") == t + 1ns);
	CHECK(ParseIso8601("1969-12-31T23:59:59Z") == system_clock::time_point{-1s});
	CHECK(ParseIso8601("2028-02-29T00:00:00Z") == system_clock::time_point{1835395200s});

	CHECK_THROWS_WITH_AS(ParseIso8601("9999-12-31T23:59:59Z"),
			     "invalid timestamp \"9999-12-31T23:59:59Z\": out of range (years 1678 to 2261)",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseIso8601("0000-01-01T00:00:00Z"),
			     "invalid timestamp \"0000-01-01T00:00:00Z\": out of range (years 1678 to 2261)",
			     std::invalid_argument);
	for (const char *bad : {"", "2026-11-21", "2026-11-21T23:57:33", "2026-11-21T23:57Z",
				"2026-13-01T00:00:00Z", "2027-02-29T00:00:00Z", "2026-11-21T24:00:00Z",
				"2026-11-21T23:57:33+0100", "2026-11-21T23:57:33.Z", "2026-11-21T23:57:33Zx"}) {
		CAPTURE(bad);
		CHECK_THROWS_WITH_AS(ParseIso8601(bad),
				     ("invalid timestamp \"" + std::string(bad) +
				      "\": expected ISO 8601 like \"2026-11-21T23:57:33Z\"").c_str(),
				     std::invalid_argument);
	}
}

#include "time/Duration.hxx"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace osprey;
using namespace std::chrono_literals;

TEST_CASE("ParseDuration reads Go-style durations")
{
	CHECK(ParseDuration("10m") == 10min);
	CHECK(ParseDuration("1h30m") == 90min);
	CHECK(ParseDuration("90s") == 90s);
	CHECK(ParseDuration("1h") == 1h);
	CHECK(ParseDuration("2h45m30s") == 2h + 45min + 30s);
	CHECK(ParseDuration("500ms") == 500ms);
	CHECK(ParseDuration("1.5h") == 90min);
	CHECK(ParseDuration(".5s") == 500ms);
	CHECK(ParseDuration("1.s") == 1s);
	CHECK(ParseDuration("0.001s") == 1ms);
	CHECK(ParseDuration("1500000us") == 1500ms);
	CHECK(ParseDuration("1500000\xc2\xb5s") == 1500ms);
	CHECK(ParseDuration("1500000\xce\xbcs") == 1500ms);
	CHECK(ParseDuration("2000000ns") == 2ms);
	CHECK(ParseDuration("1m1m") == 2min); // Go adds repeated units
	CHECK(ParseDuration("+5m") == 5min);
	CHECK(ParseDuration("0") == 0ms);
	CHECK(ParseDuration("0s") == 0ms);
	CHECK(ParseDuration("2562047h") == 2562047h);
	CHECK(ParseDuration("2562047h47m16s") == 2562047h + 47min + 16s);
}

TEST_CASE("ParseDuration errors quote the input and say what was expected")
{
	const char *syntax = ": expected a number followed by a unit (ms, s, m, h), like \"10m\" or \"1h30m\"";
	for (const char *bad : {"", "10", "m", "10 min", " 10m", "10m ", "1h 30m", ".s", "1.2.3s", "abc"}) {
		CAPTURE(bad);
		CHECK_THROWS_WITH_AS(ParseDuration(bad),
				     ("invalid duration \"" + std::string(bad) + "\"" + syntax).c_str(),
				     std::invalid_argument);
	}
	CHECK_THROWS_WITH_AS(ParseDuration("10min"),
			     "invalid duration \"10min\": unknown unit \"min\" (expected ns, us, ms, s, m or h)",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("1d"),
			     "invalid duration \"1d\": unknown unit \"d\" (expected ns, us, ms, s, m or h; "
			     "write days as hours, like \"24h\")",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("-5m"), "invalid duration \"-5m\": must not be negative",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("2562048h"),
			     "invalid duration \"2562048h\": too large (at most 2562047h47m16s)",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("99999999999999999999s"),
			     "invalid duration \"99999999999999999999s\": too large (at most 2562047h47m16s)",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("500us"),
			     "invalid duration \"500us\": finer than a millisecond, which is the "
			     "smallest step Osprey counts in",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(ParseDuration("1\n"),
			     "invalid duration \"1\\n\": unknown unit \"\\n\" (expected ns, us, ms, s, m or h)",
			     std::invalid_argument);
}

TEST_CASE("FormatDuration writes the canonical short form")
{
	CHECK(FormatDuration(90min) == "1h30m");
	CHECK(FormatDuration(15min) == "15m");
	CHECK(FormatDuration(90s) == "1m30s");
	CHECK(FormatDuration(1h + 5s) == "1h5s");
	CHECK(FormatDuration(1500ms) == "1s500ms");
	CHECK(FormatDuration(500ms) == "500ms");
	CHECK(FormatDuration(0ms) == "0s");
	CHECK(FormatDuration(48h) == "48h");
	CHECK(FormatDuration(-90s) == "-1m30s");
	CHECK(FormatDuration(std::chrono::milliseconds::min()) == "-2562047788015h12m55s808ms");

	SUBCASE("round-trips through ParseDuration")
	{
		for (const auto ms : {1LL, 999LL, 1000LL, 59'999LL, 3'600'000LL, 3'661'001LL,
				      86'400'000LL * 365, 9'223'372'036'854LL}) {
			CAPTURE(ms);
			CHECK(ParseDuration(FormatDuration(std::chrono::milliseconds{ms})).count() == ms);
		}
	}
}

#include "time/Iso8601.hxx"
#include "time/TimeZone.hxx"

#include <cstdlib>
#include <ctime>
#include <doctest/doctest.h>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace osprey;

namespace {

int64_t
At(const char *iso)
{
	return std::chrono::duration_cast<std::chrono::seconds>(
		       ParseIso8601(iso).time_since_epoch())
		.count();
}

/// Every canonical zone name the system lists.
std::vector<std::string>
SystemZones()
{
	std::vector<std::string> zones;
	std::ifstream tab("/usr/share/zoneinfo/zone1970.tab");
	for (std::string line; std::getline(tab, line);) {
		if (line.empty() || line[0] == '#')
			continue;
		std::istringstream fields(line);
		std::string codes, coordinates, name;
		fields >> codes >> coordinates >> name;
		zones.push_back(name);
	}
	return zones;
}

/// glibc's answer, the independent reference: TZ is switched for the whole
/// process, which is fine in this single-threaded test.
long
GlibcOffset(int64_t t)
{
	const time_t tt = t;
	struct tm tm;
	REQUIRE(localtime_r(&tt, &tm) != nullptr);
	return tm.tm_gmtoff;
}

void
UseGlibcZone(const std::string &name)
{
	::setenv("TZ", (":" + name).c_str(), 1);
	::tzset();
}

} // namespace

TEST_CASE("TimeZone segments of well-known transitions")
{
	const auto berlin = TimeZone::Locate("Europe/Berlin");
	CHECK(berlin.Name() == "Europe/Berlin");
	auto s = berlin.SegmentAt(At("2026-07-01T00:00:00Z"));
	CHECK(s.begin == At("2026-03-29T01:00:00Z"));
	CHECK(s.end == At("2026-10-25T01:00:00Z"));
	CHECK(s.utc_offset == 7200);
	CHECK(berlin.OffsetAt(At("2026-10-25T00:59:59Z")) == 7200);
	CHECK(berlin.OffsetAt(At("2026-10-25T01:00:00Z")) == 3600);
	// Far beyond the table: the footer rule (last Sunday of March 2100 is the 28th).
	s = berlin.SegmentAt(At("2100-06-01T00:00:00Z"));
	CHECK(s.begin == At("2100-03-28T01:00:00Z"));
	CHECK(s.end == At("2100-10-31T01:00:00Z"));

	const auto new_york = TimeZone::Locate("America/New_York");
	s = new_york.SegmentAt(At("2026-12-01T00:00:00Z"));
	CHECK(s.begin == At("2026-11-01T06:00:00Z"));
	CHECK(s.end == At("2027-03-14T07:00:00Z"));
	CHECK(s.utc_offset == -5 * 3600);

	const auto utc = TimeZone::Utc();
	CHECK(utc.Name() == "UTC");
	CHECK(utc.OffsetAt(At("2026-07-01T00:00:00Z")) == 0);
	CHECK(TimeZone::Locate("UTC").OffsetAt(0) == 0);
}

TEST_CASE("TimeZone agrees with glibc for every zone, 1901-2200")
{
	const char *old_tz = std::getenv("TZ");
	const std::string saved = old_tz != nullptr ? old_tz : "";
	std::mt19937_64 rng(20261122);
	std::uniform_int_distribution<int64_t> when(At("1901-12-14T00:00:00Z"), At("2200-01-01T00:00:00Z"));
	std::uniform_int_distribution<int64_t> recent(At("2020-01-01T00:00:00Z"), At("2060-01-01T00:00:00Z"));
	const auto zones = SystemZones();
	REQUIRE(zones.size() > 300);
	std::size_t checked = 0;
	for (const auto &name : zones) {
		CAPTURE(name);
		const auto zone = TimeZone::Locate(name);
		UseGlibcZone(name);
		for (int i = 0; i < 200; ++i) {
			const int64_t t = i % 2 ? when(rng) : recent(rng);
			CAPTURE(t);
			const auto segment = zone.SegmentAt(t);
			REQUIRE(segment.begin <= t);
			REQUIRE(t < segment.end);
			REQUIRE(segment.utc_offset == GlibcOffset(t));
			// The whole segment has that offset: check both of its ends.
			if (segment.begin > INT32_MIN)
				REQUIRE(GlibcOffset(segment.begin) == segment.utc_offset);
			if (segment.end < int64_t{1} << 40)
				REQUIRE(GlibcOffset(segment.end - 1) == segment.utc_offset);
			++checked;
		}
	}
	MESSAGE(checked << " instants in " << zones.size() << " zones agree with glibc");
	if (old_tz != nullptr)
		::setenv("TZ", saved.c_str(), 1);
	else
		::unsetenv("TZ");
	::tzset();
}

TEST_CASE("TimeZone::Locate refuses what is not a zone")
{
	for (const char *bad : {"Mars/Base", "../../../etc/passwd", "/etc/localtime", "Europe",
				"Europe//Berlin", "zone.tab", "Europe/Berlin ", "europe/berlin\n"}) {
		CAPTURE(bad);
		const std::string quoted = std::string(bad) == "europe/berlin\n" ? "\"europe/berlin\\n\""
										  : "\"" + std::string(bad) + "\"";
		CHECK_THROWS_WITH_AS(TimeZone::Locate(bad), ("unknown time zone " + quoted).c_str(),
				     std::invalid_argument);
	}
	CHECK_THROWS_WITH_AS(TimeZone::Locate("right/UTC"),
			     "time zone \"right/UTC\": tzfile with leap seconds (a \"right/\" zone) is not supported",
			     std::invalid_argument);
	CHECK_THROWS_WITH_AS(TimeZone::FromTzFile("X", "TZif2"), "time zone \"X\": truncated tzfile",
			     std::invalid_argument);
}

TEST_CASE("TimeZone::Local follows TZ like the C library")
{
	const char *old_tz = std::getenv("TZ");
	const std::string saved = old_tz != nullptr ? old_tz : "";
	const int64_t july = At("2026-07-01T00:00:00Z");

	::setenv("TZ", "Europe/Berlin", 1);
	CHECK(TimeZone::Local().Name() == "Europe/Berlin");
	CHECK(TimeZone::Local().OffsetAt(july) == 7200);
	::setenv("TZ", ":America/New_York", 1);
	CHECK(TimeZone::Local().OffsetAt(july) == -4 * 3600);
	::setenv("TZ", "/usr/share/zoneinfo/Asia/Tokyo", 1);
	CHECK(TimeZone::Local().OffsetAt(july) == 9 * 3600);
	::setenv("TZ", "<+0330>-3:30", 1); // a POSIX rule, no file
	CHECK(TimeZone::Local().OffsetAt(july) == 3 * 3600 + 1800);
	::setenv("TZ", "XST8XDT,M3.2.0,M11.1.0", 1);
	CHECK(TimeZone::Local().OffsetAt(july) == -7 * 3600);
	CHECK(TimeZone::Local().OffsetAt(At("2026-12-01T00:00:00Z")) == -8 * 3600);
	::setenv("TZ", "Nowhere/Atall", 1);
	CHECK(TimeZone::Local().OffsetAt(july) == 0);
	::unsetenv("TZ");
	CHECK(TimeZone::Local().OffsetAt(july) == GlibcOffset(july));
	CHECK(TimeZone::Locate("").Name() == TimeZone::Local().Name());

	if (old_tz != nullptr)
		::setenv("TZ", saved.c_str(), 1);
}

// CronSchedule::Next against an independent brute-force walker, on random
// expressions in UTC, Europe/Berlin and America/New_York.
//
// The walker shares no code with the implementation: field values come from
// the generator (RandomCron.hxx), UTC offsets from glibc's localtime_r, the
// calendar from glibc's gmtime_r, and it applies the documented rules
// minute by minute. To walk years quickly it jumps over the rest of a local
// day whose date fails, or the rest of an hour that fails, but never across
// a change of UTC offset, so each jump covers only minutes that would each
// have failed the same check.
#include "RandomCron.hxx"
#include "cron/CronSchedule.hxx"
#include "time/Civil.hxx"
#include "time/Iso8601.hxx"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <doctest/doctest.h>
#include <optional>
#include <vector>

using namespace osprey;
using std::chrono::system_clock;

namespace {

constexpr int64_t kHour = 3600, kDay = 86400;

int64_t
At(const char *iso)
{
	return std::chrono::floor<std::chrono::seconds>(ParseIso8601(iso).time_since_epoch()).count();
}

bool
Bit(uint64_t bits, int v)
{
	return (bits >> v) & 1;
}

/// A zone's offset changes between two instants, as glibc sees them.
class GlibcZone {
	std::vector<int64_t> at_;
	std::vector<long> before_, after_;
	long initial_;

	static long Offset(int64_t t)
	{
		const time_t tt = t;
		struct tm tm;
		localtime_r(&tt, &tm);
		return tm.tm_gmtoff;
	}

public:
	GlibcZone(const char *name, int64_t from, int64_t to)
	{
		::setenv("TZ", name, 1);
		::tzset();
		initial_ = Offset(from);
		long previous = initial_;
		constexpr int64_t step = 6 * kHour; // real transitions are months apart
		for (int64_t t = from; t < to; t += step) {
			if (Offset(t + step) == previous)
				continue;
			int64_t low = t, high = t + step; // offset changes in (low, high]
			while (high - low > 1) {
				const int64_t mid = low + (high - low) / 2;
				(Offset(mid) == previous ? low : high) = mid;
			}
			at_.push_back(high);
			before_.push_back(previous);
			after_.push_back(previous = Offset(high));
		}
	}

	const std::vector<int64_t> &Transitions() const { return at_; }

	long OffsetAt(int64_t t) const
	{
		const auto i = std::upper_bound(at_.begin(), at_.end(), t) - at_.begin();
		return i == 0 ? initial_ : after_[i - 1];
	}

	int64_t NextChangeAfter(int64_t t) const
	{
		const auto it = std::upper_bound(at_.begin(), at_.end(), t);
		return it == at_.end() ? INT64_MAX : *it;
	}

	/// Whether the wall clock already showed @p wall (or a later time)
	/// before @p t: just before a transition T it showed T - 1 + offset.
	bool ShownBefore(int64_t t, int64_t wall) const
	{
		for (std::size_t i = 0; i < at_.size(); ++i)
			if (at_[i] <= t && at_[i] > t - 3 * kDay && at_[i] + before_[i] > wall)
				return true;
		return false;
	}
};

struct WalkStats {
	uint64_t minutes = 0, steps = 0;
};

/// The first minute strictly after @p after (seconds) that fires, if any
/// before @p until.
std::optional<int64_t>
OracleNext(const RandomCron &c, const GlibcZone &zone, int64_t after, int64_t until, WalkStats &stats)
{
	int64_t u = FloorDiv(after, 60) * 60 + 60;
	const int64_t start = u;
	while (u < until) {
		++stats.steps;
		const long offset = zone.OffsetAt(u);
		const int64_t change = zone.NextChangeAfter(u);
		const time_t wall = u + offset;
		struct tm tm;
		gmtime_r(&wall, &tm);
		const bool dom = Bit(c.bits[2], tm.tm_mday), dow = Bit(c.bits[4], tm.tm_wday);
		const bool day = Bit(c.bits[3], tm.tm_mon + 1) &&
			(c.star[2] || c.star[4] ? dom && dow : dom || dow);
		if (!day) {
			u = std::min(u + kDay - tm.tm_hour * kHour - tm.tm_min * 60, change);
			continue;
		}
		if (!Bit(c.bits[1], tm.tm_hour)) {
			u = std::min(u + kHour - tm.tm_min * 60, change);
			continue;
		}
		if (!Bit(c.bits[0], tm.tm_min) || zone.ShownBefore(u, wall)) {
			u += 60;
			continue;
		}
		stats.minutes += uint64_t(u - start) / 60;
		return u;
	}
	stats.minutes += uint64_t(until - start) / 60;
	return std::nullopt;
}

/// The generator's own verdict on "never fires" (February has 29 days).
bool
CanFire(const RandomCron &c)
{
	if (!c.star[2] && !c.star[4])
		return true;
	for (unsigned m = 1; m <= 12; ++m)
		for (unsigned d = 1; d <= DaysInMonth(2000, m); ++d)
			if (Bit(c.bits[3], int(m)) && Bit(c.bits[2], int(d)))
				return true;
	return false;
}

} // namespace

TEST_CASE("Next agrees with a brute-force walker on 2000 random schedules")
{
	const char *old_tz = std::getenv("TZ");
	const std::string saved = old_tz != nullptr ? old_tz : "";
	const auto clock_start = std::chrono::steady_clock::now();

	constexpr int kExpressions = 2000, kStarts = 3, kRuns = 4;
	constexpr int64_t kHorizon = 30 * 365 * kDay;
	const int64_t first_start = At("2025-01-01T00:00:00Z"), last_start = At("2035-01-01T00:00:00Z");
	struct Zone {
		const char *name;
		TimeZone zone;
		GlibcZone oracle;
	};
	const int64_t from = At("2024-01-01T00:00:00Z"), to = At("2080-01-01T00:00:00Z");
	const Zone zones[] = {
		{"UTC", TimeZone::Locate("UTC"), GlibcZone(":UTC", from, to)},
		{"Europe/Berlin", TimeZone::Locate("Europe/Berlin"), GlibcZone(":Europe/Berlin", from, to)},
		{"America/New_York", TimeZone::Locate("America/New_York"),
		 GlibcZone(":America/New_York", from, to)},
	};
	REQUIRE(zones[1].oracle.Transitions().size() == 112);

	std::mt19937_64 rng(20261122);
	RandomCronGenerator generator(rng);
	std::uniform_int_distribution<int64_t> start_in(first_start, last_start);
	std::uniform_int_distribution<int64_t> before_transition(0, 2 * kDay);
	WalkStats stats;
	unsigned never = 0, compared = 0, beyond = 0;
	for (int i = 0; i < kExpressions; ++i) {
		const RandomCron c = generator.Next();
		CAPTURE(c.text);
		if (!CanFire(c)) {
			CHECK_THROWS_AS(CronSchedule::Parse(c.text, "UTC"), std::invalid_argument);
			++never;
			continue;
		}
		for (const auto &zone : zones) {
			CAPTURE(zone.name);
			const auto schedule = CronSchedule::Parse(c.text, zone.zone);
			const auto &f = schedule.Fields();
			REQUIRE(f.minutes == c.bits[0]);
			REQUIRE(f.hours == c.bits[1]);
			REQUIRE(f.days_of_month == c.bits[2]);
			REQUIRE(f.months == c.bits[3]);
			REQUIRE(f.days_of_week == c.bits[4]);
			REQUIRE(f.day_of_month_star == c.star[2]);
			REQUIRE(f.day_of_week_star == c.star[4]);
			const auto &transitions = zone.oracle.Transitions();
			for (int s = 0; s < kStarts; ++s) {
				// One start shortly before a DST change, where there is one.
				int64_t after = start_in(rng);
				if (s == 0 && !transitions.empty())
					after = transitions[rng() % (transitions.size() / 3)] -
						before_transition(rng);
				auto t = system_clock::time_point{std::chrono::seconds{after}} +
					std::chrono::milliseconds{rng() % 3 == 0 ? 0 : rng() % 1000};
				const int64_t until = after + kHorizon;
				for (int r = 0; r < kRuns; ++r) {
					const int64_t t_seconds =
						std::chrono::floor<std::chrono::seconds>(t.time_since_epoch()).count();
					const auto expected = OracleNext(c, zone.oracle, t_seconds, until, stats);
					const auto actual = schedule.Next(t);
					CAPTURE(FormatIso8601Utc(t));
					if (!expected) {
						REQUIRE(actual >= system_clock::time_point{std::chrono::seconds{until}});
						++beyond;
						break;
					}
					REQUIRE(FormatIso8601Utc(actual) ==
						FormatIso8601Utc(system_clock::time_point{std::chrono::seconds{*expected}}));
					++compared;
					t = actual;
				}
			}
		}
	}

	const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_start);
	MESSAGE(kExpressions << " expressions (" << never << " never fire) x 3 zones x " << kStarts
			     << " starts: " << compared << " runs agree, " << beyond
			     << " walks found nothing within 30 years; " << stats.minutes
			     << " minutes covered in " << stats.steps << " walker steps, " << elapsed.count()
			     << " s");
	if (old_tz != nullptr)
		::setenv("TZ", saved.c_str(), 1);
	else
		::unsetenv("TZ");
	::tzset();
}

// libFuzzer target: any bytes given to CronSchedule::Parse must yield a
// schedule or std::invalid_argument, and a schedule's Next must return
// quickly a later, matching, minute-aligned instant. ParseDuration gets the
// same bytes and must round-trip through FormatDuration.
//
// Input: the first byte picks the zone and the start instant; the rest is
// the expression.
#include "cron/CronSchedule.hxx"
#include "time/Civil.hxx"
#include "time/Duration.hxx"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

using namespace osprey;
using std::chrono::system_clock;

namespace {

[[noreturn]] void
Fail(const char *what, std::string_view expr)
{
	std::fprintf(stderr, "%s: \"%.*s\"\n", what, int(expr.size()), expr.data());
	std::abort();
}

/// Whether the fields match the local wall-clock minute @p wall.
bool
Matches(const CronFields &f, int64_t wall)
{
	const int64_t days = FloorDiv(wall, 86400);
	const int64_t second = wall - days * 86400;
	const CivilDate date = CivilFromDays(days);
	return (f.minutes >> (second / 60 % 60) & 1) && (f.hours >> (second / 3600) & 1) &&
		(f.months >> date.month & 1) && f.MatchesDay(date.day, WeekdayFromDays(days));
}

void
CheckSchedule(const CronSchedule &schedule, uint8_t selector, std::string_view expr)
{
	// Starts from 1970 to 2230, with odd seconds.
	auto t = system_clock::time_point{std::chrono::seconds{int64_t(selector) * 32'000'000 + 17}};
	for (int i = 0; i < 4; ++i) {
		const auto next = schedule.Next(t);
		if (next == system_clock::time_point::max())
			return;
		if (next <= t)
			Fail("Next went backwards", expr);
		const int64_t utc = std::chrono::duration_cast<std::chrono::seconds>(next.time_since_epoch()).count();
		if (std::chrono::seconds{utc} != next.time_since_epoch())
			Fail("Next not on a whole second", expr);
		const int64_t wall = utc + schedule.Zone().OffsetAt(utc);
		if (FloorMod(wall, 60) != 0 || !Matches(schedule.Fields(), wall))
			Fail("Next returned a minute the schedule does not match", expr);
		if (schedule.Next(next - std::chrono::seconds{1}) != next)
			Fail("Next not stable just before its own answer", expr);
		t = next;
	}
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 512)
		return 0;
	static const TimeZone zones[] = {
		TimeZone::Utc(),
		TimeZone::Locate("Europe/Berlin"),
		TimeZone::Locate("America/New_York"),
		TimeZone::Locate("Australia/Lord_Howe"), // half-hour DST, southern
		TimeZone::Locate("Asia/Kathmandu"),	 // +05:45
	};
	const uint8_t selector = data[0];
	const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);

	try {
		const auto schedule = CronSchedule::Parse(text, zones[selector % std::size(zones)]);
		CheckSchedule(schedule, selector, text);
	} catch (const std::invalid_argument &) {
	}

	try {
		const auto d = ParseDuration(text);
		if (d.count() < 0 || ParseDuration(FormatDuration(d)) != d)
			Fail("duration does not round-trip", text);
	} catch (const std::invalid_argument &) {
	}
	return 0;
}

// CronSchedule::Next: skips by field (month, day, hour, minute) through the
// wall-clock time of one stretch of constant UTC offset at a time.
#include "CronSchedule.hxx"
#include "time/Civil.hxx"

#include <algorithm>

namespace osprey {

namespace {

constexpr int64_t kDay = 86400;

/// The earliest wall-clock minute in [from, limit) (seconds of local time
/// since the epoch) that @p f matches, or @p limit when there is none.
/// Each step jumps to the next candidate of the first field that fails, so
/// a year costs at most a few hundred steps.
int64_t
NextWallMinute(const CronFields &f, int64_t from, int64_t limit) noexcept
{
	int64_t w = FloorDiv(from + 59, 60) * 60;
	while (w < limit) {
		const int64_t days = FloorDiv(w, kDay);
		const int64_t midnight = days * kDay;
		const CivilDate date = CivilFromDays(days);
		const auto hour = unsigned((w - midnight) / 3600);
		const auto minute = unsigned((w - midnight) / 60 % 60);

		if (!((f.months >> date.month) & 1)) {
			int m = NextBit(f.months, date.month + 1);
			int64_t year = date.year;
			if (m < 0) {
				++year;
				m = NextBit(f.months, 1);
			}
			w = DaysFromCivil(year, unsigned(m), 1) * kDay;
			continue;
		}
		if (!f.MatchesDay(date.day, WeekdayFromDays(days))) {
			w = midnight + kDay;
			continue;
		}
		const int h = NextBit(f.hours, hour);
		if (h < 0) {
			w = midnight + kDay;
			continue;
		}
		if (unsigned(h) != hour) {
			w = midnight + h * 3600;
			continue;
		}
		const int m = NextBit(f.minutes, minute);
		if (m < 0) {
			w = midnight + (hour + 1) * 3600;
			continue;
		}
		w = midnight + hour * 3600 + m * 60;
		break;
	}
	return std::min(w, limit);
}

/// The running maximum of the wall clock before @p t: local time that the
/// clock already showed (or jumped over) before t. Looks back over segments
/// until they lie three days before t: older segments end below any wall
/// time after t, as offsets stay within ±26 hours.
int64_t
WallClockHighBefore(const TimeZone &zone, int64_t t) noexcept
{
	int64_t high = kZoneTimeMin;
	int64_t at = t;
	for (int i = 0; i < 16 && at > kZoneTimeMin; ++i) {
		const ZoneSegment segment = zone.SegmentAt(at - 1);
		high = std::max(high, at + segment.utc_offset);
		if (segment.begin <= t - 3 * kDay)
			break;
		at = segment.begin;
	}
	return high;
}

} // namespace

std::chrono::system_clock::time_point
CronSchedule::Next(std::chrono::system_clock::time_point after) const noexcept
{
	using namespace std::chrono;
	const int64_t last = floor<seconds>(system_clock::time_point::max().time_since_epoch()).count();
	int64_t t = floor<seconds>(after.time_since_epoch()).count() + 1;
	if (t > last)
		return system_clock::time_point::max();

	ZoneSegment segment = zone_.SegmentAt(t);
	int64_t high = WallClockHighBefore(zone_, segment.begin);
	for (;;) {
		// Within the segment, wall = utc + offset; a wall minute fires if it
		// is at or past t and above everything the clock showed before.
		const int64_t offset = segment.utc_offset;
		const int64_t from = std::max(t + offset, high);
		const int64_t limit = std::min(segment.end, last + 1) + offset;
		const int64_t w = NextWallMinute(fields_, from, limit);
		if (w < limit)
			return system_clock::time_point{
				duration_cast<system_clock::duration>(seconds{w - offset})};
		if (segment.end > last)
			return system_clock::time_point::max();
		high = std::max(high, segment.end + offset);
		t = segment.end;
		segment = zone_.SegmentAt(t);
	}
}

} // namespace osprey

#include "PosixTz.hxx"
#include "Civil.hxx"

#include <algorithm>
#include <array>

namespace osprey {

namespace {

/// A cursor over the TZ string; every Parse* returns false on bad input.
struct Reader {
	std::string_view s;

	bool AtEnd() const noexcept { return s.empty(); }
	bool Peek(char c) const noexcept { return !s.empty() && s.front() == c; }
	bool Eat(char c) noexcept
	{
		if (!Peek(c))
			return false;
		s.remove_prefix(1);
		return true;
	}

	bool Number(unsigned max, unsigned &out) noexcept
	{
		if (s.empty() || s.front() < '0' || s.front() > '9')
			return false;
		out = 0;
		while (!s.empty() && s.front() >= '0' && s.front() <= '9') {
			out = out * 10 + unsigned(s.front() - '0');
			if (out > max)
				return false;
			s.remove_prefix(1);
		}
		return true;
	}

	/// "CET" or "<+0330>": alphabetic, or anything but '>' between brackets.
	bool Name() noexcept
	{
		std::size_t n = 0;
		if (Eat('<')) {
			while (n < s.size() && s[n] != '>')
				++n;
			if (n == s.size() || n == 0)
				return false;
			s.remove_prefix(n + 1);
			return true;
		}
		while (n < s.size() && ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z')))
			++n;
		if (n < 3)
			return false;
		s.remove_prefix(n);
		return true;
	}

	/// [+-]hh[:mm[:ss]] in seconds; hours up to @p max_hours.
	bool Time(unsigned max_hours, int32_t &out) noexcept
	{
		const bool negative = Eat('-');
		if (!negative)
			Eat('+');
		unsigned h, m = 0, sec = 0;
		if (!Number(max_hours, h))
			return false;
		if (Eat(':') && (!Number(59, m) || (Eat(':') && !Number(59, sec))))
			return false;
		out = int32_t(h * 3600 + m * 60 + sec);
		if (negative)
			out = -out;
		return true;
	}

	bool Date(PosixTzDate &date) noexcept
	{
		if (Eat('M')) {
			date.kind = PosixTzDate::Kind::MonthWeekDay;
			if (!Number(12, date.a) || date.a == 0 || !Eat('.') ||
			    !Number(5, date.b) || date.b == 0 || !Eat('.') ||
			    !Number(6, date.c))
				return false;
		} else if (Eat('J')) {
			date.kind = PosixTzDate::Kind::Julian1;
			if (!Number(365, date.a) || date.a == 0)
				return false;
		} else {
			date.kind = PosixTzDate::Kind::Julian0;
			if (!Number(365, date.a))
				return false;
		}
		date.time = 7200;
		// RFC 8536 extends the hour range to -167..167.
		return !Eat('/') || Time(167, date.time);
	}
};

/// Local (wall-clock) seconds since the epoch at which @p date falls in @p year.
int64_t
LocalTime(const PosixTzDate &date, int64_t year) noexcept
{
	int64_t day;
	switch (date.kind) {
	case PosixTzDate::Kind::Julian1: // 1-365, February 29 never counted
		day = DaysFromCivil(year, 1, 1) + date.a - 1 +
			(IsLeapYear(year) && date.a >= 60 ? 1 : 0);
		break;
	case PosixTzDate::Kind::Julian0: // 0-365, February 29 counted
		day = DaysFromCivil(year, 1, 1) + date.a;
		break;
	case PosixTzDate::Kind::MonthWeekDay:
	default: {
		// Week b (5 = last) of month a, weekday c.
		const int64_t first = DaysFromCivil(year, date.a, 1);
		unsigned mday = 1 + (date.c + 7 - WeekdayFromDays(first)) % 7 + (date.b - 1) * 7;
		while (mday > DaysInMonth(year, date.a))
			mday -= 7;
		day = first + mday - 1;
		break;
	}
	}
	return day * 86400 + date.time;
}

} // namespace

std::optional<PosixTz>
ParsePosixTz(std::string_view s) noexcept
{
	Reader r{s};
	PosixTz tz{};
	int32_t west;
	if (!r.Name() || !r.Time(24, west))
		return std::nullopt;
	tz.std_offset = -west;
	if (r.AtEnd())
		return tz;

	PosixTz::Dst dst{};
	if (!r.Name())
		return std::nullopt;
	dst.offset = tz.std_offset + 3600;
	if (!r.AtEnd() && !r.Peek(',')) {
		if (!r.Time(24, west))
			return std::nullopt;
		dst.offset = -west;
	}
	if (r.AtEnd()) {
		// No rule given: POSIX leaves it to the implementation; glibc uses
		// the US rule, and so do we.
		dst.start = {PosixTzDate::Kind::MonthWeekDay, 3, 2, 0, 7200};
		dst.end = {PosixTzDate::Kind::MonthWeekDay, 11, 1, 0, 7200};
	} else if (!r.Eat(',') || !r.Date(dst.start) || !r.Eat(',') || !r.Date(dst.end) ||
		   !r.AtEnd()) {
		return std::nullopt;
	}
	tz.dst = dst;
	return tz;
}

ZoneSegment
SegmentAt(const PosixTz &tz, int64_t t) noexcept
{
	if (!tz.dst)
		return {kZoneTimeMin, kZoneTimeMax, tz.std_offset};

	// The transitions of the year around t and of both neighbours bracket t
	// whatever the hemisphere. A start is written in standard time and an end
	// in daylight time; where an end and the next start coincide (all-year
	// DST, "0/0,J365/25"), the start sorts last and wins.
	struct Point {
		int64_t at;
		bool start;
		bool operator<(const Point &o) const noexcept
		{
			return at != o.at ? at < o.at : start < o.start;
		}
	};
	const int64_t year = CivilFromDays(FloorDiv(t, 86400)).year;
	std::array<Point, 6> points;
	for (int i = 0; i < 3; ++i) {
		const int64_t y = year - 1 + i;
		points[2 * i] = {LocalTime(tz.dst->start, y) - tz.std_offset, true};
		points[2 * i + 1] = {LocalTime(tz.dst->end, y) - tz.dst->offset, false};
	}
	std::sort(points.begin(), points.end());

	ZoneSegment segment{kZoneTimeMin, points.front().at, 0};
	segment.utc_offset = points.front().start ? tz.std_offset : tz.dst->offset;
	for (std::size_t i = 0; i < points.size() && points[i].at <= t; ++i) {
		segment.begin = points[i].at;
		segment.end = i + 1 < points.size() ? points[i + 1].at : kZoneTimeMax;
		segment.utc_offset = points[i].start ? tz.dst->offset : tz.std_offset;
	}
	return segment;
}

} // namespace osprey

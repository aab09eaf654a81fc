// Proleptic Gregorian calendar arithmetic on plain integers (Howard Hinnant's
// days_from_civil / civil_from_days). Used by ISO 8601 formatting, the tzfile
// rules and the cron search; all of it constexpr, no time zone involved.
#pragma once

#include <cstdint>

namespace osprey {

struct CivilDate {
	int64_t year;
	unsigned month; // 1-12
	unsigned day;	// 1-31
};

/// Division rounding towards negative infinity (b > 0).
constexpr int64_t
FloorDiv(int64_t a, int64_t b) noexcept
{
	return a / b - (a % b < 0 ? 1 : 0);
}

constexpr int64_t
FloorMod(int64_t a, int64_t b) noexcept
{
	return a - FloorDiv(a, b) * b;
}

constexpr bool
IsLeapYear(int64_t y) noexcept
{
	return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

constexpr unsigned
DaysInMonth(int64_t y, unsigned m) noexcept
{
	constexpr unsigned days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	return m == 2 && IsLeapYear(y) ? 29 : days[m - 1];
}

/// Days since 1970-01-01 of the given date.
constexpr int64_t
DaysFromCivil(int64_t y, unsigned m, unsigned d) noexcept
{
	y -= m <= 2;
	const int64_t era = FloorDiv(y, 400);
	const auto yoe = static_cast<unsigned>(y - era * 400);
	const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

constexpr CivilDate
CivilFromDays(int64_t z) noexcept
{
	z += 719468;
	const int64_t era = FloorDiv(z, 146097);
	const auto doe = static_cast<unsigned>(z - era * 146097);
	const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	const unsigned mp = (5 * doy + 2) / 153;
	const unsigned d = doy - (153 * mp + 2) / 5 + 1;
	const unsigned m = mp < 10 ? mp + 3 : mp - 9;
	return {static_cast<int64_t>(yoe) + era * 400 + (m <= 2), m, d};
}

/// Day of the week of a day number: 0 = Sunday ... 6 = Saturday.
constexpr unsigned
WeekdayFromDays(int64_t z) noexcept
{
	// 1970-01-01 was a Thursday.
	return static_cast<unsigned>(FloorMod(z + 4, 7));
}

static_assert(DaysFromCivil(1970, 1, 1) == 0);
static_assert(DaysFromCivil(2000, 3, 1) == 11017);
static_assert(CivilFromDays(-1).year == 1969 && CivilFromDays(-1).day == 31);
static_assert(WeekdayFromDays(DaysFromCivil(2026, 11, 22)) == 0);

} // namespace osprey

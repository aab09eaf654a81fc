// Test helper: the first runs of a schedule, readable in its own zone.
#pragma once

#include "cron/CronSchedule.hxx"
#include "time/Iso8601.hxx"

#include <doctest/doctest.h>
#include <string>
#include <vector>

template <>
struct doctest::StringMaker<std::vector<std::string>> {
	static String convert(const std::vector<std::string> &v)
	{
		std::string out = "{";
		for (const auto &s : v)
			out += (out.size() > 1 ? ", " : "") + s;
		return (out + "}").c_str();
	}
};

namespace osprey {

/// The next @p n runs after @p start (ISO 8601), each as local time with
/// its UTC offset ("2026-03-30T02:30:00+02:00", or "...Z" in UTC).
inline std::vector<std::string>
Runs(const CronSchedule &schedule, const char *start, int n = 3)
{
	std::vector<std::string> runs;
	auto t = ParseIso8601(start);
	for (int i = 0; i < n; ++i) {
		t = schedule.Next(t);
		runs.push_back(FormatIso8601(t, schedule.Zone()));
	}
	return runs;
}

inline std::vector<std::string>
Runs(const char *expr, const char *zone, const char *start, int n = 3)
{
	return Runs(CronSchedule::Parse(expr, zone), start, n);
}

using Strings = std::vector<std::string>;

} // namespace osprey

// ISO 8601 timestamps as Osprey writes them (job records, `created`, logs).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace osprey {

class TimeZone;

/// "2026-11-21T23:57:33Z": whole seconds (truncated towards the past), UTC.
std::string FormatIso8601Utc(std::chrono::system_clock::time_point t);

/// "2026-11-22T00:57:33+01:00": whole seconds, in @p zone's local time with
/// its offset (seconds of historical offsets are dropped from the suffix).
std::string FormatIso8601(std::chrono::system_clock::time_point t, const TimeZone &zone);

/// Reads what the two functions above write, and the common variants:
/// "YYYY-MM-DDTHH:MM:SS", optional fraction of a second (kept to the
/// nanosecond), then "Z" or "±HH:MM"; a space may replace "T".
/// Throws std::invalid_argument quoting the input and saying what was expected,
/// also for instants system_clock cannot hold (before 1678, after 2261).
std::chrono::system_clock::time_point ParseIso8601(std::string_view s);

} // namespace osprey

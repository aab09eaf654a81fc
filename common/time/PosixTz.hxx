// POSIX TZ strings ("CET-1CEST,M3.5.0,M10.5.0/3"), as found in the footer of
// tzfile(5) version 2+ files: they say how a zone behaves after the last
// transition listed in the file. Internal to TimeZone.
#pragma once

#include "ZoneSegment.hxx"

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey {

struct PosixTzDate {
	enum class Kind { Julian1, Julian0, MonthWeekDay } kind;
	unsigned a = 0, b = 0, c = 0; // Jn: a=n; n: a=n; Mm.w.d: a=m, b=w, c=d
	int32_t time = 7200;	      // local seconds after midnight, may be <0 or >24h
};

struct PosixTz {
	int32_t std_offset; // seconds east of UTC (POSIX writes them west)
	struct Dst {
		int32_t offset;
		PosixTzDate start, end;
	};
	std::optional<Dst> dst;
};

/// Parses a POSIX TZ string; nullopt when it is malformed. Never throws.
std::optional<PosixTz> ParsePosixTz(std::string_view s) noexcept;

/// The segment containing @p t under the rule alone (no transition table).
ZoneSegment SegmentAt(const PosixTz &tz, int64_t t) noexcept;

} // namespace osprey

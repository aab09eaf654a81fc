#pragma once

#include <cstdint>

namespace osprey {

/// Bounds standing in for "forever" in ZoneSegment; far beyond any calendar
/// date Osprey computes, yet safe to add a UTC offset to without overflow.
inline constexpr int64_t kZoneTimeMin = -(int64_t{1} << 52);
inline constexpr int64_t kZoneTimeMax = int64_t{1} << 52;

/// A stretch of time [begin, end), in seconds since the Unix epoch, during
/// which a zone's UTC offset is constant. Local wall time is utc + utc_offset.
struct ZoneSegment {
	int64_t begin;
	int64_t end;
	int32_t utc_offset; // seconds east of UTC
};

} // namespace osprey

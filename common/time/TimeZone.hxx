// A time zone from the system's IANA database (tzfile(5) under
// /usr/share/zoneinfo, or $TZDIR), read by Osprey itself: the C library only
// offers the process-global TZ, and GCC 12 lacks std::chrono::locate_zone.
#pragma once

#include "ZoneSegment.hxx"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace osprey {

struct TzData;

/// Immutable once built and cheap to copy (shared data), so one instance may
/// be used from any number of threads at once.
class TimeZone {
	std::shared_ptr<const TzData> data_; // null means UTC
	std::string name_;

	TimeZone(std::shared_ptr<const TzData> data, std::string name) noexcept;

public:
	/// UTC.
	TimeZone() noexcept;

	static TimeZone Utc() noexcept { return {}; }

	/// The zone an Osprey process runs in, like localtime(3) would choose it
	/// now: $TZ when set (a zone name, ":name", an absolute tzfile path, or a
	/// POSIX rule such as "EST5EDT"), else /etc/localtime, else UTC.
	/// Never throws for an unusable setting: like the C library, it falls
	/// back to UTC. Reads the environment, so not concurrently with setenv.
	static TimeZone Local();

	/// An IANA zone by name, e.g. "Europe/Berlin"; "" means Local().
	/// Throws std::invalid_argument `unknown time zone "Mars/Base"` when no
	/// such zone exists, or naming the zone and the defect when its file is
	/// unusable.
	static TimeZone Locate(std::string_view name);

	/// A zone from tzfile contents. Throws std::invalid_argument as Locate.
	static TimeZone FromTzFile(std::string name, std::string_view bytes);

	/// The name given to Locate, "UTC", or for Local() what it found.
	const std::string &Name() const noexcept { return name_; }

	/// The stretch of constant UTC offset containing @p unix_seconds.
	ZoneSegment SegmentAt(int64_t unix_seconds) const noexcept;

	int32_t OffsetAt(int64_t unix_seconds) const noexcept
	{
		return SegmentAt(unix_seconds).utc_offset;
	}
};

} // namespace osprey

// Reading tzfile(5) / RFC 8536 data, the compiled form of the IANA time zone
// database under /usr/share/zoneinfo. Internal to TimeZone.
#pragma once

#include "PosixTz.hxx"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace osprey {

struct TzData {
	/// Ascending transition instants and the offset in force from each.
	std::vector<int64_t> transitions;
	std::vector<int32_t> offsets;
	/// In force before the first transition (RFC 8536: time type 0).
	int32_t initial_offset = 0;
	/// Governs times after the last transition (version 2+ footer).
	std::optional<PosixTz> rule;
};

/// Decodes a whole tzfile. Throws std::invalid_argument saying what is wrong
/// with it; files with leap seconds ("right/" zones) are refused because
/// their timestamps are not POSIX time.
TzData ParseTzFile(std::string_view bytes);

} // namespace osprey

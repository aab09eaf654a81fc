// JSON number text helpers, shared by the parser and the value model.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey::json {

/// Length of the longest JSON number (RFC 8259 grammar) at the start of @p s,
/// 0 when there is none.
std::size_t ScanNumber(std::string_view s) noexcept;

/// True when all of @p s is one JSON number.
inline bool
IsValidNumber(std::string_view s) noexcept
{
	return !s.empty() && ScanNumber(s) == s.size();
}

/// The value of integer text that fits int64_t.
std::optional<std::int64_t> ParseInt64(std::string_view s) noexcept;

/// The nearest double; ±inf when out of range.
double ParseDouble(std::string_view s) noexcept;

} // namespace osprey::json

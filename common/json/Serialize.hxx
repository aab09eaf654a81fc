// Compact JSON output.
#pragma once

#include "Value.hxx"

#include <string>

namespace osprey::json {

/// Compact JSON: no whitespace, members in source order (duplicates kept),
/// numbers exactly as written, strings with minimal escaping (quote,
/// backslash, control characters; no HTML escaping; UTF-8 kept).
std::string Serialize(const Value &value);

/// Appends Serialize(value) to @p out.
void SerializeTo(std::string &out, const Value &value);

} // namespace osprey::json

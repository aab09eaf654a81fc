// Durations as written in config files: Go's time.ParseDuration syntax
// ("10m", "1h30m", "1.5h", "500ms"), which is what users of similar tools
// already type.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

namespace osprey {

/// Parses a sequence of decimal numbers (optionally fractional) each followed
/// by a unit: ns, us (or µs), ms, s, m, h. "0" alone is accepted and yields
/// zero; whether zero makes sense is for the caller (a timeout rejects it).
///
/// Throws std::invalid_argument whose message quotes the input and says what
/// was expected, for: empty or malformed input, an unknown unit, a negative
/// value, a total above 2562047h47m16s (Go's limit), or a total that is not a whole
/// number of milliseconds (Osprey's precision).
std::chrono::milliseconds ParseDuration(std::string_view s);

/// The shortest canonical spelling, largest units first and zero parts left
/// out: 1h30m, 15m, 1m30s, 1h5s, 1s500ms, 0s. ParseDuration reads it back
/// to the same value. Negative values get a leading "-".
std::string FormatDuration(std::chrono::milliseconds d);

} // namespace osprey

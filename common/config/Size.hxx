#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace osprey {

/// Parses a byte count: a whole number optionally followed by a binary unit
/// (k/K/KiB/KB = 1024, m/M/MiB/MB = 1024², g/G/GiB/GB = 1024³). Returns
/// nullopt on anything else or on overflow.
std::optional<std::uint64_t> ParseSize(std::string_view s) noexcept;

} // namespace osprey

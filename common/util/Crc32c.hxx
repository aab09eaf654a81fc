// CRC-32C (Castagnoli), the checksum of the job store's journal entries: it
// tells a torn or corrupt entry from a whole one. Not a cryptographic hash.
#pragma once

#include <cstdint>
#include <string_view>

namespace osprey {

std::uint32_t Crc32c(std::string_view data, std::uint32_t crc = 0) noexcept;

} // namespace osprey

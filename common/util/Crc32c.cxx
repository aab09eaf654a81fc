#include "Crc32c.hxx"

#include <array>

namespace osprey {

static constexpr auto table = [] {
	std::array<std::uint32_t, 256> t{};
	for (std::uint32_t i = 0; i < 256; ++i) {
		std::uint32_t c = i;
		for (int k = 0; k < 8; ++k)
			c = (c & 1) != 0 ? 0x82F63B78u ^ (c >> 1) : c >> 1;
		t[i] = c;
	}
	return t;
}();

std::uint32_t
Crc32c(std::string_view data, std::uint32_t crc) noexcept
{
	crc = ~crc;
	for (const unsigned char byte : data)
		crc = table[(crc ^ byte) & 0xff] ^ (crc >> 8);
	return ~crc;
}

} // namespace osprey

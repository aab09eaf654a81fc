#include "Utf8.hxx"

namespace osprey::json {

std::size_t
ValidUtf8Sequence(std::string_view s) noexcept
{
	if (s.empty())
		return 0;
	const auto b0 = static_cast<unsigned char>(s[0]);
	if (b0 < 0x80)
		return 1;
	std::size_t n;
	unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
	if (b0 >= 0xC2 && b0 <= 0xDF) {
		n = 2;
	} else if (b0 >= 0xE0 && b0 <= 0xEF) {
		n = 3;
		if (b0 == 0xE0)
			lo = 0xA0; // overlong
		else if (b0 == 0xED)
			hi = 0x9F; // surrogates
	} else if (b0 >= 0xF0 && b0 <= 0xF4) {
		n = 4;
		if (b0 == 0xF0)
			lo = 0x90; // overlong
		else if (b0 == 0xF4)
			hi = 0x8F; // above U+10FFFF
	} else {
		return 0;
	}
	if (s.size() < n)
		return 0;
	const auto b1 = static_cast<unsigned char>(s[1]);
	if (b1 < lo || b1 > hi)
		return 0;
	for (std::size_t i = 2; i < n; ++i) {
		const auto b = static_cast<unsigned char>(s[i]);
		if (b < 0x80 || b > 0xBF)
			return 0;
	}
	return n;
}

bool
IsValidUtf8(std::string_view s) noexcept
{
	while (!s.empty()) {
		const std::size_t n = ValidUtf8Sequence(s);
		if (n == 0)
			return false;
		s.remove_prefix(n);
	}
	return true;
}

DecodedRune
DecodeRune(std::string_view s) noexcept
{
	if (s.empty())
		return {0xFFFD, 0};
	const auto b0 = static_cast<unsigned char>(s[0]);
	if (b0 < 0x80)
		return {b0, 1};
	const std::size_t n = ValidUtf8Sequence(s);
	if (n == 0)
		return {0xFFFD, 1};
	char32_t cp = b0 & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
	for (std::size_t i = 1; i < n; ++i)
		cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
	return {cp, n};
}

void
AppendUtf8(std::string &out, char32_t cp)
{
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
		cp = 0xFFFD;
	if (cp < 0x80) {
		out += static_cast<char>(cp);
	} else if (cp < 0x800) {
		out += static_cast<char>(0xC0 | (cp >> 6));
		out += static_cast<char>(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		out += static_cast<char>(0xE0 | (cp >> 12));
		out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
		out += static_cast<char>(0x80 | (cp & 0x3F));
	} else {
		out += static_cast<char>(0xF0 | (cp >> 18));
		out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
		out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
		out += static_cast<char>(0x80 | (cp & 0x3F));
	}
}

std::size_t
RuneCount(std::string_view s) noexcept
{
	std::size_t count = 0;
	while (!s.empty()) {
		const auto r = DecodeRune(s);
		s.remove_prefix(r.width);
		++count;
	}
	return count;
}

} // namespace osprey::json

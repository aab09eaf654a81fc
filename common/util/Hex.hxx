// One hexadecimal digit's value: the decoder behind percent-decoding, Go
// string escapes and JSON \u escapes.
#pragma once

namespace osprey {

/// The value of the hexadecimal digit @p c (either case), or -1 when it is
/// not one.
constexpr int
HexValue(char c) noexcept
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

} // namespace osprey

// Rune classes exactly as Go 1.19's unicode package defines them; the tables
// for non-ASCII runes are generated from Go (gen/unicode_tables.go).
#pragma once

#include <span>

namespace osprey::tmpl {

struct RuneRange {
	char32_t lo, hi;
};

extern const std::span<const RuneRange> non_ascii_print;
extern const std::span<const RuneRange> non_ascii_letter;
extern const std::span<const RuneRange> non_ascii_digit;

bool InRanges(std::span<const RuneRange> ranges, char32_t r) noexcept;

/// unicode.IsPrint (and strconv.IsPrint): letters, marks, numbers,
/// punctuation, symbols and the ASCII space.
inline bool
IsPrint(char32_t r) noexcept
{
	if (r < 0x80)
		return r >= 0x20 && r < 0x7f;
	return InRanges(non_ascii_print, r);
}

inline bool
IsLetter(char32_t r) noexcept
{
	if (r < 0x80)
		return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z');
	return InRanges(non_ascii_letter, r);
}

inline bool
IsDigit(char32_t r) noexcept
{
	if (r < 0x80)
		return r >= '0' && r <= '9';
	return InRanges(non_ascii_digit, r);
}

} // namespace osprey::tmpl

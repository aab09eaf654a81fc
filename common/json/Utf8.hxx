// UTF-8 helpers shared by the JSON parser and the template engine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace osprey::json {

/// Length (1-4) of the well-formed UTF-8 sequence at the start of @p s, or 0
/// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t ValidUtf8Sequence(std::string_view s) noexcept;

bool IsValidUtf8(std::string_view s) noexcept;

/// Decodes the rune at the start of @p s the way Go's utf8.DecodeRuneInString
/// does: an invalid or truncated sequence yields U+FFFD with width 1; an
/// empty string yields U+FFFD with width 0.
struct DecodedRune {
	char32_t rune;
	std::size_t width;
};
DecodedRune DecodeRune(std::string_view s) noexcept;

/// Appends the UTF-8 encoding of @p cp (U+FFFD for invalid code points).
void AppendUtf8(std::string &out, char32_t cp);

/// Number of runes in @p s, counting each invalid byte as one (Go's
/// utf8.RuneCountInString).
std::size_t RuneCount(std::string_view s) noexcept;

} // namespace osprey::json

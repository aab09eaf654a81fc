// Go's strconv quoting and unquoting, used for template literals, %q and
// error messages.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace osprey::tmpl {

/// strconv.Quote (ascii_only: strconv.QuoteToASCII).
std::string GoQuote(std::string_view s, bool ascii_only = false);
void AppendGoQuote(std::string &out, std::string_view s, bool ascii_only = false);

/// strconv.QuoteRune / QuoteRuneToASCII.
void AppendGoQuoteRune(std::string &out, char32_t r, bool ascii_only);

/// strconv.CanBackquote.
bool CanBackquote(std::string_view s) noexcept;

/// fmt's %#U: "U+0041 'A'".
std::string RuneDescription(char32_t r);

/// strconv.Unquote for "...", '...' and `...`; nullopt on invalid syntax.
std::optional<std::string> GoUnquote(std::string_view s);

/// strconv.UnquoteChar: the rune at the start of @p s and its length, for a
/// character constant; nullopt on invalid syntax. @p multibyte tells whether
/// the rune is to be UTF-8 encoded (false for \x and octal escapes).
struct UnquotedChar {
	char32_t value;
	bool multibyte;
	std::size_t length;
};
std::optional<UnquotedChar> GoUnquoteChar(std::string_view s, char quote);

} // namespace osprey::tmpl

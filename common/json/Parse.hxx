// Strict RFC 8259 JSON parsing into the Value model.
#pragma once

#include "Value.hxx"

#include <cstddef>
#include <stdexcept>
#include <string_view>

namespace osprey::json {

/// A syntax error, with the position of the offending byte (line and column
/// 1-based, column counted in characters, offset in bytes).
struct ParseError : std::runtime_error {
	std::size_t line, column, offset;

	ParseError(const std::string &message, std::size_t line_,
		   std::size_t column_, std::size_t offset_)
		:std::runtime_error(message), line(line_), column(column_),
		 offset(offset_) {}
};

/// Nesting deeper than this is refused, so hostile input cannot exhaust the
/// stack.
inline constexpr std::size_t max_depth = 512;

/// Parses exactly one JSON text (surrounding whitespace allowed). Strings
/// must be valid UTF-8 and escapes well-formed (a lone surrogate escape
/// becomes U+FFFD, as Go does). Throws ParseError, message like
/// "line 3, column 7: expected ',' or '}' after object member".
Value Parse(std::string_view text);

} // namespace osprey::json

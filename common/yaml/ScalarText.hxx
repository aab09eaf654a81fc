// Writing a string as YAML scalar text, for the editor (Edit.hxx).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace osprey::yaml {

/// A double-quoted scalar on one line that any YAML reader reads back as
/// @p value (valid UTF-8): quote, backslash, control and non-printable
/// characters and YAML 1.1's extra line breaks (U+0085, U+2028, U+2029)
/// escaped, everything else as is.
std::string DoubleQuoted(std::string_view value);

/// A literal block scalar: the header ("|", "|-" or "|+", with an
/// indentation indicator when the first line starts with a space) followed
/// by @p header_rest (a comment kept from the line, or ""), a line break,
/// then every line of @p value indented by @p indent spaces, each ending
/// with a line break. @p parent_indent is the indentation of the mapping
/// that holds it (for the indicator). Whether the result reads back as
/// @p value depends on what follows it: the editor checks.
std::string LiteralBlock(std::string_view value, std::size_t indent, std::size_t parent_indent,
			 std::string_view header_rest);

/// A mapping key written plainly when it is a simple word that YAML would
/// read as a string, else double-quoted.
std::string KeyText(std::string_view key);

} // namespace osprey::yaml

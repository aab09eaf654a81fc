// The one JSON string quoter: Serialize(), the daemon's log lines and the
// HTTP server's bodies all write strings with it. Header-only so that the
// HTTP protocol code (and its fuzzer) need no JSON library to link.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace osprey::json {

/// How AppendQuoted() writes a control character (below U+0020).
enum class ControlEscape {
	/// \b \t \n \f \r where JSON has a short escape, else \u00xx:
	/// Serialize()'s output.
	Short,
	/// Always \u00xx: the HTTP server's bodies, byte for byte as before.
	Unicode,
};

/// Appends @p s as a JSON string literal, quotes included: the quote, the
/// backslash and control characters escaped, everything else (UTF-8, DEL,
/// HTML characters) copied as is. Appends only to @p out: no other
/// allocation.
inline void
AppendQuoted(std::string &out, std::string_view s, ControlEscape controls = ControlEscape::Short)
{
	static constexpr char hex[] = "0123456789abcdef";
	out += '"';
	std::size_t run = 0;
	for (std::size_t i = 0; i < s.size(); ++i) {
		const auto c = static_cast<unsigned char>(s[i]);
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		out.append(s.substr(run, i - run));
		run = i + 1;
		if (c == '"' || c == '\\') {
			out += '\\';
			out += static_cast<char>(c);
			continue;
		}
		if (controls == ControlEscape::Short) {
			switch (c) {
			case '\n': out += "\\n"; continue;
			case '\r': out += "\\r"; continue;
			case '\t': out += "\\t"; continue;
			case '\b': out += "\\b"; continue;
			case '\f': out += "\\f"; continue;
			}
		}
		out += "\\u00";
		out += hex[c >> 4];
		out += hex[c & 0xf];
	}
	out.append(s.substr(run));
	out += '"';
}

/// The number of bytes AppendQuoted() appends for @p s.
constexpr std::size_t
QuotedSize(std::string_view s, ControlEscape controls = ControlEscape::Short) noexcept
{
	std::size_t size = 2;
	for (const char ch : s) {
		const auto c = static_cast<unsigned char>(ch);
		if (c == '"' || c == '\\')
			size += 2;
		else if (c >= 0x20)
			size += 1;
		else if (controls == ControlEscape::Short &&
			 (c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f'))
			size += 2;
		else
			size += 6;
	}
	return size;
}

} // namespace osprey::json

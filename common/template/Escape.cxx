#include "Escape.hxx"
#include "Unicode.hxx"
#include "json/Utf8.hxx"

namespace osprey::tmpl {

void
HtmlEscape(std::string &out, std::string_view s)
{
	for (const char c : s) {
		switch (c) {
		case '\0': out += "\xEF\xBF\xBD"; break; // U+FFFD
		case '"': out += "&#34;"; break;
		case '\'': out += "&#39;"; break;
		case '&': out += "&amp;"; break;
		case '<': out += "&lt;"; break;
		case '>': out += "&gt;"; break;
		default: out += c;
		}
	}
}

void
JsEscape(std::string &out, std::string_view s)
{
	static constexpr char hex[] = "0123456789ABCDEF";
	for (std::size_t i = 0; i < s.size(); ++i) {
		const auto c = static_cast<unsigned char>(s[i]);
		if (c < 0x80) {
			switch (c) {
			case '\\': out += "\\\\"; continue;
			case '\'': out += "\\'"; continue;
			case '"': out += "\\\""; continue;
			case '<': out += "\\u003C"; continue;
			case '>': out += "\\u003E"; continue;
			case '&': out += "\\u0026"; continue;
			case '=': out += "\\u003D"; continue;
			}
			if (c < ' ') {
				out += "\\u00";
				out += hex[c >> 4];
				out += hex[c & 0xF];
			} else {
				out += static_cast<char>(c);
			}
			continue;
		}
		// Non-ASCII: printable runes stay, others become \uXXXX (an
		// invalid byte decodes to U+FFFD, which is printable, and is
		// copied as the byte itself, as Go does).
		const auto d = json::DecodeRune(s.substr(i));
		if (IsPrint(d.rune)) {
			out.append(s.substr(i, d.width));
		} else {
			std::string digits;
			for (char32_t v = d.rune; v != 0 || digits.size() < 4; v >>= 4)
				digits.insert(digits.begin(), hex[v & 0xF]);
			out += "\\u";
			out += digits;
		}
		i += d.width - 1;
	}
}

void
UrlQueryEscape(std::string &out, std::string_view s)
{
	static constexpr char hex[] = "0123456789ABCDEF";
	for (const char ch : s) {
		const auto c = static_cast<unsigned char>(ch);
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '_' || c == '.' || c == '~') {
			out += ch;
		} else if (c == ' ') {
			out += '+';
		} else {
			out += '%';
			out += hex[c >> 4];
			out += hex[c & 0xF];
		}
	}
}

} // namespace osprey::tmpl

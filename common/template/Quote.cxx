#include "Quote.hxx"
#include "Unicode.hxx"
#include "json/Utf8.hxx"
#include "util/Hex.hxx"

namespace osprey::tmpl {

static constexpr char lowerhex[] = "0123456789abcdef";

static void
AppendHex(std::string &out, std::uint32_t v, int digits)
{
	for (int s = (digits - 1) * 4; s >= 0; s -= 4)
		out += lowerhex[(v >> s) & 0xF];
}

static void
AppendEscapedRune(std::string &out, char32_t r, char quote, bool ascii_only)
{
	if (r == static_cast<char32_t>(quote) || r == '\\') {
		out += '\\';
		out += static_cast<char>(r);
		return;
	}
	if (ascii_only) {
		if (r < 0x80 && IsPrint(r)) {
			out += static_cast<char>(r);
			return;
		}
	} else if (IsPrint(r)) {
		json::AppendUtf8(out, r);
		return;
	}
	switch (r) {
	case '\a': out += "\\a"; return;
	case '\b': out += "\\b"; return;
	case '\f': out += "\\f"; return;
	case '\n': out += "\\n"; return;
	case '\r': out += "\\r"; return;
	case '\t': out += "\\t"; return;
	case '\v': out += "\\v"; return;
	}
	if (r < ' ' || r == 0x7f) {
		out += "\\x";
		AppendHex(out, r, 2);
	} else if (r > 0x10FFFF || (r >= 0xD800 && r < 0xE000)) {
		out += "\\ufffd";
	} else if (r < 0x10000) {
		out += "\\u";
		AppendHex(out, r, 4);
	} else {
		out += "\\U";
		AppendHex(out, r, 8);
	}
}

void
AppendGoQuote(std::string &out, std::string_view s, bool ascii_only)
{
	out += '"';
	while (!s.empty()) {
		const auto d = json::DecodeRune(s);
		if (d.width == 1 && d.rune == 0xFFFD) {
			// an invalid byte is shown as itself
			out += "\\x";
			AppendHex(out, static_cast<unsigned char>(s[0]), 2);
		} else {
			AppendEscapedRune(out, d.rune, '"', ascii_only);
		}
		s.remove_prefix(d.width);
	}
	out += '"';
}

std::string
GoQuote(std::string_view s, bool ascii_only)
{
	std::string out;
	AppendGoQuote(out, s, ascii_only);
	return out;
}

void
AppendGoQuoteRune(std::string &out, char32_t r, bool ascii_only)
{
	if (r > 0x10FFFF || (r >= 0xD800 && r < 0xE000))
		r = 0xFFFD;
	out += '\'';
	AppendEscapedRune(out, r, '\'', ascii_only);
	out += '\'';
}

bool
CanBackquote(std::string_view s) noexcept
{
	while (!s.empty()) {
		const auto d = json::DecodeRune(s);
		s.remove_prefix(d.width);
		if (d.width > 1) {
			if (d.rune == 0xFEFF)
				return false;
			continue;
		}
		if (d.rune == 0xFFFD)
			return false;
		if ((d.rune < ' ' && d.rune != '\t') || d.rune == '`' || d.rune == 0x7F)
			return false;
	}
	return true;
}

std::string
RuneDescription(char32_t r)
{
	static constexpr char upperhex[] = "0123456789ABCDEF";
	std::string digits;
	for (char32_t v = r; v != 0 || digits.size() < 4; v >>= 4)
		digits.insert(digits.begin(), upperhex[v & 0xF]);
	std::string out = "U+" + digits;
	if (IsPrint(r)) {
		out += " '";
		json::AppendUtf8(out, r);
		out += '\'';
	}
	return out;
}

std::optional<UnquotedChar>
GoUnquoteChar(std::string_view s, char quote)
{
	if (s.empty())
		return std::nullopt;
	const auto c = static_cast<unsigned char>(s[0]);
	if (c == static_cast<unsigned char>(quote) && (quote == '\'' || quote == '"'))
		return std::nullopt;
	if (c >= 0x80) {
		const auto d = json::DecodeRune(s);
		return UnquotedChar{d.rune, true, d.width};
	}
	if (c != '\\')
		return UnquotedChar{c, false, 1};
	if (s.size() <= 1)
		return std::nullopt;
	const char e = s[1];
	switch (e) {
	case 'a': return UnquotedChar{'\a', false, 2};
	case 'b': return UnquotedChar{'\b', false, 2};
	case 'f': return UnquotedChar{'\f', false, 2};
	case 'n': return UnquotedChar{'\n', false, 2};
	case 'r': return UnquotedChar{'\r', false, 2};
	case 't': return UnquotedChar{'\t', false, 2};
	case 'v': return UnquotedChar{'\v', false, 2};
	case '\\': return UnquotedChar{'\\', false, 2};
	case '\'':
	case '"':
		if (e != quote)
			return std::nullopt;
		return UnquotedChar{static_cast<char32_t>(e), false, 2};
	case 'x':
	case 'u':
	case 'U': {
		const std::size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
		if (s.size() < 2 + n)
			return std::nullopt;
		std::uint32_t v = 0;
		for (std::size_t i = 0; i < n; ++i) {
			const int h = HexValue(s[2 + i]);
			if (h < 0)
				return std::nullopt;
			v = (v << 4) | static_cast<std::uint32_t>(h);
		}
		if (e == 'x')
			return UnquotedChar{v, false, 2 + n};
		if (v > 0x10FFFF || (v >= 0xD800 && v < 0xE000))
			return std::nullopt;
		return UnquotedChar{v, true, 2 + n};
	}
	default:
		if (e < '0' || e > '7' || s.size() < 4)
			return std::nullopt;
		std::uint32_t v = static_cast<std::uint32_t>(e - '0');
		for (int j = 2; j < 4; ++j) {
			if (s[j] < '0' || s[j] > '7')
				return std::nullopt;
			v = (v << 3) | static_cast<std::uint32_t>(s[j] - '0');
		}
		if (v > 255)
			return std::nullopt;
		return UnquotedChar{v, false, 4};
	}
}

std::optional<std::string>
GoUnquote(std::string_view s)
{
	if (s.size() < 2 || s.front() != s.back())
		return std::nullopt;
	const char quote = s.front();
	std::string_view in = s.substr(1, s.size() - 2);
	if (quote == '`') {
		if (in.find('`') != std::string_view::npos)
			return std::nullopt;
		std::string out;
		for (char c : in)
			if (c != '\r')
				out += c; // raw strings drop carriage returns
		return out;
	}
	if (quote != '"' && quote != '\'')
		return std::nullopt;
	if (in.find('\\') == std::string_view::npos &&
	    in.find('\n') == std::string_view::npos && quote == '"' &&
	    json::IsValidUtf8(in) && in.find('"') == std::string_view::npos)
		return std::string(in);
	std::string out;
	while (!in.empty()) {
		if (in[0] == '\n')
			return std::nullopt;
		const auto c = GoUnquoteChar(in, quote);
		if (!c)
			return std::nullopt;
		in.remove_prefix(c->length);
		if (c->value < 0x80 || !c->multibyte)
			out += static_cast<char>(c->value);
		else
			json::AppendUtf8(out, c->value);
		if (quote == '\'')
			break;
	}
	if (!in.empty())
		return std::nullopt;
	return out;
}

} // namespace osprey::tmpl

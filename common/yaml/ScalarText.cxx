#include "ScalarText.hxx"
#include "json/Utf8.hxx"

namespace osprey::yaml {

/* libyaml reads only these characters unescaped (YAML 1.1 c-printable), and
   treats U+0085, U+2028 and U+2029 as line breaks inside a scalar */
static bool
PrintableAsIs(char32_t c) noexcept
{
	return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff && c != 0x2028 && c != 0x2029) ||
		(c >= 0xe000 && c <= 0xfffd && c != 0xfeff) || (c >= 0x10000 && c <= 0x10ffff);
}

static void
AppendEscape(std::string &out, char32_t c)
{
	static constexpr char hex[] = "0123456789ABCDEF";
	switch (c) {
	case '\n': out += "\\n"; return;
	case '\t': out += "\\t"; return;
	case '\r': out += "\\r"; return;
	case 0: out += "\\0"; return;
	}
	if (c < 0x100) {
		out += "\\x";
		out += hex[c >> 4];
		out += hex[c & 0xf];
		return;
	}
	const bool wide = c > 0xffff;
	out += wide ? "\\U" : "\\u";
	for (int shift = wide ? 28 : 12; shift >= 0; shift -= 4)
		out += hex[(c >> shift) & 0xf];
}

std::string
DoubleQuoted(std::string_view value)
{
	std::string out = "\"";
	while (!value.empty()) {
		const auto [c, width] = json::DecodeRune(value);
		if (c == '"' || c == '\\') {
			out += '\\';
			out += static_cast<char>(c);
		} else if (PrintableAsIs(c))
			out.append(value.substr(0, width));
		else
			AppendEscape(out, c);
		value.remove_prefix(width);
	}
	out += '"';
	return out;
}

std::string
LiteralBlock(std::string_view value, std::size_t indent, std::size_t parent_indent,
	     std::string_view header_rest)
{
	std::size_t trailing = 0;
	while (trailing < value.size() && value[value.size() - 1 - trailing] == '\n')
		++trailing;
	const auto body = value.substr(0, value.size() - trailing);

	std::string out = "|";
	/* a first content line that starts with a space would be taken for
	   deeper indentation: say how deep it is */
	const auto first = body.find_first_not_of('\n');
	if (first != std::string_view::npos && body[first] == ' ' && indent > parent_indent &&
	    indent - parent_indent <= 9)
		out += static_cast<char>('0' + (indent - parent_indent));
	out += trailing == 0 ? "-" : trailing == 1 ? "" : "+";
	out += header_rest;
	out += '\n';

	const std::string spaces(indent, ' ');
	std::string_view rest = body;
	while (!body.empty()) {
		const auto nl = rest.find('\n');
		const auto line = rest.substr(0, nl);
		if (!line.empty())
			out += spaces;
		out += line;
		out += '\n';
		if (nl == std::string_view::npos)
			break;
		rest.remove_prefix(nl + 1);
	}
	/* kept trailing line breaks beyond the one ending the last line */
	for (std::size_t i = 1; i < trailing; ++i)
		out += '\n';
	return out;
}

std::string
KeyText(std::string_view key)
{
	std::string lower;
	for (const char c : key)
		lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
	/* YAML 1.1 reads these as booleans or null */
	for (const char *word : {"null", "true", "false", "yes", "no", "on", "off", "y", "n"})
		if (lower == word)
			return DoubleQuoted(key);
	bool simple = !key.empty() && (key[0] == '_' || (lower[0] >= 'a' && lower[0] <= 'z'));
	for (const char c : lower)
		simple = simple && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
				    c == '-');
	return simple ? std::string(key) : DoubleQuoted(key);
}

} // namespace osprey::yaml

#include "EngineUrl.hxx"

namespace osprey {

static bool
IsUnreserved(char c) noexcept
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		c == '-' || c == '_' || c == '.' || c == '~';
}

std::string
UrlEscape(std::string_view s, bool keep_slash)
{
	static constexpr char kHex[] = "0123456789ABCDEF";
	std::string out;
	out.reserve(s.size());
	for (const char c : s) {
		if (IsUnreserved(c) || (keep_slash && (c == '/' || c == ':' || c == '@'))) {
			out += c;
		} else {
			const auto byte = static_cast<unsigned char>(c);
			out += '%';
			out += kHex[byte >> 4];
			out += kHex[byte & 0xf];
		}
	}
	return out;
}

} // namespace osprey

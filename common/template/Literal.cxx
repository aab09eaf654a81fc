// Number literals: Go's parse.newNumber on top of strconv's ParseUint,
// ParseInt and ParseFloat (base prefixes, underscores, hex floats).
#include "Parser.hxx"
#include "Quote.hxx"

#include <charconv>
#include <cmath>
#include <optional>

namespace osprey::tmpl {

namespace {

char
Lower(char c) noexcept
{
	return static_cast<char>(c | 0x20);
}

// strconv.underscoreOK: underscores only between digits or after a prefix.
bool
UnderscoreOK(std::string_view s) noexcept
{
	char saw = '^';
	std::size_t i = 0;
	if (!s.empty() && (s[0] == '-' || s[0] == '+'))
		s.remove_prefix(1);
	bool hex = false;
	if (s.size() >= 2 && s[0] == '0' &&
	    (Lower(s[1]) == 'b' || Lower(s[1]) == 'o' || Lower(s[1]) == 'x')) {
		i = 2;
		saw = '0';
		hex = Lower(s[1]) == 'x';
	}
	for (; i < s.size(); ++i) {
		const char c = s[i];
		if ((c >= '0' && c <= '9') || (hex && Lower(c) >= 'a' && Lower(c) <= 'f')) {
			saw = '0';
			continue;
		}
		if (c == '_') {
			if (saw != '0')
				return false;
			saw = '_';
			continue;
		}
		if (saw == '_')
			return false;
		saw = '!';
	}
	return saw != '_';
}

// strconv.ParseUint(s, 0, 64)
std::optional<std::uint64_t>
ParseUint(std::string_view s0) noexcept
{
	std::string_view s = s0;
	if (s.empty())
		return std::nullopt;
	unsigned base = 10;
	if (s[0] == '0') {
		if (s.size() >= 3 && Lower(s[1]) == 'b') {
			base = 2;
			s.remove_prefix(2);
		} else if (s.size() >= 3 && Lower(s[1]) == 'o') {
			base = 8;
			s.remove_prefix(2);
		} else if (s.size() >= 3 && Lower(s[1]) == 'x') {
			base = 16;
			s.remove_prefix(2);
		} else {
			base = 8;
			s.remove_prefix(1);
		}
	}
	std::uint64_t n = 0;
	bool underscores = false;
	for (char c : s) {
		if (c == '_') {
			underscores = true;
			continue;
		}
		unsigned d;
		if (c >= '0' && c <= '9')
			d = static_cast<unsigned>(c - '0');
		else if (Lower(c) >= 'a' && Lower(c) <= 'z')
			d = static_cast<unsigned>(Lower(c) - 'a' + 10);
		else
			return std::nullopt;
		if (d >= base)
			return std::nullopt;
		if (n > (UINT64_MAX - d) / base)
			return std::nullopt; // overflow
		n = n * base + d;
	}
	if (underscores && !UnderscoreOK(s0))
		return std::nullopt;
	return n;
}

// strconv.ParseInt(s, 0, 64)
std::optional<std::int64_t>
ParseInt(std::string_view s) noexcept
{
	if (s.empty())
		return std::nullopt;
	bool negative = false;
	if (s[0] == '+' || s[0] == '-') {
		negative = s[0] == '-';
		s.remove_prefix(1);
	}
	const auto u = ParseUint(s);
	if (!u)
		return std::nullopt;
	if (!negative && *u > static_cast<std::uint64_t>(INT64_MAX))
		return std::nullopt;
	if (negative && *u > static_cast<std::uint64_t>(INT64_MAX) + 1)
		return std::nullopt;
	return negative ? static_cast<std::int64_t>(0 - *u) : static_cast<std::int64_t>(*u);
}

// strconv.ParseFloat(s, 64) for the spellings the lexer can produce.
std::optional<double>
ParseFloat(std::string_view s0) noexcept
{
	if (s0.find('_') != std::string_view::npos && !UnderscoreOK(s0))
		return std::nullopt;
	std::string s;
	for (char c : s0)
		if (c != '_')
			s += c;
	bool negative = false;
	std::size_t i = 0;
	if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
		negative = s[0] == '-';
		i = 1;
	}
	std::string_view body = std::string_view(s).substr(i);
	double v = 0;
	if (body.size() > 2 && body[0] == '0' && Lower(body[1]) == 'x') {
		// hex mantissa needs a 'p' exponent in Go
		if (body.find_first_of("pP") == std::string_view::npos)
			return std::nullopt;
		body.remove_prefix(2);
		auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), v,
						 std::chars_format::hex);
		if (ec != std::errc() || end != body.data() + body.size())
			return std::nullopt;
	} else {
		if (body.empty() || body.find_first_of("pP") != std::string_view::npos)
			return std::nullopt;
		auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), v);
		if (ec == std::errc::result_out_of_range) {
			// overflow is an error; underflow rounds to zero
			const auto e = body.find_first_of("eE");
			if (e == std::string_view::npos || e + 1 >= body.size() || body[e + 1] != '-')
				return std::nullopt;
			v = 0;
		} else if (ec != std::errc() || end != body.data() + body.size()) {
			return std::nullopt;
		}
	}
	if (std::isinf(v))
		return std::nullopt;
	return negative ? -v : v;
}

} // namespace

std::string
ParseNumberLiteral(NumberNode &n, ItemType type)
{
	const std::string_view text = n.text;
	if (type == ItemType::CharConstant) {
		const auto c = GoUnquoteChar(text.substr(1), text[0]);
		if (!c)
			return "invalid syntax: " + std::string(text);
		if (text.substr(1 + c->length) != "'")
			return "malformed character constant: " + std::string(text);
		n.int64 = c->value;
		n.uint64 = c->value;
		n.float64 = c->value;
		n.is_int = n.is_uint = n.is_float = true;
		return {};
	}
	if (type == ItemType::Complex || (!text.empty() && text.back() == 'i'))
		return "complex numbers are not supported: " + std::string(text);

	if (const auto u = ParseUint(text)) {
		n.is_uint = true;
		n.uint64 = *u;
	}
	if (const auto i = ParseInt(text)) {
		n.is_int = true;
		n.int64 = *i;
		if (*i == 0) {
			n.is_uint = true; // in case of -0
			n.uint64 = 0;
		}
	}
	if (n.is_int) {
		n.is_float = true;
		n.float64 = static_cast<double>(n.int64);
	} else if (n.is_uint) {
		n.is_float = true;
		n.float64 = static_cast<double>(n.uint64);
	} else if (const auto f = ParseFloat(text)) {
		// An integer written without a fraction or exponent that didn't
		// fit an integer type overflows rather than turning into a float.
		if (text.find_first_of(".eEpP") == std::string_view::npos)
			return "integer overflow: " + GoQuote(text);
		n.is_float = true;
		n.float64 = *f;
		if (std::abs(*f) < 9.3e18 && std::trunc(*f) == *f) {
			if (*f >= -9223372036854775808.0 && *f < 9223372036854775808.0) {
				n.is_int = true;
				n.int64 = static_cast<std::int64_t>(*f);
			}
			if (*f >= 0 && *f < 18446744073709551616.0) {
				n.is_uint = true;
				n.uint64 = static_cast<std::uint64_t>(*f);
			}
		} else if (std::trunc(*f) == *f && *f >= 0 && *f < 18446744073709551616.0) {
			n.is_uint = true;
			n.uint64 = static_cast<std::uint64_t>(*f);
		}
	}
	if (!n.is_int && !n.is_uint && !n.is_float)
		return "illegal number syntax: " + GoQuote(text);
	return {};
}

} // namespace osprey::tmpl

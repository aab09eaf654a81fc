#include "Number.hxx"

#include <charconv>
#include <cmath>
#include <limits>

namespace osprey::json {

static constexpr bool
IsDigit(char c) noexcept
{
	return c >= '0' && c <= '9';
}

std::size_t
ScanNumber(std::string_view s) noexcept
{
	std::size_t i = 0;
	const std::size_t n = s.size();
	if (i < n && s[i] == '-')
		++i;
	if (i >= n || !IsDigit(s[i]))
		return 0;
	if (s[i] == '0')
		++i;
	else
		while (i < n && IsDigit(s[i]))
			++i;
	if (i < n && s[i] == '.') {
		if (i + 1 >= n || !IsDigit(s[i + 1]))
			return 0;
		i += 2;
		while (i < n && IsDigit(s[i]))
			++i;
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		std::size_t j = i + 1;
		if (j < n && (s[j] == '+' || s[j] == '-'))
			++j;
		if (j >= n || !IsDigit(s[j]))
			return 0;
		while (j < n && IsDigit(s[j]))
			++j;
		i = j;
	}
	return i;
}

std::optional<std::int64_t>
ParseInt64(std::string_view s) noexcept
{
	std::int64_t v = 0;
	auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
	if (ec != std::errc() || end != s.data() + s.size())
		return std::nullopt;
	return v;
}

double
ParseDouble(std::string_view s) noexcept
{
	double v = 0;
	auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
	if (ec == std::errc::result_out_of_range) {
		// from_chars leaves v untouched on overflow and underflow; tell
		// them apart by the exponent's sign, as strtod would.
		const bool negative = !s.empty() && s[0] == '-';
		const auto e = s.find_first_of("eE");
		const bool tiny = e != std::string_view::npos && e + 1 < s.size() &&
			s[e + 1] == '-';
		if (tiny)
			return negative ? -0.0 : 0.0;
		return negative ? -std::numeric_limits<double>::infinity()
				: std::numeric_limits<double>::infinity();
	}
	return v;
}

} // namespace osprey::json

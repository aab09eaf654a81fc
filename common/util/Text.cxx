#include "Text.hxx"

#include <algorithm>
#include <cstdio>

namespace osprey {

std::string_view
Trim(std::string_view s) noexcept
{
	constexpr std::string_view space = " \t\r\n\f\v";
	const auto begin = s.find_first_not_of(space);
	if (begin == s.npos)
		return {};
	const auto end = s.find_last_not_of(space);
	return s.substr(begin, end - begin + 1);
}

std::vector<std::string_view>
Split(std::string_view s, char sep)
{
	std::vector<std::string_view> parts;
	for (;;) {
		const auto i = s.find(sep);
		parts.push_back(s.substr(0, i));
		if (i == s.npos)
			return parts;
		s.remove_prefix(i + 1);
	}
}

std::size_t
EditDistance(std::string_view a, std::string_view b) noexcept
{
	std::vector<std::size_t> row(b.size() + 1);
	for (std::size_t j = 0; j <= b.size(); ++j)
		row[j] = j;
	for (std::size_t i = 1; i <= a.size(); ++i) {
		std::size_t diagonal = row[0];
		row[0] = i;
		for (std::size_t j = 1; j <= b.size(); ++j) {
			const std::size_t above = row[j];
			row[j] = std::min({row[j] + 1, row[j - 1] + 1,
					   diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
			diagonal = above;
		}
	}
	return row[b.size()];
}

std::string_view
ClosestMatch(std::string_view word,
	     std::span<const std::string_view> candidates) noexcept
{
	const std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
	std::string_view best;
	std::size_t best_distance = limit + 1;
	for (const auto candidate : candidates) {
		const auto d = EditDistance(word, candidate);
		if (d < best_distance) {
			best = candidate;
			best_distance = d;
		}
	}
	return best;
}

std::string
Quote(std::string_view s)
{
	std::string out;
	out.reserve(s.size() + 2);
	out += '"';
	for (const char c : s) {
		const auto u = static_cast<unsigned char>(c);
		if (c == '"' || c == '\\') {
			out += '\\';
			out += c;
		} else if (c == '\n') {
			out += "\\n";
		} else if (c == '\t') {
			out += "\\t";
		} else if (u < 0x20 || u == 0x7f) {
			char buf[8];
			std::snprintf(buf, sizeof(buf), "\\x%02x", u);
			out += buf;
		} else {
			out += c;
		}
	}
	out += '"';
	return out;
}

} // namespace osprey

#include "Expression.hxx"
#include "template/Quote.hxx"

namespace osprey::builder {

bool
IsIdentifier(std::string_view key) noexcept
{
	auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
	if (key.empty() || !letter(key.front()))
		return false;
	for (const char c : key)
		if (!letter(c) && !(c >= '0' && c <= '9'))
			return false;
	return true;
}

std::string
Expression(const Path &path)
{
	std::string field = ".body";
	std::size_t i = 0;
	/* Go's field syntax is ASCII-safe only for identifiers; from the first
	   other step on, index takes every remaining step as an argument */
	for (; i < path.size() && !path[i].is_index && IsIdentifier(path[i].key); ++i)
		field += "." + path[i].key;
	if (i == path.size())
		return field;
	std::string out = "index " + field;
	for (; i < path.size(); ++i) {
		out += ' ';
		if (path[i].is_index)
			out += std::to_string(path[i].index);
		else
			tmpl::AppendGoQuote(out, path[i].key);
	}
	return out;
}

bool
MayFailElsewhere(const Path &path) noexcept
{
	std::size_t i = 0;
	while (i < path.size() && !path[i].is_index && IsIdentifier(path[i].key))
		++i;
	/* past the field steps: fine if nothing is left, or if index works
	   directly on .body (an object: a missing key prints <no value>) with
	   one key */
	return i < path.size() && !(i == 0 && path.size() == 1 && !path[0].is_index);
}

std::string
DeriveLabel(const Path &path)
{
	if (path.empty())
		return "Body";
	std::string out;
	bool space = false;
	auto word = [&](std::string_view w) {
		for (const char c : w) {
			const auto u = static_cast<unsigned char>(c);
			if (c == '_' || c == '-' || c == '.' || c == ' ' || u < 0x20 || u == 0x7f) {
				space = !out.empty();
				continue;
			}
			if (space)
				out += ' ';
			space = false;
			out += c;
		}
		space = !out.empty();
	};
	for (const auto &step : path)
		word(step.is_index ? std::to_string(step.index) : step.key);
	if (out.empty())
		return "Value";
	if (out[0] >= 'a' && out[0] <= 'z')
		out[0] = static_cast<char>(out[0] - 'a' + 'A');
	return out;
}

} // namespace osprey::builder

#include "Explain.hxx"

#include <vector>

namespace osprey::yaml {

static std::vector<std::string_view>
Lines(std::string_view text)
{
	std::vector<std::string_view> lines;
	while (!text.empty()) {
		const auto nl = text.find('\n');
		lines.push_back(text.substr(0, nl));
		text = nl == text.npos ? std::string_view{} : text.substr(nl + 1);
	}
	return lines;
}

/* "  prompt: {{ x }}" -> key "prompt", value "{{ x }}"; a list item "- *"
   has an empty key. */
struct Entry {
	std::string_view key, value;
};

static Entry
Split(std::string_view line)
{
	auto body = line.substr(std::min(line.find_first_not_of(" \t"), line.size()));
	if (body.starts_with("- "))
		return {{}, body.substr(2)};
	const auto colon = body.find(": ");
	if (colon == body.npos)
		return {{}, {}};
	auto value = body.substr(colon + 2);
	value = value.substr(std::min(value.find_first_not_of(' '), value.size()));
	return {body.substr(0, colon), value};
}

static std::string
Explain(std::string_view line)
{
	const auto indent = line.find_first_not_of(' ');
	if (indent != line.npos && line[indent] == '\t')
		return "a tab is used for indentation on this line; YAML allows spaces only";
	const auto [key, value] = Split(line);
	const std::string k = key.empty() ? "" : std::string(key) + ": ";
	if (value.starts_with("{{"))
		return "a value starting with { is read as a YAML mapping: quote the template: " +
			k + "\"{{ ... }}\" (or write it as a block: " + k + "|, then the text "
			"indented on the lines below)";
	if (value.starts_with('*'))
		return "a value starting with * is read as a YAML alias: quote it: " + k + "\"" +
			std::string(value.substr(0, value.find(" #"))) + "\"";
	return {};
}

std::string
ExplainProblem(std::string_view text, Mark mark, const std::string &problem)
{
	const auto lines = Lines(text);
	/* libyaml often notices a line late: look at it and the one before */
	for (std::size_t n = mark.line; n + 2 > mark.line && n >= 1; --n) {
		if (n > lines.size())
			continue;
		if (const auto why = Explain(lines[n - 1]); !why.empty())
			return problem + " (line " + std::to_string(n) + ": " + why + ")";
	}
	return problem;
}

} // namespace osprey::yaml

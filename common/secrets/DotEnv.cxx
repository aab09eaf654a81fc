#include "DotEnv.hxx"
#include "util/File.hxx"
#include "util/Text.hxx"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <system_error>

namespace osprey {

bool
IsValidVariableName(std::string_view name) noexcept
{
	if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
		return false;
	for (const char c : name)
		if (!(c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		      (c >= '0' && c <= '9')))
			return false;
	return true;
}

std::vector<DotEnvEntry>
ParseDotEnv(std::string_view text, std::string_view file_name)
{
	std::vector<DotEnvEntry> entries;
	std::size_t line_number = 0;
	for (const auto raw_line : Split(text, '\n')) {
		++line_number;
		const auto line = Trim(raw_line);
		if (line.empty() || line.front() == '#')
			continue;

		const auto where = std::string(file_name) + ":" + std::to_string(line_number) + ": ";
		const auto eq = line.find('=');
		if (eq == line.npos)
			throw DotEnvError(line_number, where + "expected KEY=VALUE");

		auto key = Trim(line.substr(0, eq));
		if (key.starts_with("export ") || key.starts_with("export\t"))
			throw DotEnvError(line_number, where + "remove the \"export\" prefix: "
					  ".env lines are plain KEY=VALUE");
		if (!IsValidVariableName(key))
			throw DotEnvError(line_number, where + "invalid variable name " + Quote(key) +
					  ": use letters, digits and _, not starting with a digit");

		entries.push_back({std::string(key), std::string(Trim(line.substr(eq + 1))),
				   line_number});
	}
	return entries;
}

std::vector<DotEnvEntry>
LoadDotEnv(const std::string &path, std::string_view display_name)
{
	std::string text;
	try {
		text = ReadFile(path);
	} catch (const std::system_error &e) {
		if (e.code() == std::errc::no_such_file_or_directory)
			return {};
		throw;
	}
	return ParseDotEnv(text, display_name);
}

DotEnvMap
ToMap(const std::vector<DotEnvEntry> &entries)
{
	DotEnvMap map;
	for (const auto &e : entries)
		map.insert_or_assign(e.key, e.value);
	return map;
}

std::size_t
ApplyToProcessEnvironment(const std::vector<DotEnvEntry> &entries)
{
	std::size_t n = 0;
	for (const auto &e : entries)
		if (std::getenv(e.key.c_str()) == nullptr &&
		    ::setenv(e.key.c_str(), e.value.c_str(), 0) == 0)
			++n;
	return n;
}

void
UpdateDotEnvFile(const std::string &path,
		 const std::vector<std::pair<std::string, std::string>> &updates, bool replace)
{
	std::string text;
	try {
		text = ReadFile(path);
	} catch (const std::system_error &e) {
		if (e.code() != std::errc::no_such_file_or_directory)
			throw;
	}
	const auto existing = ParseDotEnv(text, path);
	auto lines = Split(text, '\n');
	std::vector<std::string> out(lines.begin(), lines.end());
	if (!out.empty() && out.back().empty())
		out.pop_back();

	for (const auto &update : updates) {
		/* not a structured binding: clang 14 cannot capture one in a lambda */
		const auto &key = update.first;
		const auto &value = update.second;
		const auto old = std::find_if(existing.rbegin(), existing.rend(),
					      [&](const DotEnvEntry &e) { return e.key == key; });
		if (old == existing.rend()) {
			out.push_back(key + "=" + value);
			continue;
		}
		if (old->value == value)
			continue;
		if (!replace)
			throw std::runtime_error(path + " already sets " + key +
						 " to another value (use --force to replace it)");
		out[old->line - 1] = key + "=" + value;
	}

	std::string result;
	for (const auto &line : out)
		result += line + "\n";
	WriteFileAtomic(path, result, 0600);
}

} // namespace osprey

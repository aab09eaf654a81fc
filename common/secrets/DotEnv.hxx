// .env files: one KEY=VALUE per line, '#' comments, no quotes, no "export".
#pragma once

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace osprey {

struct DotEnvEntry {
	std::string key, value;
	std::size_t line;
};

/// A line of a .env file that is not KEY=VALUE. The message names the file and
/// line but never the value (it may be a secret).
struct DotEnvError : std::runtime_error {
	std::size_t line;
	DotEnvError(std::size_t _line, const std::string &message)
		: std::runtime_error(message), line(_line) {}
};

/// Parses the text of a .env file. Blank lines and lines whose first
/// non-blank character is '#' are skipped; whitespace around keys and values is
/// trimmed (so CRLF files work). A later duplicate key wins.
/// Throws DotEnvError ("pipelines/x/.env:3: expected KEY=VALUE").
std::vector<DotEnvEntry> ParseDotEnv(std::string_view text, std::string_view file_name);

/// Reads and parses @p path; a missing file is an empty list. Throws
/// DotEnvError or std::system_error.
std::vector<DotEnvEntry> LoadDotEnv(const std::string &path, std::string_view display_name);

using DotEnvMap = std::map<std::string, std::string, std::less<>>;
DotEnvMap ToMap(const std::vector<DotEnvEntry> &entries);

/// The global .env rule: sets each variable in the process environment only if
/// it is not already defined there. Returns how many were set.
std::size_t ApplyToProcessEnvironment(const std::vector<DotEnvEntry> &entries);

bool IsValidVariableName(std::string_view name) noexcept;

/// Sets @p updates in the .env file at @p path, creating it with mode 0600 if
/// needed and keeping every other line (comments included). A key already
/// in the file with a different value is replaced only if @p replace, else
/// std::runtime_error names it (never its value). Written atomically, 0600.
void UpdateDotEnvFile(const std::string &path,
		      const std::vector<std::pair<std::string, std::string>> &updates,
		      bool replace);

} // namespace osprey

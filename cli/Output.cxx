#include "Output.hxx"

#include <algorithm>

namespace osprey::cli {

Configuration
LoadForDisplay(const Home &home, bool lint)
{
	return LoadConfiguration(home, LoadOptions{.redact = true, .lint = lint});
}

std::string
FormatTable(const std::vector<std::vector<std::string>> &rows)
{
	std::vector<std::size_t> widths;
	for (const auto &row : rows)
		for (std::size_t i = 0; i < row.size(); ++i) {
			if (widths.size() <= i)
				widths.push_back(0);
			widths[i] = std::max(widths[i], row[i].size());
		}
	std::string out;
	for (const auto &row : rows) {
		std::string line;
		for (std::size_t i = 0; i < row.size(); ++i) {
			line += row[i];
			if (i + 1 < row.size())
				line += std::string(widths[i] - row[i].size() + 2, ' ');
		}
		while (line.ends_with(' '))
			line.pop_back();
		out += line + "\n";
	}
	return out;
}

std::string
FormatDiagnostics(const Diagnostics &diagnostics)
{
	std::string out;
	/* errors first: they are what stops the daemon */
	for (const auto severity : {Diagnostic::Severity::Error, Diagnostic::Severity::Warning})
		for (const auto &d : diagnostics.All())
			if (d.severity == severity)
				out += (severity == Diagnostic::Severity::Error ? "error: " : "warning: ") +
					d.ToString() + "\n";
	return out;
}

std::string
Plural(std::size_t n, std::string_view word)
{
	return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

} // namespace osprey::cli

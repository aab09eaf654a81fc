#include "Diagnostic.hxx"

#include <algorithm>

namespace osprey {

std::string
Diagnostic::ToString() const
{
	std::string s = file;
	if (mark.line > 0) {
		s += ':' + std::to_string(mark.line);
		if (mark.column > 0)
			s += ':' + std::to_string(mark.column);
	}
	s += ": ";
	if (!field.empty())
		s += field + ": ";
	s += message;
	return s;
}

void
Diagnostics::Error(std::string file, yaml::Mark mark, std::string field, std::string message)
{
	items.push_back({Diagnostic::Severity::Error, std::move(file), mark, std::move(field),
			 std::move(message)});
}

void
Diagnostics::Warning(std::string file, yaml::Mark mark, std::string field, std::string message)
{
	items.push_back({Diagnostic::Severity::Warning, std::move(file), mark, std::move(field),
			 std::move(message)});
}

void
Diagnostics::Append(const Diagnostics &other)
{
	items.insert(items.end(), other.items.begin(), other.items.end());
}

std::size_t
Diagnostics::ErrorCount() const noexcept
{
	return std::count_if(items.begin(), items.end(), [](const Diagnostic &d) {
		return d.severity == Diagnostic::Severity::Error;
	});
}

std::string
Diagnostics::ErrorsToString() const
{
	std::string s;
	for (const auto &d : items) {
		if (d.severity != Diagnostic::Severity::Error)
			continue;
		if (!s.empty())
			s += '\n';
		s += d.ToString();
	}
	return s;
}

static std::string
Summary(const Diagnostics &d)
{
	const auto n = d.ErrorCount();
	if (n == 1)
		return d.ErrorsToString();
	return std::to_string(n) + " configuration errors:\n" + d.ErrorsToString();
}

ConfigError::ConfigError(Diagnostics d)
	: std::runtime_error(Summary(d)), diagnostics(std::move(d))
{
}

} // namespace osprey

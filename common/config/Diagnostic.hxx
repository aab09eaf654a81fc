// Problems found in configuration files. Loaders collect them instead of
// stopping at the first, so `osprey doctor` shows everything at once.
#pragma once

#include "yaml/Node.hxx"

#include <stdexcept>
#include <string>
#include <vector>

namespace osprey {

struct Diagnostic {
	enum class Severity { Error, Warning };

	Severity severity = Severity::Error;
	/** path as shown to the admin, relative to the Osprey home when inside it */
	std::string file;
	yaml::Mark mark;
	/** dotted field path ("trigger.path"); empty for file-level problems */
	std::string field;
	std::string message;

	/// "pipelines/deploy/pipeline.yaml:7:9: trigger.path: must start with \"/\""
	std::string ToString() const;
};

class Diagnostics {
	std::vector<Diagnostic> items;

public:
	void Add(Diagnostic d) { items.push_back(std::move(d)); }
	void Error(std::string file, yaml::Mark mark, std::string field, std::string message);
	void Warning(std::string file, yaml::Mark mark, std::string field, std::string message);
	void Append(const Diagnostics &other);

	const std::vector<Diagnostic> &All() const noexcept { return items; }
	std::size_t ErrorCount() const noexcept;
	std::size_t WarningCount() const noexcept { return items.size() - ErrorCount(); }
	bool HasErrors() const noexcept { return ErrorCount() > 0; }

	/// Every error, one per line (warnings left out).
	std::string ErrorsToString() const;
};

/// Thrown by callers that want the first failure as an exception (e.g. the
/// daemon refusing to start); carries every diagnostic.
struct ConfigError : std::runtime_error {
	Diagnostics diagnostics;
	explicit ConfigError(Diagnostics d);
};

} // namespace osprey

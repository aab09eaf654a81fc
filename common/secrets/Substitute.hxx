// ${VAR_NAME} substitution in configuration strings.
#pragma once

#include "DotEnv.hxx"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace osprey {

/// Where ${VAR} values come from, first found wins: the pipeline's own .env,
/// then the process environment (shell exports, then the global .env loaded at
/// start). Cheap to copy; does not own the map.
class Environment {
	const DotEnvMap *pipeline = nullptr;
	bool redact = false;

public:
	Environment() noexcept = default;
	explicit Environment(const DotEnvMap *_pipeline) noexcept : pipeline(_pipeline) {}

	/// An environment that checks variables are set but substitutes the
	/// reference itself ("${GH_SECRET}") for display, so output meant for a
	/// human never contains a secret's value.
	Environment Redacted() const noexcept {
		Environment e = *this;
		e.redact = true;
		return e;
	}

	/// The same lookups with values substituted: for settings that are
	/// parsed (numbers, durations) rather than shown.
	Environment Revealed() const noexcept {
		Environment e = *this;
		e.redact = false;
		return e;
	}

	bool IsRedacted() const noexcept { return redact; }

	std::optional<std::string> Lookup(std::string_view name) const;
};

/// A reference to a variable that is not set anywhere. The message has the
/// contract's wording: "trigger.secret references ${GH_SECRET} but it is not set".
struct UnsetVariableError : std::runtime_error {
	std::string variable;
	UnsetVariableError(std::string_view field, std::string_view _variable);
};

/// A malformed reference such as "${" without "}" or "${1X}".
struct BadReferenceError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

struct Substituted {
	std::string value;
	/** true if any ${VAR} was replaced: the value may be a secret and must not be echoed */
	bool from_variable = false;
};

/// Replaces every ${VAR_NAME} in @p text. "$${" stands for a literal "${"; any
/// other '$' is kept as is. @p field names the setting for error messages.
/// Throws UnsetVariableError or BadReferenceError.
Substituted Substitute(std::string_view text, const Environment &env, std::string_view field);

} // namespace osprey

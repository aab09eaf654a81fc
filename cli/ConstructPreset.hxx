// Starting points for `osprey construct`: the answers a common sender needs
// (GitHub issues and pull requests, Sentry), each one editable.
#pragma once

#include <span>
#include <string_view>

namespace osprey::cli {

struct ConstructPreset {
	std::string_view name;    // the --preset value
	std::string_view summary; // one line for the question
	std::string_view signature_header; // "" = the generic default
	std::string_view filter;
	std::string_view workspace;
	std::string_view repo;
	std::string_view ref;
	std::string_view topic;
	std::string_view message;
	std::string_view prompt; // "" = required, asked without a default
};

/// Every preset; the first one is the generic default.
std::span<const ConstructPreset> ConstructPresets() noexcept;

/// The preset called @p name, or nullptr.
const ConstructPreset *FindConstructPreset(std::string_view name) noexcept;

} // namespace osprey::cli

// Command-line arguments of one subcommand: positionals and --options.
#pragma once

#include <span>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace osprey::cli {

/// A usage mistake: exit status 2, with the subcommand's usage hint.
struct UsageError : std::runtime_error {
	using std::runtime_error::runtime_error;
};

struct OptionSpec {
	std::string_view name; // without "--"
	bool takes_value;
	std::string_view help; // one line; for a value option, starts with its metavar
	char short_name = 0;   // a one-letter alias ("-f"), or none
};

class Args {
	std::vector<std::string> positionals;
	std::map<std::string, std::string, std::less<>> values;
	/* every value of a value option, in order (a repeated option) */
	std::map<std::string, std::vector<std::string>, std::less<>> all_values;

public:
	/// Parses @p argv (after the subcommand name) against @p specs; accepts
	/// "--name value", "--name=value" and "--" ending options. Throws UsageError.
	Args(const std::vector<std::string> &argv, std::span<const OptionSpec> specs);

	const std::vector<std::string> &Positionals() const noexcept { return positionals; }
	bool Has(std::string_view name) const noexcept { return values.contains(name); }
	/// The option's value; the last one when it was given more than once.
	std::optional<std::string> Get(std::string_view name) const;
	/// Every value of a repeatable option, in the order given.
	std::vector<std::string> GetAll(std::string_view name) const;

	/// Exactly @p n positionals, named in the message otherwise.
	void ExpectPositionals(std::size_t n, std::string_view what) const;
};

/// Option help lines, aligned, for --help.
std::string FormatOptions(std::span<const OptionSpec> specs);

} // namespace osprey::cli

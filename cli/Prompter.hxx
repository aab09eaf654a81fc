// Answers for interactive commands: from a --flag when given, else asked on
// the terminal, else the default; without a terminal a missing required answer
// is a usage error naming the flag, so scripts learn what to pass.
#pragma once

#include "Args.hxx"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace osprey::cli {

class Prompter {
	const Args &args;
	bool interactive;

public:
	/// Interactive when standard input and output are both terminals.
	explicit Prompter(const Args &args);

	bool Interactive() const noexcept { return interactive; }

	/// Returns an error message for a bad answer, or "" if it is fine.
	using Check = std::function<std::string(const std::string &)>;

	/// The answer to @p question: --@p flag, else asked, else @p fallback.
	/// An empty @p fallback means "required". Asked again while @p check
	/// complains; a bad flag value is a UsageError.
	std::string Ask(std::string_view flag, std::string_view question,
			std::string_view fallback, const Check &check = {});

	/// Like Ask, but optional: "" when not given and not answered.
	std::string AskOptional(std::string_view flag, std::string_view question,
				const Check &check = {});

	/// Text that may span lines (a prompt, a message): like Ask, but on a
	/// terminal read line by line until an empty line; an empty first line
	/// takes @p fallback, which is shown first. @p required with an empty
	/// @p fallback insists on an answer; otherwise "" means none.
	std::string AskText(std::string_view flag, std::string_view question,
			    std::string_view fallback, bool required, const Check &check = {});

	/// A secret: not echoed when typed. "-" as the flag value reads one line
	/// from standard input, so secrets need not appear in argv. A flag (or
	/// its input) that is empty is a UsageError even when not @p required.
	std::string AskSecret(std::string_view flag, std::string_view question, bool required);

	/// One of @p choices.
	std::string Choose(std::string_view flag, std::string_view question,
			   std::span<const std::string_view> choices, std::string_view fallback);

	/// A yes/no answer: --@p flag present means yes.
	bool Confirm(std::string_view flag, std::string_view question, bool fallback);

private:
	std::optional<std::string> ReadLine(std::string_view prompt, bool echo);
};

} // namespace osprey::cli
